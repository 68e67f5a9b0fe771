import { randomUUID } from 'node:crypto';
import {
  bookingList,
  bookingStatus,
  CustomerTypeId,
  changeQuoteAnswer,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Executor } from '../src/db/client.ts';
import {
  auditEntries,
  bookings,
  departures,
  ledgerEntries,
  mailMessages,
  outbox,
  sandboxCharges,
} from '../src/db/schema.ts';
import { holdingsOn, holdsSeats } from '../src/modules/departures/holdings.ts';
import { ledgerTotals } from '../src/modules/ledger/ledger.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { anotherProcess, createTestApp, isPostgres, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, offersOf, postBooking } from './support/bookings.ts';
import { changeHelpers } from './support/changes.ts';
import { turnBack } from './support/clock.ts';
import { loadPassengerOptions, passengerBody } from './support/passengers.ts';

/**
 * Changes and cancellations under the tour's terms (issue 27): the named status, the policy's
 * windows counted in Cusco's days, refunds never above what was paid, to the card or to the
 * customer's credit, never half done, seats given back, one change at a time, and staff's
 * overrides and the agency's own cancellation.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let agent: Session;
let admin: Session;
let corporate: Session;
let customer: Session;
let other: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  corporate = await signIn(app, demoAccounts.corporate.email, demoAccounts.corporate.password);
  customer = await signUpAndIn(app, { name: 'Rosa', lastname: 'Quispe' });
  other = await signUpAndIn(app, { name: 'Tomás', lastname: 'Mamani' });
});
afterAll(async () => ctx?.close());

const { post, travelIn, deskPayment, cardPayment, detail, credit, bookingRow } = changeHelpers(
  () => ({
    app,
    db,
    agent: agent.token,
    customer: customer.token,
  }),
);

/** The Salkantay trek (no permits, no hotels), a year or so ahead; its code and price (USD). */
async function book(
  options: { adults?: number; token?: string; corporate?: boolean; language?: 'en' | 'es' } = {},
) {
  const tour = await loadTour(app, '200501');
  const body = {
    ...bookingFor(tour, { adults: options.adults ?? 1 }),
    ...(options.corporate ? { corporate: true } : {}),
  };
  const response = await postBooking(
    app,
    options.token ?? customer.token,
    body,
    options.language ? { 'accept-language': options.language } : {},
  );
  expect(response.statusCode, response.body).toBe(201);
  const saved = response.json() as { code: string; transactionId?: string };
  return { code: saved.code, price: body.amount, transactionId: saved.transactionId ?? '' };
}

const quote = async (code: string, body: object = { kind: 'cancel' }, token = customer.token) =>
  post(`/api/tour/booking/${code}/changes/quote`, token, body);

const change = (
  code: string,
  body: object = { kind: 'cancel' },
  token = customer.token,
  key?: string,
) => post(`/api/tour/booking/${code}/changes`, token, body, key ? { 'idempotency-key': key } : {});

/** Whole dollars of a deposit: half of the passengers and hotels, rounded down (spec §9). */
const depositOf = (price: number) => Math.floor(price / 2);

describe('the named status (ADR 0037)', () => {
  /** The status the database computes, and shared's rule given the same facts. */
  async function bothStatuses(code: string) {
    const row = await bookingRow(code);
    const [hold] = await db
      .select({ holds: holdsSeats })
      .from(bookings)
      .where(eq(bookings.id, row.id));
    const totals = await ledgerTotals(db, row.id);
    const rule = bookingStatus({
      cancelledBy: row.cancelledBy,
      holdsSeats: hold?.holds ?? false,
      onCredit: row.corporateClientId !== null,
      onHold: row.octoHold,
      travelDate: row.travelDate,
      today: todayInLima(),
      paidCents: totals.payments,
      depositCents: Math.floor((row.passengersCents + row.hotelsCents) / 200) * 100,
      debtCents: totals.debt,
    });
    const token = row.corporateClientId ? corporate.token : customer.token;
    const listed = await app.inject({
      url: '/api/tour/booking/list?pageSize=100',
      headers: bearer(token),
    });
    const item = bookingList.parse(listed.json()).find((candidate) => candidate.id === code);
    return { detail: (await detail(code, token)).booking.status, list: item?.status, rule };
  }

  const expectStatus = async (code: string, status: string) =>
    expect(await bothStatuses(code)).toEqual({ detail: status, list: status, rule: status });

  it('is computed once, in SQL, as shared rules say, and read alike by the list and the detail', async () => {
    const pending = await book();
    await expectStatus(pending.code, 'pending_payment');

    const expired = await book();
    await turnBack(db, expired.code, 24 * 60);
    await expectStatus(expired.code, 'expired');

    const partly = await book();
    await deskPayment(partly.code, depositOf(partly.price));
    await expectStatus(partly.code, 'partly_paid');

    const paid = await book();
    await deskPayment(paid.code, paid.price);
    await expectStatus(paid.code, 'paid');

    const onCredit = await book({ adults: 2, token: corporate.token, corporate: true });
    await expectStatus(onCredit.code, 'confirmed');

    const travelled = await book();
    await deskPayment(travelled.code, travelled.price);
    await travelIn(travelled.code, 0);
    await expectStatus(travelled.code, 'travelled');

    const cancelled = await book();
    expect((await change(cancelled.code)).statusCode).toBe(201);
    await expectStatus(cancelled.code, 'cancelled_by_customer');

    const byAgency = await book();
    const agencyCancel = await post(`/api/admin/bookings/${byAgency.code}/changes`, agent.token, {
      change: { kind: 'cancel' },
      byAgency: true,
      reason: 'The trail is closed by a landslide',
    });
    expect(agencyCancel.statusCode, agencyCancel.body).toBe(201);
    await expectStatus(byAgency.code, 'cancelled_by_agency');
  });
});

describe('cancelling under the terms, counted in Cusco days', () => {
  it.each([
    // days before travel, what is kept of a booking paid in full (deposit, or the window's share)
    [31, 'deposit'],
    [30, 50],
    [11, 50],
    [10, 80],
    [4, 80],
    [3, 100],
    [1, 100],
  ] as const)('%i days before, paid in full: keeps the %s', async (days, keep) => {
    const { code, price } = await book();
    await deskPayment(code, price);
    await travelIn(code, days);
    const response = await quote(code);
    expect(response.statusCode, response.body).toBe(200);
    const answer = changeQuoteAnswer.parse(response.json());
    const kept =
      keep === 'deposit'
        ? depositOf(price)
        : Math.max(Math.round(price * keep) / 100, depositOf(price));
    expect(answer).toMatchObject({
      kind: 'cancel',
      daysBefore: days,
      keepPercent: keep === 'deposit' ? 0 : keep,
      paid: price,
      total: kept,
      refund: Math.round((price - kept) * 100) / 100,
      balance: 0,
      status: 'cancelled_by_customer',
    });
    // A quote writes nothing.
    expect((await detail(code)).booking.status).toBe('paid');
  });

  it('follows the corporate terms: what the company owes is adjusted, no card refunded', async () => {
    const atTen = await book({ adults: 2, token: corporate.token, corporate: true });
    await travelIn(atTen.code, 10);
    const ten = changeQuoteAnswer.parse(
      (await quote(atTen.code, undefined, corporate.token)).json(),
    );
    expect(ten).toMatchObject({
      keepPercent: 50,
      total: atTen.price / 2,
      balance: atTen.price / 2,
    });
    await travelIn(atTen.code, 9);
    const nine = changeQuoteAnswer.parse(
      (await quote(atTen.code, undefined, corporate.token)).json(),
    );
    expect(nine).toMatchObject({ keepPercent: 80, refund: 0 });
    const done = await change(atTen.code, { kind: 'cancel' }, corporate.token);
    expect(done.statusCode, done.body).toBe(201);
    const after = await detail(atTen.code, corporate.token);
    expect(after.booking.status).toBe('cancelled_by_customer');
    expect(after.balance.debt).toBe(nine.total);
  });

  it('refunds to the card that paid, newest payment first, and the rest of it as a credit', async () => {
    const { code, price } = await book();
    const first = await cardPayment(code, 100);
    await deskPayment(code, price - 150);
    const second = await cardPayment(code, 50);
    const done = await change(code, { kind: 'cancel', refundTo: 'card' });
    expect(done.statusCode, done.body).toBe(201);
    const answer = changeQuoteAnswer.parse(done.json());
    const refund = price - depositOf(price);
    expect(answer).toMatchObject({ refund, refundTo: 'card', balance: 0 });
    const refundedBy = async (attemptId: string) =>
      (await db.select().from(sandboxCharges).where(eq(sandboxCharges.transactionId, attemptId)))[0]
        ?.refundedCents;
    expect(await refundedBy(second)).toBe(5000);
    expect(await refundedBy(first)).toBe(10000);
    expect(answer.lines.filter((line) => line.kind === 'refund')).toEqual([
      { kind: 'refund', amount: 150, reason: 'Refunded to your card' },
      {
        kind: 'refund',
        amount: refund - 150,
        reason: 'Added to your credit with the agency, for any later booking',
      },
    ]);
    expect((await credit()).balance).toBe(refund - 150);
    const after = await detail(code);
    expect(after.balance).toMatchObject({ debt: 0, payments: depositOf(price) });
  });

  it('stays undone when the gateway refuses the refund, and can take it as a credit instead', async () => {
    const fresh = await signUpAndIn(app);
    const { code, price } = await book({ token: fresh.token });
    const attemptId = await cardPayment(code, price, fresh.token);
    // The gateway no longer holds the charge as approved: it refuses to refund it.
    await db
      .update(sandboxCharges)
      .set({ status: 'cancelled' })
      .where(eq(sandboxCharges.transactionId, attemptId));
    const ledgerBefore = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.bookingId, (await bookingRow(code)).id));
    const refused = await change(code, { kind: 'cancel', refundTo: 'card' }, fresh.token);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(
      'The card payment could not be refunded: nothing was changed. Try again later, or take the refund as a credit with the agency',
    );
    expect((await detail(code, fresh.token)).booking.status).toBe('paid');
    const ledgerAfter = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.bookingId, (await bookingRow(code)).id));
    expect(ledgerAfter).toEqual(ledgerBefore);
    expect((await credit(fresh.token)).balance).toBe(0);

    const asCredit = await change(code, { kind: 'cancel', refundTo: 'credit' }, fresh.token);
    expect(asCredit.statusCode, asCredit.body).toBe(201);
    expect((await credit(fresh.token)).balance).toBe(price - depositOf(price));
  });

  it('gives its seats back at once, and keeps its passengers and history', async () => {
    const { code } = await book({ adults: 3 });
    const row = await bookingRow(code);
    const day = { from: row.travelDate, to: row.travelDate };
    const before = (await holdingsOn(db, row.tourId, day)).get(row.travelDate)?.travellers ?? 0;
    expect((await change(code)).statusCode).toBe(201);
    const after = (await holdingsOn(db, row.tourId, day)).get(row.travelDate)?.travellers ?? 0;
    expect(before - after).toBe(3);
    const cancelled = await detail(code);
    expect(cancelled.passangerRegistry).toHaveLength(3);
    expect(cancelled.buy).toHaveLength(1);
  });

  it('is refused once cancelled, or once the travel date has come, with a clear message', async () => {
    const { code } = await book();
    expect((await change(code)).statusCode).toBe(201);
    const again = await change(code);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This reservation is cancelled: it can no longer be changed');
    expect((await quote(code)).statusCode).toBe(422);

    const travelled = await book();
    await deskPayment(travelled.code, travelled.price);
    await travelIn(travelled.code, 0);
    const late = await change(travelled.code);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(
      "This reservation's travel date has come: it can no longer be changed or cancelled",
    );
  });

  it('keeps a cancelled booking as it was: no service bought, no passenger added or edited', async () => {
    const tour = await loadTour(app, '200501');
    const { code } = await book({ adults: 2 });
    const [empty] = (await detail(code)).passangerRegistry;
    expect((await change(code)).statusCode).toBe(201);
    const service = await post(`/api/tour/add/service?bookingId=${code}`, customer.token, [
      { serviceId: offersOf(tour)[0]?.id, quantity: 1 },
    ] as unknown as object);
    expect(service.statusCode, service.body).toBe(422);
    expect(service.json().message).toBe(
      'This reservation is cancelled: it can no longer be changed',
    );
    const options = await loadPassengerOptions(app, customer.token);
    const created = await post(
      `/api/client/${empty?.id}/create`,
      customer.token,
      passengerBody(options, code, { firstName: 'Late' }),
    );
    expect(created.statusCode, created.body).toBe(422);
    expect((await detail(code)).balance.debt).toBe(0);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, and cancels once', async () => {
    const { code, price } = await book();
    await deskPayment(code, price);
    const key = randomUUID();
    const first = await change(code, { kind: 'cancel', refundTo: 'credit' }, customer.token, key);
    const retry = await change(code, { kind: 'cancel', refundTo: 'credit' }, customer.token, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const id = (await bookingRow(code)).id;
    const cancellations = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.bookingId, id), eq(auditEntries.action, 'booking.cancel')));
    expect(cancellations).toHaveLength(1);
  });

  it("is a 404 for another customer's booking, as for one that does not exist", async () => {
    const { code } = await book();
    const foreign = await change(code, { kind: 'cancel' }, other.token);
    const missing = await change('CT-ZZZZZZ', { kind: 'cancel' }, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await quote(code, undefined, other.token)).statusCode).toBe(404);
    expect((await detail(code)).booking.status).toBe('pending_payment');
  });

  it('refuses bad bodies with a 4xx, never a 500', async () => {
    const { code } = await book();
    for (const body of [
      {},
      { kind: 'teleport' },
      { kind: 'cancel', refundTo: 'cash' },
      { kind: 'cancel\u0000' },
      { kind: 'cancel', refundTo: 'card\u0000' },
    ]) {
      const response = await change(code, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    // A megabyte is beyond any body the API takes.
    expect((await change(code, { kind: 'x'.repeat(1_000_000) })).statusCode).toBe(413);
    expect((await detail(code)).booking.status).toBe('pending_payment');
  });
});

describe('the credit with the agency', () => {
  it('pays a later booking, never more than its balance nor than the booking owes', async () => {
    const traveller = await signUpAndIn(app);
    const first = await book({ token: traveller.token });
    await deskPayment(first.code, first.price);
    expect(
      (await change(first.code, { kind: 'cancel', refundTo: 'credit' }, traveller.token))
        .statusCode,
    ).toBe(201);
    const balance = first.price - depositOf(first.price);
    const account = await credit(traveller.token);
    expect(account.balance).toBe(balance);
    expect(account.movements).toEqual([
      expect.objectContaining({ kind: 'issued', amount: balance, bookingCode: first.code }),
    ]);

    const second = await book({ token: traveller.token });
    const pay = (amount: number) =>
      post('/api/tour/payment/credit', traveller.token, { bookingId: second.code, amount });
    const tooMuch = await pay(balance + 0.01);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe(
      `Your credit with the agency is $${balance.toFixed(2)}: you cannot pay more with it`,
    );
    const exact = await pay(balance);
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json()).toMatchObject({ paid: balance, balance: 0, debt: second.price - balance });
    expect((await credit(traveller.token)).balance).toBe(0);
    expect((await pay(0.01)).statusCode).toBe(422);
    const paid = await detail(second.code, traveller.token);
    expect(paid.payments.at(-1)).toMatchObject({
      total: balance,
      paymentMethod: 'Credit with the agency',
    });
  });
});

describe("staff's changes", () => {
  it('cancel for the agency with a reason, giving everything back; audited', async () => {
    const { code, price } = await book();
    await deskPayment(code, price);
    const url = `/api/admin/bookings/${code}/changes`;
    const noReason = await post(url, agent.token, { change: { kind: 'cancel' }, byAgency: true });
    expect(noReason.statusCode).toBe(400);
    const byCustomer = await post(url, customer.token, { change: { kind: 'cancel' } });
    expect(byCustomer.statusCode).toBe(404);
    const done = await post(url, agent.token, {
      change: { kind: 'cancel' },
      byAgency: true,
      reason: 'Heavy rain closed the pass',
    });
    expect(done.statusCode, done.body).toBe(201);
    const answer = changeQuoteAnswer.parse(done.json());
    expect(answer).toMatchObject({ refund: price, total: 0, status: 'cancelled_by_agency' });
    // Staff read whose money it is.
    expect(answer.lines).toEqual([
      { kind: 'refund', amount: price, reason: "Added to the customer's credit with the agency" },
    ]);
    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.bookingId, (await bookingRow(code)).id),
          eq(auditEntries.action, 'booking.cancel-by-agency'),
        ),
      );
    expect(entry?.after).toMatchObject({ reason: 'Heavy rain closed the pass' });
  });

  it('override the refund with a reason: up to what was paid, to the cent, and not a cent more', async () => {
    const { code, price } = await book();
    await deskPayment(code, price);
    const url = `/api/admin/bookings/${code}/changes/quote`;
    const overriding = (amount: number) =>
      post(url, admin.token, {
        change: { kind: 'cancel' },
        overrideRefund: amount,
        reason: 'Medical certificate',
      });
    const over = await overriding(price + 0.01);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(
      `At most $${price.toFixed(2)} of this payment can be refunded`,
    );
    const exact = await overriding(price);
    expect(exact.statusCode, exact.body).toBe(200);
    expect(changeQuoteAnswer.parse(exact.json())).toMatchObject({ refund: price, total: 0 });
    const noReason = await post(url, admin.token, {
      change: { kind: 'cancel' },
      overrideRefund: 1,
    });
    expect(noReason.statusCode).toBe(400);
    // Setting a refund is refunding: an agent may not (403), as in the back office's refunds.
    const byAgent = await post(url, agent.token, {
      change: { kind: 'cancel' },
      overrideRefund: 1,
      reason: 'Medical certificate',
    });
    expect(byAgent.statusCode).toBe(403);
  });
});

describe('the e-mail of a change', () => {
  it("is written in the booking's language, with what was kept and where the refund went", async () => {
    const { code, price } = await book({ language: 'es' });
    await deskPayment(code, price);
    expect((await change(code, { kind: 'cancel', refundTo: 'credit' })).statusCode).toBe(201);
    await app.mail.sendDue();
    const [kept] = await db
      .select({ subject: mailMessages.subject, text: mailMessages.text })
      .from(mailMessages)
      .innerJoin(outbox, eq(outbox.id, mailMessages.outboxId))
      .where(
        and(eq(outbox.kind, 'booking_changed'), eq(outbox.bookingId, (await bookingRow(code)).id)),
      );
    expect(kept?.subject).toBe(`La reserva ${code} está cancelada`);
    expect(kept?.text).toContain('Retenido según las condiciones');
    expect(kept?.text).toContain('Añadido a su crédito con la agencia');
  });
});

describe.runIf(isPostgres)('two changes of one booking at once', () => {
  // Another process holds the booking's lock (a second node, a job).
  let other: DatabaseHandle;
  beforeAll(async () => {
    other = await anotherProcess(ctx.database);
  });
  afterAll(() => other.close());

  it('refuses a change while another holds the booking (409), and lets exactly one of two win', async () => {
    const held = await book();
    const row = await bookingRow(held.code);
    await other.db.transaction(async (tx) => {
      await tx.select().from(bookings).where(eq(bookings.id, row.id)).for('update');
      const blocked = await change(held.code);
      expect(blocked.statusCode, blocked.body).toBe(409);
      expect(blocked.json().message).toBe(
        'This reservation was changed at the same moment: look at it again before you confirm',
      );
    });
    expect((await detail(held.code)).booking.status).toBe('pending_payment');

    const raced = await book();
    await deskPayment(raced.code, raced.price);
    const answers = await Promise.all([
      change(raced.code, { kind: 'cancel', refundTo: 'credit' }),
      change(raced.code, { kind: 'cancel', refundTo: 'credit' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).toSorted();
    expect(statuses[0]).toBe(201);
    expect([409, 422]).toContain(statuses[1]);
    const discounts = await db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.bookingId, (await bookingRow(raced.code)).id),
          eq(ledgerEntries.kind, 'credit'),
        ),
      );
    expect(discounts).toHaveLength(1);
  });

  it('waits for a lock held a moment (background work) instead of refusing the change', async () => {
    const { code, price } = await book();
    await deskPayment(code, price);
    const row = await bookingRow(code);
    let answer: Awaited<ReturnType<typeof change>> | undefined;
    await other.db.transaction(async (tx) => {
      await tx.select().from(bookings).where(eq(bookings.id, row.id)).for('update');
      const changing = change(code, { kind: 'cancel', refundTo: 'credit' }).then((done) => {
        answer = done;
      });
      // Released once the change waits for it.
      await expect
        .poll(async () => {
          const waiting = (await other.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          )) as { rows: { n: number }[] };
          return waiting.rows[0]?.n ?? 0;
        })
        .toBeGreaterThan(0);
      expect(answer).toBeUndefined();
      void changing;
    });
    await expect.poll(() => answer?.statusCode).toBe(201);
    expect((await detail(code)).booking.status).toBe('cancelled_by_customer');
  });
});

describe('changes the catalogue prices again', () => {
  /** A date `days` after `date`, never in February (the Inca Trail is closed then). */
  const later = (date: string, days: number) => {
    let day = dayjs(date).add(days, 'day');
    while (day.month() === 1) day = day.add(1, 'day');
    return day.format('YYYY-MM-DD');
  };
  const travellersOn = async (tourId: string, date: string) =>
    (await holdingsOn(db, tourId, { from: date, to: date })).get(date)?.travellers ?? 0;

  it('moves the date: the seats follow, nothing is charged on a trek without permits', async () => {
    const { code, price } = await book({ adults: 2 });
    await deskPayment(code, price);
    const row = await bookingRow(code);
    const to = later(row.travelDate, 7);
    const preview = changeQuoteAnswer.parse(
      (await quote(code, { kind: 'date', travelDate: to })).json(),
    );
    expect(preview).toMatchObject({ kind: 'date', lines: [], fee: 0, total: price, balance: 0 });
    // The quote checked the new day's seats and wrote nothing: not even the day's row.
    const dayRows = () =>
      db
        .select()
        .from(departures)
        .where(and(eq(departures.tourId, row.tourId), eq(departures.date, to)));
    expect(await dayRows()).toEqual([]);
    const before = await travellersOn(row.tourId, row.travelDate);
    const moved = await change(code, { kind: 'date', travelDate: to });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(changeQuoteAnswer.parse(moved.json()).status).toBe('paid');
    expect((await detail(code)).booking.tripDate).toBe(to);
    expect(await travellersOn(row.tourId, row.travelDate)).toBe(before - 2);
    expect(await travellersOn(row.tourId, to)).toBe(2);
    expect(await dayRows()).toHaveLength(1);
    const after = await bookingRow(code);
    expect(dayjs(after.endDate).diff(after.travelDate, 'day')).toBe(
      dayjs(row.endDate).diff(row.travelDate, 'day'),
    );
  });

  it('charges new permits for each traveller when a permit-bound date moves after they were bought', async () => {
    const tour = await loadTour(app, '100401');
    const body = bookingFor(tour, { adults: 2 });
    const saved = await postBooking(app, customer.token, body);
    expect(saved.statusCode, saved.body).toBe(201);
    const code = saved.json().code as string;
    const row = await bookingRow(code);
    await db
      .insert(departures)
      .values({ tourId: row.tourId, date: row.travelDate, permits: 60 })
      .onConflictDoUpdate({
        target: [departures.tourId, departures.date],
        set: { permits: 60 },
      });
    const to = later(row.travelDate, 7);
    // Not yet confirmed: no permit was bought, the date moves for free.
    const unconfirmed = changeQuoteAnswer.parse(
      (await quote(code, { kind: 'date', travelDate: to })).json(),
    );
    expect(unconfirmed.fee).toBe(0);
    await deskPayment(code, body.amount);
    const preview = changeQuoteAnswer.parse(
      (await quote(code, { kind: 'date', travelDate: to })).json(),
    );
    expect(preview).toMatchObject({ fee: 230, total: body.amount + 230, balance: 230 });
    expect(preview.lines).toEqual([
      {
        kind: 'fee',
        amount: 230,
        reason:
          'New Inca Trail permits for 2 travellers: the permits are personal and bought for one date',
      },
    ]);
    expect((await change(code, { kind: 'date', travelDate: to })).statusCode).toBe(201);
    const after = await detail(code);
    expect(after.balance.debt).toBe(230);
    expect(after.paymentExtra.add).toEqual([
      expect.objectContaining({ name: 'New Inca Trail permits for the new date', total: 230 }),
    ]);
  });

  it('refuses a date the tour does not run, a full departure, and a change after its last day', async () => {
    const { code, price } = await book({ adults: 2 });
    await deskPayment(code, price);
    const row = await bookingRow(code);
    const past = await change(code, { kind: 'date', travelDate: '2020-01-01' });
    expect(past.statusCode).toBe(422);
    const full = later(row.travelDate, 9);
    await db
      .insert(departures)
      .values({ tourId: row.tourId, date: full, capacity: 1 })
      .onConflictDoUpdate({ target: [departures.tourId, departures.date], set: { capacity: 1 } });
    const soldOut = await change(code, { kind: 'date', travelDate: full });
    expect(soldOut.statusCode, soldOut.body).toBe(409);
    expect(soldOut.json().message).toBe('Only 1 seat is left on that date');
    expect((await detail(code)).booking.tripDate).toBe(row.travelDate);
    await travelIn(code, 3);
    const late = await change(code, { kind: 'date', travelDate: later(todayInLima(), 30) });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(
      'Changes are taken until 4 days before the travel date: for anything else, write a request to the agency',
    );
  });

  it('removes a passenger at the group’s new price, keeping the share the terms keep', async () => {
    // 4 adults in a group: 4 × 590 = 2,360; 3 adults pay 620 each: 1,860.
    const { code, price } = await book({ adults: 4 });
    expect(price).toBe(2360);
    await deskPayment(code, price);
    await travelIn(code, 10);
    const [slot] = (await detail(code)).passangerRegistry;
    const body = { kind: 'removePassenger', slotId: slot?.id, refundTo: 'credit' };
    const preview = changeQuoteAnswer.parse((await quote(code, body)).json());
    // The price falls by 500; 10 days before, 80 % of it is kept (400): 100 goes back.
    expect(preview.lines).toEqual([
      {
        kind: 'price',
        amount: -500,
        reason: "Price taken off for the removed passenger(s), at the group's new price",
      },
      {
        kind: 'kept',
        amount: 400,
        reason: 'Kept under the terms: 80% of the price, cancelling this close to the travel date',
      },
      {
        kind: 'refund',
        amount: 100,
        reason: 'Added to your credit with the agency, for any later booking',
      },
    ]);
    expect(preview).toMatchObject({ total: 2260, refund: 100, balance: 0 });
    const done = await change(code, body);
    expect(done.statusCode, done.body).toBe(201);
    const after = await detail(code);
    expect(after.passangerRegistry).toHaveLength(3);
    expect(after.passanger).toEqual([expect.objectContaining({ quantity: 3, total: 1860 })]);
    expect(after.balance.debt).toBe(0);
  });

  it('refuses removing the last passenger (that is a cancellation) or leaving a child alone', async () => {
    const { code } = await book({ adults: 1 });
    const [only] = (await detail(code)).passangerRegistry;
    const last = await change(code, { kind: 'removePassenger', slotId: only?.id });
    expect(last.statusCode).toBe(422);
    expect(last.json().message).toBe(
      "This is the booking's last passenger: to remove them, cancel the booking",
    );
    const foreign = await change(code, { kind: 'removePassenger', slotId: randomUUID() });
    expect(foreign.statusCode).toBe(400);
    const same = await change(code, {
      kind: 'date',
      travelDate: (await bookingRow(code)).travelDate,
    });
    expect(same.json().message).toBe(
      'This is how the reservation already is: there is nothing to change',
    );

    const tour = await loadTour(app, '200501');
    const family = await postBooking(
      app,
      customer.token,
      bookingFor(tour, { adults: 1, children: 1 }),
    );
    expect(family.statusCode, family.body).toBe(201);
    const familyCode = family.json().code as string;
    const adult = (await detail(familyCode)).passangerRegistry.find(
      (slot) => slot.typeId === CustomerTypeId.adult,
    );
    const alone = await change(familyCode, { kind: 'removePassenger', slotId: adult?.id });
    expect(alone.statusCode).toBe(422);
    expect(alone.json().message).toBe(
      'This would leave a minor (a child, a baby or a student under 18) without an adult on the booking: remove the minor first, or cancel the booking',
    );
  });

  it('adds a passenger: the group’s price changes, and a booking whose deposit rose gets a new hold to pay it', async () => {
    // 3 adults: 1,860; half paid (930). With a 4th: 4 × 590 = 2,360, deposit 1,180.
    const { code } = await book({ adults: 3 });
    await deskPayment(code, 930);
    expect((await detail(code)).booking.status).toBe('partly_paid');
    await turnBack(db, code, 24 * 60);
    expect((await detail(code)).booking.status).toBe('partly_paid');
    const done = await change(code, { kind: 'addPassenger', customerTypeId: CustomerTypeId.adult });
    expect(done.statusCode, done.body).toBe(201);
    expect(changeQuoteAnswer.parse(done.json())).toMatchObject({
      lines: [
        {
          kind: 'price',
          amount: 500,
          reason: "Price of the added passenger(s), at the group's new price",
        },
      ],
      total: 2360,
      balance: 1430,
      status: 'pending_payment',
    });
    const after = await detail(code);
    expect(after.passangerRegistry).toHaveLength(4);
    expect(after.passanger).toEqual([expect.objectContaining({ quantity: 4, total: 2360 })]);
  });

  it('changes the type: a private group is priced as one, and the difference is owed', async () => {
    const tour = await loadTour(app, '200501');
    const { code, price } = await book({ adults: 2 });
    await deskPayment(code, price);
    const privateType = tour.types.find((type) => type.value !== tour.types[0]?.value)?.value;
    const row = await bookingRow(code);
    const done = await change(code, {
      kind: 'option',
      typeId: privateType,
      categoryId: row.categoryId,
    });
    expect(done.statusCode, done.body).toBe(201);
    // 2 adults privately: 2 × 1,050 = 2,100 instead of 2 × 620.
    expect(changeQuoteAnswer.parse(done.json())).toMatchObject({
      total: 2100,
      balance: 2100 - 1240,
      status: 'partly_paid',
    });
    const same = await change(code, {
      kind: 'option',
      typeId: privateType,
      categoryId: row.categoryId,
    });
    expect(same.statusCode).toBe(422);
  });
});
