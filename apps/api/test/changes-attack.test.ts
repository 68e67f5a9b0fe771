import { randomUUID } from 'node:crypto';
import {
  addYears,
  BOOKING_DATE_RANGE_YEARS,
  CustomerTypeId,
  changeQuoteAnswer,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  bookings,
  customerCredits,
  departures,
  paymentAttempts,
  sandboxCharges,
  users,
} from '../src/db/schema.ts';
import { holdingsOn } from '../src/modules/departures/holdings.ts';
import { ledgerTotals } from '../src/modules/ledger/ledger.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, nextTestDate, postBooking } from './support/bookings.ts';
import { changeHelpers, dayIn } from './support/changes.ts';
import { type Company, type Member, newCompany, seededCompany } from './support/companies.ts';
import { event, notify } from './support/payments.ts';

/**
 * An attack on the changes, cancellations and customer credit of issue 27, through the API: who
 * may change a booking, replays and races, money that a sequence of changes could create or lose,
 * transitions that must be impossible, and input at its limits. Each test is named after the hole
 * it looks for and asserts what should hold: those that fail are the holes found (the report of
 * the attack run lists them), those that pass are attacks that held.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Database;
type Session = Awaited<ReturnType<typeof signIn>>;
let agent: Session;
let admin: Session;
let customer: Session;
let other: Session;
let companyA: Company;
let companyB: Company;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db as Database;
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  customer = await signUpAndIn(app, { name: 'Rosa', lastname: 'Quispe' });
  other = await signUpAndIn(app, { name: 'Tomás', lastname: 'Mamani' });
  companyA = await seededCompany(app, db, 1);
  companyB = await newCompany(app, db, 1);
});
afterAll(async () => ctx?.close());

const { post, travelIn, deskPayment, approvedCheckout, cardPayment, detail, credit, bookingRow } =
  changeHelpers(() => ({
    app,
    db,
    agent: agent.token,
    customer: customer.token,
  }));

const SALKANTAY = '200501';
const INCA_TRAIL = '100401';

interface Booked {
  code: string;
  price: number;
}

/** A booking made through the API (Salkantay by default, a year or so ahead). */
async function book(
  options: {
    tour?: string;
    adults?: number;
    token?: string;
    corporate?: boolean;
    type?: number;
    date?: string;
  } = {},
): Promise<Booked> {
  const tour = await loadTour(app, options.tour ?? SALKANTAY);
  const body = {
    ...bookingFor(tour, {
      adults: options.adults ?? 1,
      ...(options.type === undefined ? {} : { type: options.type }),
      ...(options.date ? { date: options.date } : {}),
    }),
    ...(options.corporate ? { corporate: true } : {}),
  };
  const response = await postBooking(app, options.token ?? customer.token, body);
  expect(response.statusCode, response.body).toBe(201);
  return { code: response.json<{ code: string }>().code, price: body.amount };
}

/** The first offset from `from` days on whose date, and the date `gap` days later, are not in February. */
function offsetOutOfFebruary(from: number, gap = 0) {
  let days = from;
  while (dayjs(dayIn(days)).month() === 1 || dayjs(dayIn(days + gap)).month() === 1) days++;
  return days;
}

const quote = (code: string, body: unknown = { kind: 'cancel' }, token = customer.token) =>
  post(`/api/tour/booking/${code}/changes/quote`, token, body);

const change = (
  code: string,
  body: unknown = { kind: 'cancel' },
  token = customer.token,
  key?: string,
) => post(`/api/tour/booking/${code}/changes`, token, body, key ? { 'idempotency-key': key } : {});

/** A change that must succeed, and its answer. */
async function changed(code: string, body: unknown, token = customer.token) {
  const response = await change(code, body, token);
  expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(201);
  return changeQuoteAnswer.parse(response.json());
}

/** A quote that must succeed, and its answer. */
async function quoted(code: string, body: unknown = { kind: 'cancel' }, token = customer.token) {
  const response = await quote(code, body, token);
  expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(200);
  return changeQuoteAnswer.parse(response.json());
}

const payWithCredit = (token: string, code: string, amount: unknown, key?: string) =>
  post(
    '/api/tour/payment/credit',
    token,
    { bookingId: code, amount },
    key ? { 'idempotency-key': key } : {},
  );

const slotIds = async (code: string, token = customer.token) =>
  (await detail(code, token)).passangerRegistry.map((slot) => slot.id);

/** What a fresh customer's account looks like, signed in. */
const freshCustomer = () => signUpAndIn(app);

/** The sum of a list of dollar amounts, to the cent. */
const dollars = (...amounts: number[]) =>
  Math.round(amounts.reduce((sum, amount) => sum + amount * 100, 0)) / 100;

// ------------------------------------------------------------------------------------------------

describe('who may change a booking', () => {
  it("another customer's token is a 404 on every route, as for a booking that does not exist", async () => {
    const { code, price } = await book();
    await deskPayment(code, price);
    const slot = (await slotIds(code))[0];
    const missing = await change('CT-ZZZZZZ', { kind: 'cancel' }, other.token);
    expect(missing.statusCode).toBe(404);
    const bodies = [
      { kind: 'cancel', refundTo: 'credit' },
      { kind: 'date', travelDate: nextTestDate() },
      { kind: 'removePassenger', slotId: slot },
      { kind: 'addPassenger', customerTypeId: CustomerTypeId.adult },
    ];
    for (const body of bodies) {
      const quoteAnswer = await quote(code, body, other.token);
      const changeAnswer = await change(code, body, other.token, randomUUID());
      expect(quoteAnswer.statusCode, JSON.stringify(body)).toBe(404);
      expect(changeAnswer.statusCode, JSON.stringify(body)).toBe(404);
      expect(changeAnswer.body).toBe(missing.body);
    }
    // Nor can they pay it with their credit, nor read it through their credit's movements.
    expect((await payWithCredit(other.token, code, 1)).statusCode).toBe(404);
    expect((await credit(other.token)).movements).toEqual([]);
    expect((await detail(code)).booking.status).toBe('paid');
    expect(await slotIds(code)).toHaveLength(1);
  });

  it('the staff twins refuse customers and corporate users', async () => {
    const { code } = await book();
    for (const token of [customer.token, other.token, companyA.members[0]?.token ?? '']) {
      for (const path of ['changes', 'changes/quote']) {
        const response = await post(`/api/admin/bookings/${code}/${path}`, token, {
          change: { kind: 'cancel' },
          byAgency: true,
          overrideRefund: 0,
          reason: 'I am staff, trust me',
        });
        expect([403, 404], `${path}: ${response.body}`).toContain(response.statusCode);
      }
    }
    expect((await detail(code)).booking.status).toBe('pending_payment');
  });

  it('an agent cannot refund through a refund override what the back office lets only administrators refund', async () => {
    // Agents get 403 on refunds (docs/back-office.md): the override refunds just the same.
    const { code, price } = await book();
    await deskPayment(code, price);
    await travelIn(code, 5);
    const policy = await quoted(code);
    expect(policy.refund).toBe(124);
    const response = await post(
      `/api/admin/bookings/${code}/changes`,
      agent.token,
      { change: { kind: 'cancel', refundTo: 'credit' }, overrideRefund: price, reason: 'Friend' },
      { 'idempotency-key': randomUUID() },
    );
    expect(response.statusCode, response.body).toBe(403);
    expect((await detail(code)).booking.status).toBe('paid');
  });

  it('a colleague of the same company may quote and change a company booking (the company sees its bookings)', async () => {
    const [booker, colleague] = companyA.members as [Member, Member];
    const { code } = await book({ adults: 3, token: booker.token, corporate: true });
    const [slot] = await slotIds(code, booker.token);
    expect((await quote(code, { kind: 'cancel' }, colleague.token)).statusCode).toBe(200);
    await changed(code, { kind: 'removePassenger', slotId: slot }, colleague.token);
    expect(await slotIds(code, booker.token)).toHaveLength(2);
  });

  it("a user of another company is a 404 on a company's booking, on every route", async () => {
    const [booker] = companyA.members as [Member];
    const [outsider] = companyB.members as [Member];
    const { code } = await book({ adults: 2, token: booker.token, corporate: true });
    const slot = (await slotIds(code, booker.token))[0];
    for (const body of [
      { kind: 'cancel' },
      { kind: 'removePassenger', slotId: slot },
      { kind: 'addPassenger', customerTypeId: CustomerTypeId.adult },
    ]) {
      expect((await quote(code, body, outsider.token)).statusCode).toBe(404);
      expect((await change(code, body, outsider.token)).statusCode).toBe(404);
    }
    expect((await payWithCredit(outsider.token, code, 1)).statusCode).toBe(404);
    expect((await detail(code, booker.token)).booking.status).toBe('confirmed');
  });

  it("a company's refund is the company's credit: the colleague who cancelled sees it and can spend it", async () => {
    const [booker, colleague] = companyA.members as [Member, Member];
    const { code } = await book({ adults: 2, token: booker.token, corporate: true });
    // The corporate terms' prepayment, taken at the desk.
    await deskPayment(code, 150);
    const cancelled = await changed(code, { kind: 'cancel' }, colleague.token);
    expect(cancelled).toMatchObject({ refund: 150, refundTo: 'credit' });
    expect(cancelled.lines.at(-1)?.reason).toBe("Added to the company's credit with the agency");
    // "The company's credit": the colleague who cancelled, of the same company, should see it…
    expect((await credit(colleague.token)).balance).toBe(150);
    // …and be able to spend it on the company's next booking.
    const next = await book({ adults: 2, token: colleague.token, corporate: true });
    expect((await payWithCredit(colleague.token, next.code, 150)).statusCode).toBe(201);
  });

  it("a company's credit does not follow an employee who leaves it to their private bookings", async () => {
    const company = await newCompany(app, db, 1);
    const [employee] = company.members as [Member];
    const { code } = await book({ adults: 2, token: employee.token, corporate: true });
    await deskPayment(code, 150);
    await changed(code, { kind: 'cancel' }, employee.token);
    // The agency detaches the employee from the company (as it attaches them: in the database).
    await db.update(users).set({ corporateClientId: null }).where(eq(users.id, employee.userId));
    const former = await signIn(app, employee.email, 'Machu-Picchu-1911');
    expect(former.user.corporateClientId ?? null).toBeNull();
    const holiday = await book({ token: former.token });
    const spent = await payWithCredit(former.token, holiday.code, 150);
    expect(spent.statusCode, spent.body).toBe(422);
  });
});

// ------------------------------------------------------------------------------------------------

describe('replays', () => {
  it('a replayed change with the same key answers the first answer and changes once; another body with that key is refused', async () => {
    const { code, price } = await book({ adults: 3 });
    await deskPayment(code, price);
    const [slot] = await slotIds(code);
    const key = randomUUID();
    const body = { kind: 'removePassenger', slotId: slot, refundTo: 'credit' };
    const first = await change(code, body, customer.token, key);
    const again = await change(code, body, customer.token, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const reused = await change(code, { kind: 'cancel' }, customer.token, key);
    expect(reused.statusCode).toBe(422);
    expect(await slotIds(code)).toHaveLength(2);
    expect((await detail(code)).booking.status).toBe('paid');
  });

  it('a replayed credit payment spends the credit once; the same key on another booking is refused', async () => {
    const traveller = await freshCustomer();
    const first = await book({ token: traveller.token });
    await deskPayment(first.code, first.price);
    await changed(first.code, { kind: 'cancel', refundTo: 'credit' }, traveller.token);
    const balance = (await credit(traveller.token)).balance;
    expect(balance).toBe(first.price / 2);
    const second = await book({ token: traveller.token });
    const third = await book({ token: traveller.token });
    const key = randomUUID();
    const paid = await payWithCredit(traveller.token, second.code, 100, key);
    const replay = await payWithCredit(traveller.token, second.code, 100, key);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await payWithCredit(traveller.token, third.code, 100, key)).statusCode).toBe(422);
    expect((await credit(traveller.token)).balance).toBe(dollars(balance, -100));
  });
});

// ------------------------------------------------------------------------------------------------

describe('money that a sequence of changes could create', () => {
  it('a passenger added to a paid booking does not make its non-refundable deposit refundable on cancelling', async () => {
    // 2 adults (1,240), the deposit (620) paid: cancelling keeps it.
    const { code } = await book({ adults: 2 });
    await deskPayment(code, 620);
    await travelIn(code, 40);
    const straight = await quoted(code);
    expect(straight).toMatchObject({ paid: 620, total: 620, refund: 0 });
    // A third adult raises the deposit (930) above what was paid: the booking is unconfirmed…
    const added = await changed(code, {
      kind: 'addPassenger',
      customerTypeId: CustomerTypeId.adult,
    });
    expect(added.status).toBe('pending_payment');
    // …and its cancellation, "never confirmed", keeps nothing: the deposit comes back in full.
    const cancelled = await changed(code, { kind: 'cancel', refundTo: 'card' });
    expect(cancelled.refund).toBeLessThanOrEqual(straight.refund);
    expect(cancelled.total).toBeGreaterThanOrEqual(straight.total);
  });

  it('a passenger added inside the cancellation window does not turn an 80 % penalty into a full refund', async () => {
    // 1 adult paid in full (620), 5 days before: cancelling keeps 80 % (496).
    const { code, price } = await book({ adults: 1 });
    await deskPayment(code, price);
    await travelIn(code, 5);
    const straight = await quoted(code);
    expect(straight).toMatchObject({ keepPercent: 80, total: 496, refund: 124 });
    // Two adults more: 1,860, deposit 930 > 620 paid. The booking is unconfirmed.
    await changed(code, { kind: 'addPassenger', customerTypeId: CustomerTypeId.adult });
    await changed(code, { kind: 'addPassenger', customerTypeId: CustomerTypeId.adult });
    const cancelled = await changed(code, { kind: 'cancel', refundTo: 'credit' });
    expect(cancelled.refund).toBeLessThanOrEqual(straight.refund);
  });

  it('a dearer type on a booking whose deposit was paid does not make that deposit refundable on cancelling', async () => {
    const tour = await loadTour(app, SALKANTAY);
    // 2 adults in the group (1,240), the deposit (620) paid, 40 days before: cancelling keeps it.
    const { code } = await book({ adults: 2 });
    await deskPayment(code, 620);
    await travelIn(code, 40);
    const straight = await quoted(code);
    expect(straight).toMatchObject({ total: 620, refund: 0 });
    // Privately (2,100, deposit 1,050): the booking is unconfirmed, and cancelling gives all back.
    const row = await bookingRow(code);
    const upgraded = await changed(code, {
      kind: 'option',
      typeId: tour.types[1]?.value,
      categoryId: row.categoryId,
    });
    expect(upgraded.status).toBe('pending_payment');
    const cancelled = await changed(code, { kind: 'cancel', refundTo: 'credit' });
    expect(cancelled.refund).toBeLessThanOrEqual(straight.refund);
  });

  it("the quote of a change says the status it will leave (an added passenger's unconfirmed booking)", async () => {
    const { code } = await book({ adults: 2 });
    await deskPayment(code, 620);
    const body = { kind: 'addPassenger', customerTypeId: CustomerTypeId.adult };
    const preview = await quoted(code, body);
    const done = await changed(code, body);
    expect(done.status).toBe('pending_payment');
    // The preview told the customer their booking stays partly paid: it loses its confirmation.
    expect(preview.status).toBe(done.status);
  });

  it('removing passengers one by one and then cancelling keeps the non-refundable deposit', async () => {
    // 4 adults, 2,360 paid, 40 days before: cancelling keeps the deposit (1,180).
    const { code, price } = await book({ adults: 4 });
    expect(price).toBe(2360);
    await deskPayment(code, price);
    await travelIn(code, 40);
    const straight = await quoted(code);
    expect(straight).toMatchObject({ total: 1180, refund: 1180 });
    const refunds: number[] = [];
    for (const slot of (await slotIds(code)).slice(1)) {
      refunds.push(
        (await changed(code, { kind: 'removePassenger', slotId: slot, refundTo: 'credit' })).refund,
      );
    }
    refunds.push((await changed(code, { kind: 'cancel', refundTo: 'credit' })).refund);
    // 500 + 620 + 620 + 310 = 2,050 given back instead of 1,180.
    expect(dollars(...refunds)).toBeLessThanOrEqual(straight.refund);
  });

  it('removing a passenger and then cancelling inside a window keeps what cancelling keeps', async () => {
    // 4 adults, 2,360 paid, 10 days before: cancelling keeps 80 % (1,888).
    const { code, price } = await book({ adults: 4 });
    await deskPayment(code, price);
    await travelIn(code, 10);
    const straight = await quoted(code);
    expect(straight).toMatchObject({ keepPercent: 80, total: 1888, refund: 472 });
    const [slot] = await slotIds(code);
    const removed = await changed(code, {
      kind: 'removePassenger',
      slotId: slot,
      refundTo: 'credit',
    });
    const cancelled = await changed(code, { kind: 'cancel', refundTo: 'credit' });
    // The 400 kept of the removal is part of the price again, and 20 % of it is given back.
    expect(dollars(removed.refund, cancelled.refund)).toBeLessThanOrEqual(straight.refund);
  });

  it('moving the date does not reset the cancellation window', async () => {
    // 1 adult paid in full, 5 days before: cancelling keeps 80 % (496), gives back 124.
    const { code, price } = await book();
    await deskPayment(code, price);
    await travelIn(code, 5);
    const straight = await quoted(code);
    expect(straight).toMatchObject({ keepPercent: 80, refund: 124 });
    // A trek without permits moves for free, 5 days before, to a date far ahead…
    const moved = await changed(code, { kind: 'date', travelDate: dayIn(offsetOutOfFebruary(90)) });
    expect(moved.fee).toBe(0);
    // …whose cancellation keeps only the deposit: 310 back instead of 124.
    const cancelled = await changed(code, { kind: 'cancel', refundTo: 'credit' });
    expect(dollars(moved.refund, cancelled.refund)).toBeLessThanOrEqual(straight.refund);
  });

  it('a cheaper type inside the cancellation window does not give back more than cancelling', async () => {
    const tour = await loadTour(app, SALKANTAY);
    const privateIndex = tour.types.findIndex((type) => type.value !== tour.types[0]?.value);
    // 2 adults privately: 2,100 paid, 5 days before: cancelling keeps 80 % (1,680).
    const { code, price } = await book({ adults: 2, type: privateIndex });
    expect(price).toBe(2100);
    await deskPayment(code, price);
    await travelIn(code, 5);
    const straight = await quoted(code);
    expect(straight).toMatchObject({ total: 1680, refund: 420 });
    const row = await bookingRow(code);
    const groupType = tour.types[0]?.value;
    const downgraded = await changed(code, {
      kind: 'option',
      typeId: groupType,
      categoryId: row.categoryId,
      refundTo: 'credit',
    });
    const cancelled = await changed(code, { kind: 'cancel', refundTo: 'credit' });
    // 860 given back by the downgrade, 248 by the cancellation: 1,108 instead of 420.
    expect(dollars(downgraded.refund, cancelled.refund)).toBeLessThanOrEqual(straight.refund);
  });

  it('the permits fee of a date move cannot be dodged by un-confirming the booking first', async () => {
    const days = offsetOutOfFebruary(40, 7);
    const { code, price } = await book({ tour: INCA_TRAIL, adults: 2 });
    // Into the agency's schedule, where the trail's days have their permits.
    await travelIn(code, days);
    const row = await bookingRow(code);
    const [day] = await db
      .select()
      .from(departures)
      .where(and(eq(departures.tourId, row.tourId), eq(departures.date, row.travelDate)));
    expect(day?.permits).not.toBeNull();
    await deskPayment(code, price);
    const to = dayIn(days + 7);
    const straight = await quoted(code, { kind: 'date', travelDate: to });
    expect(straight.fee).toBe(230);
    // Three adults more raise the deposit above what was paid (no permits bought, it says)…
    const fees: number[] = [];
    for (let i = 0; i < 3; i++) {
      fees.push(
        (await changed(code, { kind: 'addPassenger', customerTypeId: CustomerTypeId.adult })).fee,
      );
    }
    expect((await detail(code)).booking.status).toBe('pending_payment');
    // …the date moves for nothing, and the three leave again, 40 days ahead, for nothing.
    fees.push((await changed(code, { kind: 'date', travelDate: to })).fee);
    for (const slot of (await slotIds(code)).slice(2)) {
      fees.push(
        (await changed(code, { kind: 'removePassenger', slotId: slot, refundTo: 'credit' })).fee,
      );
    }
    const after = await detail(code);
    expect(after.booking.tripDate).toBe(to);
    expect(dollars(...fees)).toBeGreaterThanOrEqual(straight.fee);
  });

  it('a date there and back again creates no money, nor does a type there and back', async () => {
    const tour = await loadTour(app, SALKANTAY);
    const traveller = await freshCustomer();
    const { code, price } = await book({ adults: 2, token: traveller.token });
    await deskPayment(code, price);
    const row = await bookingRow(code);
    const there = dayjs(row.travelDate).add(3, 'day').format('YYYY-MM-DD');
    const t = traveller.token;
    const moves = [
      await changed(code, { kind: 'date', travelDate: there, refundTo: 'credit' }, t),
      await changed(code, { kind: 'date', travelDate: row.travelDate, refundTo: 'credit' }, t),
      await changed(
        code,
        { kind: 'option', typeId: tour.types[1]?.value, categoryId: row.categoryId },
        t,
      ),
      await changed(
        code,
        { kind: 'option', typeId: tour.types[0]?.value, categoryId: row.categoryId },
        t,
      ),
    ];
    expect(moves.map((move) => move.refund)).toEqual([0, 0, 0, 0]);
    const after = await detail(code, t);
    expect(after.balance).toMatchObject({ debt: 0, payments: price });
    expect(after.booking.status).toBe('paid');
    expect((await credit(t)).balance).toBe(0);
  });

  it('cancelling an expired booking gives back what it paid, once, to the card', async () => {
    const traveller = await freshCustomer();
    const { code, price } = await book({ token: traveller.token });
    const attempt = await cardPayment(code, 100, traveller.token);
    // Its hold ends before its deposit is paid.
    await db
      .update(bookings)
      .set({ holdUntil: sql`now() - interval '1 minute'` })
      .where(eq(bookings.code, code));
    expect((await detail(code, traveller.token)).booking.status).toBe('expired');
    const refused = await change(
      code,
      { kind: 'date', travelDate: nextTestDate() },
      traveller.token,
    );
    expect(refused.statusCode).toBe(422);
    const cancelled = await changed(code, { kind: 'cancel', refundTo: 'card' }, traveller.token);
    expect(cancelled).toMatchObject({ paid: 100, refund: 100, total: 0, balance: 0 });
    const [charge] = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.transactionId, attempt));
    expect(charge?.refundedCents).toBe(10000);
    expect((await credit(traveller.token)).balance).toBe(0);
    expect((await change(code, { kind: 'cancel' }, traveller.token)).statusCode).toBe(422);
    expect(price).toBeGreaterThan(100);
  });

  it('a card payment still being taken when the booking is cancelled awaits its refund, in plain sight', async () => {
    const traveller = await freshCustomer();
    const { code, price } = await book({ token: traveller.token });
    const attempt = await approvedCheckout(code, price, traveller.token);
    // The customer is at the gateway's payment step when they cancel.
    await db
      .update(sandboxCharges)
      .set({ status: 'processing' })
      .where(eq(sandboxCharges.transactionId, attempt));
    const cancelled = await changed(code, { kind: 'cancel', refundTo: 'card' }, traveller.token);
    expect(cancelled).toMatchObject({ paid: 0, refund: 0, status: 'cancelled_by_customer' });
    // The gateway takes the money afterwards: it is not kept, it awaits its refund.
    await db
      .update(sandboxCharges)
      .set({ status: 'approved' })
      .where(eq(sandboxCharges.transactionId, attempt));
    const settled = await notify(app, event(attempt, price * 100));
    expect(settled.json().result).toBe('refund_required');
    const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt));
    expect(row?.status).toBe('refund_required');
    const { payments } = await ledgerTotals(db, (await bookingRow(code)).id);
    expect(payments).toBe(0);
  });

  it('a booking whose departure the agency called off gets everything back when its customer cancels it', async () => {
    const { code, price } = await book();
    await deskPayment(code, price);
    // A day of its own: the other tests' bookings 40 days ahead must not find it called off.
    await travelIn(code, 43);
    const row = await bookingRow(code);
    await db
      .insert(departures)
      .values({
        tourId: row.tourId,
        date: row.travelDate,
        status: 'cancelled',
        reason: 'Landslide',
      })
      .onConflictDoUpdate({
        target: [departures.tourId, departures.date],
        set: { status: 'cancelled', reason: 'Landslide' },
      });
    // The trek will not run: the customer cancels before staff get to it, and loses nothing.
    const cancelled = await changed(code, { kind: 'cancel', refundTo: 'credit' });
    expect(cancelled).toMatchObject({ refund: price, status: 'cancelled_by_agency' });
  });

  it('credit spent on a booking that is then cancelled goes back to the credit, counted once', async () => {
    const traveller = await freshCustomer();
    const first = await book({ token: traveller.token });
    await deskPayment(first.code, first.price);
    await changed(first.code, { kind: 'cancel', refundTo: 'credit' }, traveller.token);
    expect((await credit(traveller.token)).balance).toBe(310);
    // Spent on a second booking with a card payment besides, then that one is cancelled by the
    // agency: everything back, the card's share to the card and the credit's to the credit.
    const second = await book({ token: traveller.token });
    expect((await payWithCredit(traveller.token, second.code, 310)).statusCode).toBe(201);
    const attempt = await cardPayment(second.code, 100, traveller.token);
    expect((await credit(traveller.token)).balance).toBe(0);
    const byAgency = await post(`/api/admin/bookings/${second.code}/changes`, agent.token, {
      change: { kind: 'cancel', refundTo: 'card' },
      byAgency: true,
      reason: 'Snow on the Salkantay pass',
    });
    expect(byAgency.statusCode, byAgency.body).toBe(201);
    expect(changeQuoteAnswer.parse(byAgency.json())).toMatchObject({ refund: 410, total: 0 });
    const [charge] = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.transactionId, attempt));
    expect(charge?.refundedCents).toBe(10000);
    const account = await credit(traveller.token);
    expect(account.balance).toBe(310);
    // The movements add up to the balance: issued 310, spent 310, issued 310.
    const sum = account.movements.reduce(
      (total, move) => total + (move.kind === 'issued' ? move.amount : -move.amount),
      0,
    );
    expect(sum).toBe(account.balance);
    // Both bookings owe nothing and hold no money: what was paid is kept or given back.
    for (const code of [first.code, second.code]) {
      const { debt } = await ledgerTotals(db, (await bookingRow(code)).id);
      expect(debt).toBe(0);
    }
  });

  it('a card payment whose cancellation refund became a credit cannot be refunded to the card again', async () => {
    const traveller = await freshCustomer();
    const { code, price } = await book({ token: traveller.token });
    const attempt = await cardPayment(code, price, traveller.token);
    await travelIn(code, 40);
    const cancelled = await changed(code, { kind: 'cancel', refundTo: 'credit' }, traveller.token);
    expect(cancelled).toMatchObject({ refund: 310, refundTo: 'credit' });
    expect((await credit(traveller.token)).balance).toBe(310);
    // The whole card payment (620) is not refundable any more: 310 of it went to the credit.
    const whole = await post(
      `/api/admin/payments/${attempt}/refund`,
      admin.token,
      { amount: price },
      { 'idempotency-key': randomUUID() },
    );
    expect(whole.statusCode, whole.body).toBe(422);
    expect(whole.json().message).toBe('At most $310.00 of this payment can be refunded');
    // What the booking kept (its deposit) may still be given back as goodwill: 620 in all.
    const rest = await post(
      `/api/admin/payments/${attempt}/refund`,
      admin.token,
      {},
      { 'idempotency-key': randomUUID() },
    );
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().debt).toBe(310);
  });

  it('no refund above what was paid: a staff override of one cent more is refused, on the quote and the change', async () => {
    const traveller = await freshCustomer();
    const { code } = await book({ adults: 2, token: traveller.token });
    await deskPayment(code, 300);
    await cardPayment(code, 100, traveller.token);
    for (const path of ['changes/quote', 'changes']) {
      const over = await post(
        `/api/admin/bookings/${code}/${path}`,
        admin.token,
        {
          change: { kind: 'cancel', refundTo: 'card' },
          overrideRefund: 400.01,
          reason: 'Goodwill',
        },
        { 'idempotency-key': randomUUID() },
      );
      expect(over.statusCode, over.body).toBe(422);
    }
    const exact = await post(
      `/api/admin/bookings/${code}/changes`,
      admin.token,
      { change: { kind: 'cancel', refundTo: 'card' }, overrideRefund: 400, reason: 'Goodwill' },
      { 'idempotency-key': randomUUID() },
    );
    expect(exact.statusCode, exact.body).toBe(201);
    // 100 back to the card that paid it, 300 (paid at the desk) to the customer's credit.
    expect(
      changeQuoteAnswer.parse(exact.json()).lines.filter((line) => line.kind === 'refund'),
    ).toEqual([expect.objectContaining({ amount: 100 }), expect.objectContaining({ amount: 300 })]);
    expect((await credit(traveller.token)).balance).toBe(300);
    const { debt, payments } = await ledgerTotals(db, (await bookingRow(code)).id);
    expect({ debt, payments }).toEqual({ debt: 0, payments: 0 });
  });

  it('a customer cannot set an amount: refund, fee or total in the body are ignored or refused', async () => {
    const { code, price } = await book();
    await deskPayment(code, price);
    await travelIn(code, 5);
    const straight = await quoted(code);
    const forged = await change(code, {
      kind: 'cancel',
      refundTo: 'credit',
      refund: price,
      total: 0,
      overrideRefund: price,
      byAgency: true,
    });
    expect([201, 400]).toContain(forged.statusCode);
    if (forged.statusCode === 201) {
      expect(changeQuoteAnswer.parse(forged.json()).refund).toBe(straight.refund);
      expect((await detail(code)).booking.status).toBe('cancelled_by_customer');
    }
  });
});

// ------------------------------------------------------------------------------------------------

describe('rules a changed booking must still keep', () => {
  it("a corporate booking's date move keeps the corporate minimum (4 travellers when less than 60 days ahead)", async () => {
    const [booker] = companyA.members as [Member];
    const { code } = await book({ adults: 2, token: booker.token, corporate: true });
    // A new corporate booking of 2 for a date 20 days ahead is refused (spec §9).
    const tour = await loadTour(app, SALKANTAY);
    const soon = dayIn(offsetOutOfFebruary(20));
    const fresh = await postBooking(app, booker.token, {
      ...bookingFor(tour, { adults: 2, date: soon }),
      corporate: true,
    });
    expect(fresh.statusCode).toBe(422);
    // The same group moved to that date.
    const moved = await change(code, { kind: 'date', travelDate: soon }, booker.token);
    expect(moved.statusCode, moved.body).toBe(422);
  });

  it('a date move refuses February on the Inca Trail, an impossible day, the past, today and beyond the booking range', async () => {
    const { code, price } = await book({ tour: INCA_TRAIL, adults: 2 });
    await deskPayment(code, price);
    const row = await bookingRow(code);
    const year = dayjs(row.travelDate).year();
    const february = `${year}-02-10`;
    const cases: [string, number[]][] = [
      [february, [422]],
      [`${year}-02-30`, [400]],
      ['2027-13-01', [400]],
      ['2020-01-01', [422]],
      [todayInLima(), [422]],
      [dayIn(1), [422]],
      [
        dayjs(addYears(todayInLima(), BOOKING_DATE_RANGE_YEARS)).add(1, 'day').format('YYYY-MM-DD'),
        [400, 422],
      ],
      ['9999-12-31', [400, 422]],
      ['0000-01-01', [400, 422]],
      [' 2027-01-05', [400]],
      ['2027-1-5', [400]],
      ['27-01-05', [400]],
    ];
    for (const [travelDate, statuses] of cases) {
      const response = await quote(code, { kind: 'date', travelDate });
      expect(statuses, `${travelDate}: ${response.statusCode} ${response.body}`).toContain(
        response.statusCode,
      );
      const done = await change(code, { kind: 'date', travelDate });
      expect(statuses, `${travelDate}: ${done.statusCode} ${done.body}`).toContain(done.statusCode);
    }
    expect((await bookingRow(code)).travelDate).toBe(row.travelDate);
  });

  it('a removal or an addition names its own slot and a real customer type', async () => {
    const { code } = await book({ adults: 2 });
    const { code: foreign } = await book({ adults: 2, token: other.token });
    const [foreignSlot] = await slotIds(foreign, other.token);
    const cases = [
      { kind: 'removePassenger', slotId: foreignSlot },
      { kind: 'removePassenger', slotId: randomUUID() },
      { kind: 'addPassenger', customerTypeId: randomUUID() },
      { kind: 'option', typeId: randomUUID(), categoryId: randomUUID() },
    ];
    for (const body of cases) {
      const response = await change(code, body);
      expect([400, 422], `${JSON.stringify(body)}: ${response.body}`).toContain(
        response.statusCode,
      );
    }
    expect(await slotIds(code)).toHaveLength(2);
    expect(await slotIds(foreign, other.token)).toHaveLength(2);
  });
});

// ------------------------------------------------------------------------------------------------

describe('transitions that must be impossible', () => {
  it('a cancelled booking takes no change of any kind, no second cancellation, nor the agency’s', async () => {
    const { code, price } = await book({ adults: 2 });
    await deskPayment(code, price);
    const slot = (await slotIds(code))[0];
    await changed(code, { kind: 'cancel', refundTo: 'credit' });
    const balance = (await credit()).balance;
    for (const body of [
      { kind: 'cancel' },
      { kind: 'date', travelDate: nextTestDate() },
      { kind: 'removePassenger', slotId: slot },
      { kind: 'addPassenger', customerTypeId: CustomerTypeId.adult },
    ]) {
      expect((await quote(code, body)).statusCode, JSON.stringify(body)).toBe(422);
      expect((await change(code, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    const byAgency = await post(`/api/admin/bookings/${code}/changes`, agent.token, {
      change: { kind: 'cancel' },
      byAgency: true,
      reason: 'Landslide',
    });
    expect(byAgency.statusCode).toBe(422);
    const overridden = await post(`/api/admin/bookings/${code}/changes`, admin.token, {
      change: { kind: 'cancel' },
      overrideRefund: price,
      reason: 'Goodwill',
    });
    expect(overridden.statusCode).toBe(422);
    // Nor is it paid again with credit.
    expect((await payWithCredit(customer.token, code, 1)).statusCode).toBe(422);
    expect((await credit()).balance).toBe(balance);
  });

  it('a travelled booking takes no change nor cancellation, by the customer or the agency', async () => {
    const { code, price } = await book({ adults: 2 });
    await deskPayment(code, price);
    await travelIn(code, 0);
    expect((await detail(code)).booking.status).toBe('travelled');
    const slot = (await slotIds(code))[0];
    for (const body of [
      { kind: 'cancel' },
      { kind: 'date', travelDate: nextTestDate() },
      { kind: 'removePassenger', slotId: slot },
      { kind: 'addPassenger', customerTypeId: CustomerTypeId.adult },
    ]) {
      expect((await change(code, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    const byAgency = await post(`/api/admin/bookings/${code}/changes`, agent.token, {
      change: { kind: 'cancel' },
      byAgency: true,
      reason: 'Too late',
    });
    expect(byAgency.statusCode).toBe(422);
    await travelIn(code, -3);
    expect((await change(code)).statusCode).toBe(422);
  });

  it('an expired booking can be cancelled, but neither moved, re-typed, nor given or lost a passenger', async () => {
    const { code } = await book({ adults: 2 });
    await db
      .update(bookings)
      .set({ holdUntil: sql`now() - interval '1 minute'` })
      .where(eq(bookings.code, code));
    const tour = await loadTour(app, SALKANTAY);
    const row = await bookingRow(code);
    const slot = (await slotIds(code))[0];
    for (const body of [
      { kind: 'date', travelDate: nextTestDate() },
      { kind: 'option', typeId: tour.types[1]?.value, categoryId: row.categoryId },
      { kind: 'removePassenger', slotId: slot },
      { kind: 'addPassenger', customerTypeId: CustomerTypeId.adult },
    ]) {
      const response = await change(code, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().message).toBe(
        'This reservation gave its seats back when its hold ended: it can only be cancelled',
      );
    }
    expect((await changed(code, { kind: 'cancel' })).status).toBe('cancelled_by_customer');
  });

  it('changes stop at the last day of the policy, and a cancellation is still taken', async () => {
    const { code, price } = await book({ adults: 2 });
    await deskPayment(code, price);
    await travelIn(code, 3);
    const slot = (await slotIds(code))[0];
    for (const body of [
      { kind: 'date', travelDate: dayIn(offsetOutOfFebruary(60)) },
      { kind: 'removePassenger', slotId: slot },
      { kind: 'addPassenger', customerTypeId: CustomerTypeId.adult },
    ]) {
      expect((await change(code, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await changed(code, { kind: 'cancel' })).toMatchObject({ keepPercent: 100, refund: 0 });
  });
});

// ------------------------------------------------------------------------------------------------

describe('input at its limits', () => {
  it('NUL bytes, megabyte strings and wrong types are a 4xx, never a 5xx, and change nothing', async () => {
    const { code, price } = await book({ adults: 2 });
    await deskPayment(code, price);
    const [slot] = await slotIds(code);
    const big = 'x'.repeat(1_000_000);
    const bodies: unknown[] = [
      { kind: 'date', travelDate: '2027-01-05\u0000' },
      { kind: 'date', travelDate: big },
      { kind: 'date', travelDate: 20270105 },
      { kind: 'date', travelDate: null },
      { kind: 'date' },
      { kind: 'removePassenger', slotId: `${slot}\u0000` },
      { kind: 'removePassenger', slotId: [slot] },
      { kind: 'addPassenger', customerTypeId: `${CustomerTypeId.adult}\u0000` },
      { kind: 'addPassenger', customerTypeId: big },
      { kind: 'option', typeId: null, categoryId: null },
      { kind: 'cancel', refundTo: null },
      { kind: 'cancel', refundTo: 'wallet' },
      { kind: ['cancel'] },
      [{ kind: 'cancel' }],
      'cancel',
      null,
    ];
    for (const body of bodies) {
      for (const send of [quote, change]) {
        const response = await send(code, body);
        expect(
          response.statusCode,
          `${JSON.stringify(body)?.slice(0, 80)}: ${response.body}`,
        ).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, JSON.stringify(body)?.slice(0, 80)).toBeLessThan(500);
      }
    }
    for (const key of ['short', 'k'.repeat(201), 'k'.repeat(100_000)]) {
      const response = await change(code, { kind: 'cancel' }, customer.token, key);
      expect(response.statusCode, key.slice(0, 10)).toBe(400);
    }
    for (const path of ['%00', 'CT-%00', 'x'.repeat(300), '..%2F..%2Fadmin', "CT-' or 1=1 --"]) {
      const response = await post(`/api/tour/booking/${path}/changes`, customer.token, {
        kind: 'cancel',
      });
      expect(response.statusCode, path.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, path.slice(0, 20)).toBeLessThan(500);
    }
    // Staff's reason: NUL bytes and a megabyte.
    for (const reason of ['Rain\u0000', big]) {
      const response = await post(`/api/admin/bookings/${code}/changes`, agent.token, {
        change: { kind: 'cancel' },
        byAgency: true,
        reason,
      });
      expect([400, 413]).toContain(response.statusCode);
    }
    expect((await detail(code)).booking.status).toBe('paid');
    expect(await slotIds(code)).toHaveLength(2);
  });

  it('credit amounts at their limits are refused: 0, negative, a tenth of a cent, 1e308, strings', async () => {
    const traveller = await freshCustomer();
    const first = await book({ token: traveller.token });
    await deskPayment(first.code, first.price);
    await changed(first.code, { kind: 'cancel', refundTo: 'credit' }, traveller.token);
    const second = await book({ token: traveller.token });
    for (const amount of [
      0,
      -1,
      -0.01,
      0.001,
      0.005,
      1e308,
      -1e308,
      100_000.01,
      '10',
      null,
      true,
    ]) {
      const response = await payWithCredit(traveller.token, second.code, amount);
      expect(response.statusCode, String(amount)).toBe(400);
    }
    for (const bookingId of ['', ' ', 'x'.repeat(33), `${second.code}\u0000`]) {
      const response = await post('/api/tour/payment/credit', traveller.token, {
        bookingId,
        amount: 1,
      });
      expect(response.statusCode, bookingId.slice(0, 10)).toBe(400);
    }
    // The amount is the debt at most, and the balance at most.
    expect((await payWithCredit(traveller.token, second.code, 310.01)).statusCode).toBe(422);
    expect((await payWithCredit(traveller.token, second.code, 0.1 + 0.2)).statusCode).toBe(201);
    expect((await credit(traveller.token)).balance).toBe(309.7);
  });

  it("staff's refund override at its limits: negative, 1e308 and fractions of a cent are refused", async () => {
    const { code, price } = await book();
    await deskPayment(code, price);
    const url = `/api/admin/bookings/${code}/changes/quote`;
    const overriding = (overrideRefund: unknown) =>
      post(url, admin.token, { change: { kind: 'cancel' }, overrideRefund, reason: 'Medical' });
    for (const amount of [-0.01, -1e308, 1e308, 100_000.01, '10']) {
      expect((await overriding(amount)).statusCode, String(amount)).toBe(400);
    }
    // A tenth of a cent is not an amount of money: refused as the credit payment refuses it.
    for (const amount of [0.001, 0.005, 12.345]) {
      expect((await overriding(amount)).statusCode, String(amount)).toBe(400);
    }
  });

  it('a re-priced change with a refund override or for the agency is refused', async () => {
    const { code, price } = await book({ adults: 2 });
    await deskPayment(code, price);
    const [slot] = await slotIds(code);
    for (const extra of [{ byAgency: true }, { overrideRefund: price }]) {
      const response = await post(`/api/admin/bookings/${code}/changes`, admin.token, {
        change: { kind: 'removePassenger', slotId: slot },
        reason: 'Because',
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(400);
    }
    expect(await slotIds(code)).toHaveLength(2);
  });
});

// ------------------------------------------------------------------------------------------------

describe.runIf(isPostgres)('races on PostgreSQL', () => {
  it('one Idempotency-Key sent twice at once changes the booking once, and both get the answer', async () => {
    const { code, price } = await book({ adults: 3 });
    await deskPayment(code, price);
    const [slot] = await slotIds(code);
    const key = randomUUID();
    const body = { kind: 'removePassenger', slotId: slot, refundTo: 'credit' };
    const answers = await Promise.all([
      change(code, body, customer.token, key),
      change(code, body, customer.token, key),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    expect(await slotIds(code)).toHaveLength(2);
  });

  it('a change racing a change: one wins, the other is a 409 or a refusal, never both', async () => {
    const { code, price } = await book({ adults: 3 });
    await deskPayment(code, price);
    const [first, second] = await slotIds(code);
    const row = await bookingRow(code);
    const answers = await Promise.all([
      change(code, { kind: 'removePassenger', slotId: first, refundTo: 'credit' }),
      change(code, { kind: 'removePassenger', slotId: second, refundTo: 'credit' }),
      change(code, {
        kind: 'date',
        travelDate: dayjs(row.travelDate).add(2, 'day').format('YYYY-MM-DD'),
      }),
      change(code, { kind: 'cancel', refundTo: 'credit' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.filter((status) => status === 201).length,
      statuses.join(),
    ).toBeGreaterThanOrEqual(1);
    for (const status of statuses) expect([201, 409, 422]).toContain(status);
    // Whatever won, the ledger adds up: what was paid is kept or given back, once.
    const id = (await bookingRow(code)).id;
    const totals = await ledgerTotals(db, id);
    const credits = await db
      .select()
      .from(customerCredits)
      .where(eq(customerCredits.bookingId, id));
    const issued = credits.reduce((sum, row) => sum + row.amountCents, 0);
    expect(totals.payments + issued).toBe(price * 100);
    expect(totals.debt).toBeGreaterThanOrEqual(0);
  });

  /** A fresh customer with 310 of credit, and two bookings of theirs that owe 620 each. */
  async function creditAndTwoBookings() {
    const traveller = await freshCustomer();
    const first = await book({ token: traveller.token });
    await deskPayment(first.code, first.price);
    await changed(first.code, { kind: 'cancel', refundTo: 'credit' }, traveller.token);
    expect((await credit(traveller.token)).balance).toBe(310);
    const a = await book({ token: traveller.token });
    const b = await book({ token: traveller.token });
    return { token: traveller.token, a: a.code, b: b.code };
  }

  it('two spends of one credit on two bookings at once: one is paid, the other refused, never both', async () => {
    const { token, a, b } = await creditAndTwoBookings();
    const answers = await Promise.all([payWithCredit(token, a, 310), payWithCredit(token, b, 310)]);
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([201, 422]);
    expect((await credit(token)).balance).toBe(0);
  });

  it('two credit payments sent with Idempotency-Keys at once do not deadlock (503): both fit, both are paid', async () => {
    const { token, a, b } = await creditAndTwoBookings();
    // The idempotency row (user_id references users) takes a KEY SHARE lock on the user's row;
    // each payment then asks FOR UPDATE on that row, which the other's KEY SHARE blocks.
    const answers = await Promise.all([
      payWithCredit(token, a, 100, randomUUID()),
      payWithCredit(token, b, 100, randomUUID()),
    ]);
    expect(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual([
      expect.stringMatching(/^201 /),
      expect.stringMatching(/^201 /),
    ]);
    expect((await credit(token)).balance).toBe(110);
  });

  it('two credit payments of one booking with Idempotency-Keys at once: one after the other, no 503', async () => {
    const { token, a } = await creditAndTwoBookings();
    const answers = await Promise.all([
      payWithCredit(token, a, 100, randomUUID()),
      payWithCredit(token, a, 100, randomUUID()),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect((await credit(token)).balance).toBe(110);
  });

  it('a cancellation racing the settlement of a card payment: the money is recorded once and given back or kept', async () => {
    const traveller = await freshCustomer();
    const { code, price } = await book({ token: traveller.token });
    const attempt = await approvedCheckout(code, price, traveller.token);
    const [settled, cancelled] = await Promise.all([
      notify(app, event(attempt, price * 100)),
      change(code, { kind: 'cancel', refundTo: 'card' }, traveller.token),
    ]);
    expect(settled.statusCode, settled.body).toBe(200);
    expect([201, 409], cancelled.body).toContain(cancelled.statusCode);
    if (cancelled.statusCode === 409) {
      await changed(code, { kind: 'cancel', refundTo: 'card' }, traveller.token);
    }
    const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt));
    const [charge] = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.transactionId, attempt));
    const totals = await ledgerTotals(db, (await bookingRow(code)).id);
    // Either it was paid before the cancellation (the deposit kept, the rest refunded), or it
    // awaits its refund in plain sight: never cancelled and forgotten.
    expect(['paid', 'refund_required']).toContain(row?.status);
    if (row?.status === 'paid') {
      expect(totals.payments + (charge?.refundedCents ?? 0)).toBe(price * 100);
      expect(totals.debt).toBe(0);
    }
  });

  it('an added passenger racing a new booking for the last seat: the departure is not oversold', async () => {
    const { code } = await book({ adults: 2 });
    const row = await bookingRow(code);
    await db
      .update(departures)
      .set({ capacity: 3 })
      .where(and(eq(departures.tourId, row.tourId), eq(departures.date, row.travelDate)));
    const tour = await loadTour(app, SALKANTAY);
    const [added, booked] = await Promise.all([
      change(code, { kind: 'addPassenger', customerTypeId: CustomerTypeId.adult }),
      postBooking(app, other.token, bookingFor(tour, { adults: 1, date: row.travelDate })),
    ]);
    expect([added.statusCode, booked.statusCode].toSorted()).toEqual([201, 409]);
    const day = { from: row.travelDate, to: row.travelDate };
    expect((await holdingsOn(db, row.tourId, day)).get(row.travelDate)?.travellers).toBe(3);
  });

  it('a date move racing a new booking for the last seat of that date: the departure is not oversold', async () => {
    const { code } = await book({ adults: 1 });
    const row = await bookingRow(code);
    const target = dayjs(row.travelDate).add(5, 'day').format('YYYY-MM-DD');
    await db
      .insert(departures)
      .values({ tourId: row.tourId, date: target, capacity: 1 })
      .onConflictDoUpdate({ target: [departures.tourId, departures.date], set: { capacity: 1 } });
    const tour = await loadTour(app, SALKANTAY);
    const [moved, booked] = await Promise.all([
      change(code, { kind: 'date', travelDate: target }),
      postBooking(app, other.token, bookingFor(tour, { adults: 1, date: target })),
    ]);
    expect([moved.statusCode, booked.statusCode].toSorted()).toEqual([201, 409]);
    const day = { from: target, to: target };
    expect((await holdingsOn(db, row.tourId, day)).get(target)?.travellers).toBe(1);
  });
});
