import {
  adminManifest,
  CustomerTypeId,
  IncidentTypeId,
  partialAmountCents,
  paymentAddResponse,
} from '@cusco/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Executor, rowsOf } from '../src/db/client.ts';
import {
  auditEntries,
  bookings,
  ledgerEntries,
  paymentAttempts,
  sandboxCharges,
} from '../src/db/schema.ts';
import { depositOf } from '../src/modules/departures/holdings.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext } from './support/app.ts';
import {
  type BookingOptions,
  bookingFor,
  loadTour,
  nextTestDate,
  postBooking,
} from './support/bookings.ts';
import { turnBack } from './support/clock.ts';
import { detailOf, slotOf } from './support/passengers.ts';
import { addPayment, event, notify } from './support/payments.ts';

/**
 * When a booking holds its seats (issue 26, ADR 0035): once it has paid at least its deposit, net
 * of refunds, or while it is on credit; an unpaid hold ends at a fixed time, whatever the payment
 * attempts opened meanwhile. Each departure here has exactly the seats of the booking under test,
 * so another customer's booking of as many travellers is refused (409) while it holds them and
 * saved (201) once they are free.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let admin: Session;
let agent: Session;
let corporate: Session;
let owner: Session;
let rival: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  corporate = await signIn(app, demoAccounts.corporate.email, demoAccounts.corporate.password);
  owner = await signUpAndIn(app, { name: 'Nilda', lastname: 'Huaman' });
  rival = await signUpAndIn(app, { name: 'Teófilo', lastname: 'Ccori' });
});
afterAll(async () => ctx?.close());

const TOUR = '100401';
/** How long an unpaid hold lasts: the attempt lifetime the test app is configured with. */
const holdMinutes = () => app.config.payments.attemptTtlMinutes;

/** A date of the tour with exactly `seats` seats. */
async function departure(seats: number) {
  const date = nextTestDate();
  const response = await app.inject({
    method: 'PUT',
    url: `/api/admin/departures/${TOUR}/${date}`,
    headers: bearer(admin.token),
    payload: { capacity: seats, status: 'open' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return date;
}

async function book(session: Session, options: BookingOptions & { corporate?: boolean }) {
  const tour = await loadTour(app, TOUR);
  const body = { ...bookingFor(tour, options), ...(options.corporate ? { corporate: true } : {}) };
  return { body, response: await postBooking(app, session.token, body) };
}

/** The owner's booking of two adults on `date`: its code, first attempt and amounts in cents. */
async function reserve(date: string, mode: 'T' | 'P') {
  const { body, response } = await book(owner, { adults: 2, date, mode });
  expect(response.statusCode, response.body).toBe(201);
  return {
    code: response.json().code as string,
    firstAttempt: response.json().transactionId as string,
    /** What the customer chose to pay first: the total, or the deposit (spec §9). */
    firstCents: Math.round(body.amount * 100),
    totalCents: Math.round((response.json().total as number) * 100),
  };
}

/** Another customer books two adults on `date`: 201 when two seats are free, 409 when not. */
async function rivalBooks(date: string) {
  const { response } = await book(rival, { adults: 2, date });
  return response.statusCode;
}

/** The sandbox takes the card of an attempt and says so in a verified notification. */
async function chargeCard(transactionId: string, amountCents: number) {
  await db
    .update(sandboxCharges)
    .set({ status: 'approved' })
    .where(eq(sandboxCharges.transactionId, transactionId));
  const settled = await notify(app, event(transactionId, amountCents));
  expect(settled.statusCode, settled.body).toBe(200);
  return settled.json().result as string;
}

/** The customer opens a payment of `dollars` on their booking: the attempt. */
async function openPayment(code: string, dollars: number) {
  const response = await addPayment(app, owner.token, code, dollars);
  expect(response.statusCode, response.body).toBe(201);
  return paymentAddResponse.parse(response.json());
}

/** The customer pays `dollars` on their booking by card, settled: the attempt's id. */
async function pay(code: string, dollars: number) {
  const opened = await openPayment(code, dollars);
  expect(await chargeCard(opened.transactionId, dollars * 100)).toBe('paid');
  return opened.transactionId;
}

/** The booking codes on the departure's manifest (the staff's list of who travels). */
async function manifestCodes(date: string) {
  const response = await app.inject({
    url: `/api/admin/departures/${TOUR}/${date}/manifest`,
    headers: bearer(agent.token),
  });
  if (response.statusCode === 404) return [];
  expect(response.statusCode, response.body).toBe(200);
  return [...new Set(adminManifest.parse(response.json()).passengers.map((p) => p.bookingCode))];
}

/** Whether the booking tells its customer that its hold ended (its detail and the list). */
async function toldExpired(session: Session, code: string) {
  const detail = await app.inject({
    url: `/api/tour/booking/${code}`,
    headers: bearer(session.token),
  });
  expect(detail.statusCode, detail.body).toBe(200);
  const list = await app.inject({ url: '/api/tour/booking/list', headers: bearer(session.token) });
  expect(list.statusCode, list.body).toBe(200);
  const listed = list.json().find((item: { id: string }) => item.id === code);
  expect(listed?.expired).toBe(detail.json().booking.expired);
  return detail.json().booking.expired as boolean;
}

function refund(attemptId: string, amount?: number) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/payments/${attemptId}/refund`,
    headers: bearer(admin.token),
    payload: amount === undefined ? {} : { amount },
  });
}

describe('a payment below the deposit', () => {
  it('keeps the seats of a deposit booking paid 1 USD only until its hold ends', async () => {
    const date = await departure(2);
    const booking = await reserve(date, 'P');
    await pay(booking.code, 1);
    expect(await rivalBooks(date)).toBe(409);
    expect(await manifestCodes(date)).toEqual([booking.code]);

    await turnBack(db, booking.code, holdMinutes() + 1);
    // The hold ended with 1 USD paid of the deposit: the seats are free for others.
    expect(await toldExpired(owner, booking.code)).toBe(true);
    expect(await manifestCodes(date)).toEqual([]);
    expect(await rivalBooks(date)).toBe(201);
    // Paying the deposit now must take seats again, and there are none.
    const late = await addPayment(app, owner.token, booking.code, booking.firstCents / 100 - 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('That date is sold out: choose another date');
  });

  it('takes the seats again once, for a new hold as long as the first, for the rest of the deposit', async () => {
    const date = await departure(2);
    const booking = await reserve(date, 'P');
    const deposit = booking.firstCents / 100;
    await turnBack(db, booking.code, holdMinutes() + 1);
    expect(await toldExpired(owner, booking.code)).toBe(true);
    // A dollar does not take back seats its hold gave up (a dollar's checkout opened each time a
    // hold ends would keep them for ever): the rest of the deposit does.
    const dollar = await addPayment(app, owner.token, booking.code, 1);
    expect(dollar.statusCode, dollar.body).toBe(422);
    expect(dollar.json().message).toBe(
      `This reservation gave its seats back when its hold ended: to take them again, pay at least the rest of its deposit ($${deposit.toLocaleString('en-US', { minimumFractionDigits: 2 })})`,
    );
    expect(await manifestCodes(date)).toEqual([]);
    const opened = await openPayment(booking.code, deposit);
    expect(await toldExpired(owner, booking.code)).toBe(false);
    expect(await manifestCodes(date)).toEqual([booking.code]);
    // A new hold as long as the first, which the checkout does not outlive.
    expect(new Date(opened.expiresAt).getTime() - Date.now()).toBeGreaterThan(
      (holdMinutes() - 1) * 60_000,
    );
    await turnBack(db, booking.code, holdMinutes() - 1);
    expect(await manifestCodes(date)).toEqual([booking.code]);
    await turnBack(db, booking.code, 2);
    expect(await manifestCodes(date)).toEqual([]);
    // Not twice: the booking must be made again.
    const again = await addPayment(app, owner.token, booking.code, deposit);
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().message).toBe(
      'This reservation gave its seats back twice without its deposit being paid: please book again',
    );
    expect(await rivalBooks(date)).toBe(201);
  });

  it('records a late approval while seats remain, under a new hold; one after they were sold awaits a refund', async () => {
    const date = await departure(2);
    const booking = await reserve(date, 'P');
    const first = await openPayment(booking.code, 1);
    await turnBack(db, booking.code, holdMinutes() + 1);
    // The checkout is paid after the hold ended: the seats are still free, so it takes them...
    expect(await chargeCard(first.transactionId, 100)).toBe('paid');
    expect(await manifestCodes(date)).toEqual([booking.code]);
    // ...for a hold of its own, which ends too: 1 USD is not the deposit.
    const second = await openPayment(booking.code, 2);
    await turnBack(db, booking.code, holdMinutes() + 1);
    expect(await manifestCodes(date)).toEqual([]);
    expect(await rivalBooks(date)).toBe(201);
    // Money taken once the seats were sold to another is not recorded against them.
    expect(await chargeCard(second.transactionId, 200)).toBe('refund_required');
    expect(await manifestCodes(date)).not.toContain(booking.code);
    expect(await toldExpired(owner, booking.code)).toBe(true);
  });
});

describe('money kept from a payment that awaited its refund', () => {
  it('confirms its booking only when the seats are free: a partial refund is refused once they were sold', async () => {
    const date = await departure(2);
    const booking = await reserve(date, 'T');
    await turnBack(db, booking.code, holdMinutes() + 1);
    expect(await rivalBooks(date)).toBe(201);
    // The old checkout is paid after the seats went to another: the money awaits its refund.
    expect(await chargeCard(booking.firstAttempt, booking.firstCents)).toBe('refund_required');
    const audited = async () =>
      (await db.select().from(auditEntries).where(eq(auditEntries.subjectId, booking.firstAttempt)))
        .length;
    const before = { audit: await audited(), manifest: await manifestCodes(date) };

    // Keeping all but $50 would confirm the booking on seats it no longer has: refused, nothing
    // refunded or written.
    const partial = await refund(booking.firstAttempt, 50);
    expect(partial.statusCode, partial.body).toBe(409);
    expect(await manifestCodes(date)).toEqual(before.manifest);
    expect(await audited()).toBe(before.audit);
    const [attempt] = await db
      .select({ status: paymentAttempts.status })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, booking.firstAttempt));
    expect(attempt?.status).toBe('refund_required');
    const [charge] = await db
      .select({ refunded: sandboxCharges.refundedCents })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.transactionId, booking.firstAttempt));
    expect(charge?.refunded).toBe(0);

    // Given back whole, it confirms nothing: refunded, audited with the payment it recorded.
    const whole = await refund(booking.firstAttempt);
    expect(whole.statusCode, whole.body).toBe(201);
    expect(await manifestCodes(date)).toEqual(before.manifest);
    const [entry] = await db
      .select({ after: auditEntries.after })
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.subjectId, booking.firstAttempt),
          eq(auditEntries.action, 'payment.refund'),
        ),
      );
    expect(entry?.after).toMatchObject({
      amount: booking.firstCents / 100,
      paymentRecorded: booking.firstCents / 100,
      reference: expect.stringMatching(/_r[0-9a-f]{8}$/),
    });
  });
});

describe('re-opening payment attempts', () => {
  it('never extends an unpaid hold, and no attempt outlives it', async () => {
    const date = await departure(2);
    const booking = await reserve(date, 'P');
    const deposit = booking.firstCents / 100;
    let elapsed = 0;
    // Every seven minutes the customer opens another checkout: other amounts, the same one again.
    for (const dollars of [5, 5, 7, deposit]) {
      await turnBack(db, booking.code, 7);
      elapsed += 7;
      const opened = await openPayment(booking.code, dollars);
      const left = new Date(opened.expiresAt).getTime() - Date.now();
      expect(left).toBeLessThanOrEqual((holdMinutes() - elapsed) * 60_000 + 5_000);
      expect(await rivalBooks(date)).toBe(409);
    }
    // Past the hold's end (30 minutes after booking), the seats are free, whatever was reopened.
    await turnBack(db, booking.code, holdMinutes() - elapsed + 1);
    expect(await toldExpired(owner, booking.code)).toBe(true);
    expect(await rivalBooks(date)).toBe(201);
  });

  it("closes a checkout at its attempt's expiry: no card is taken after the hold, reconciled or not", async () => {
    const date = await departure(2);
    const booking = await reserve(date, 'P');
    await turnBack(db, booking.code, holdMinutes() + 1);
    const page = await app.inject({ url: `/sandbox/checkout/${booking.firstAttempt}` });
    expect(page.body).toContain('This checkout is closed');
    const paid = await app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${booking.firstAttempt}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        holder: 'Ana Quispe',
        cardNumber: '4111 1111 1111 1111',
        expiry: '12/30',
        cvc: '123',
      }).toString(),
    });
    expect(paid.body).toContain('This checkout is closed');
    const [charge] = await db
      .select({ status: sandboxCharges.status })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.transactionId, booking.firstAttempt));
    expect(charge?.status).toBe('open');
    expect((await detailOf(app, owner.token, booking.code)).payments).toEqual([]);
  });
});

describe('refunds', () => {
  it('gives back the seats of a booking refunded in full', async () => {
    const date = await departure(2);
    const booking = await reserve(date, 'T');
    expect(await chargeCard(booking.firstAttempt, booking.totalCents)).toBe('paid');
    await turnBack(db, booking.code, 24 * 60);
    // Paid in full: the seats are kept, long after the hold.
    expect(await toldExpired(owner, booking.code)).toBe(false);
    expect(await rivalBooks(date)).toBe(409);

    const refunded = await refund(booking.firstAttempt);
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(await toldExpired(owner, booking.code)).toBe(true);
    expect(await manifestCodes(date)).toEqual([]);
    expect(await rivalBooks(date)).toBe(201);
  });
});

describe('refunds, with a checkout open', () => {
  it('do not let a checkout opened while the booking was confirmed take back the seats it gave', async () => {
    const date = await departure(2);
    const booking = await reserve(date, 'P');
    expect(await chargeCard(booking.firstAttempt, booking.firstCents)).toBe('paid');
    await turnBack(db, booking.code, 24 * 60);
    // Confirmed, the customer opens a checkout for more; meanwhile the deposit is refunded.
    const more = await openPayment(booking.code, 5);
    expect((await refund(booking.firstAttempt)).statusCode).toBe(201);
    expect(await rivalBooks(date)).toBe(201);
    // The open checkout is paid: the seats are another's now, so the money awaits a refund.
    expect(await chargeCard(more.transactionId, 500)).toBe('refund_required');
    expect(await manifestCodes(date)).not.toContain(booking.code);
  });
});

describe('the deposit, to the cent', () => {
  it('keeps the seats of a booking that paid its deposit exactly, in two payments, and frees them one cent below it', async () => {
    const date = await departure(2);
    const booking = await reserve(date, 'P');
    const deposit = booking.firstCents / 100;
    await pay(booking.code, 1);
    const second = await pay(booking.code, deposit - 1);
    const [paid] = await db
      .select({ cents: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number) })
      .from(ledgerEntries)
      .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
      .where(and(eq(bookings.code, booking.code), eq(ledgerEntries.kind, 'payment')));
    expect(paid?.cents).toBe(booking.firstCents);
    await turnBack(db, booking.code, 7 * 24 * 60);
    expect(await toldExpired(owner, booking.code)).toBe(false);
    expect(await manifestCodes(date)).toEqual([booking.code]);
    expect(await rivalBooks(date)).toBe(409);

    // One cent given back: the deposit is no longer paid, and the hold ended long ago.
    expect((await refund(second, 0.01)).statusCode).toBe(201);
    expect(await toldExpired(owner, booking.code)).toBe(true);
    expect(await manifestCodes(date)).toEqual([]);
    expect(await rivalBooks(date)).toBe(201);
  });

  it('counts no discount as paid, but a booking that owes nothing keeps its seats', async () => {
    const date = await departure(4);
    const booking = await reserve(date, 'P');
    const discount = (amount: number) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${booking.code}/discounts`,
        headers: bearer(admin.token),
        payload: { amount, reason: 'Courtesy' },
      });
    // A discount as large as the deposit is not the deposit paid.
    expect((await discount(booking.firstCents / 100)).statusCode).toBe(201);
    await turnBack(db, booking.code, holdMinutes() + 1);
    expect(await manifestCodes(date)).toEqual([]);
    // The rest given too (a courtesy trip): owing nothing, it is confirmed and takes its seats.
    const rest = (booking.totalCents - booking.firstCents) / 100;
    expect((await discount(rest)).statusCode).toBe(201);
    await turnBack(db, booking.code, 7 * 24 * 60);
    expect(await manifestCodes(date)).toEqual([booking.code]);
    expect(await toldExpired(owner, booking.code)).toBe(false);
    // A charge added afterwards makes it owe again, with nothing paid: no longer confirmed, and
    // its hold long ended, it gives its seats back (ADR 0035: owing nothing counts additions).
    const charge = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.code}/additions`,
      headers: bearer(admin.token),
      payload: { amount: 20, reason: 'Porter for the luggage' },
    });
    expect(charge.statusCode, charge.body).toBe(201);
    expect(await manifestCodes(date)).toEqual([]);
  });
});

describe('the agency taking money for a booking whose hold ended', () => {
  it('refuses a payment at the desk or a discount that would confirm it when its seats were sold', async () => {
    const date = await departure(2);
    const booking = await reserve(date, 'P');
    await turnBack(db, booking.code, holdMinutes() + 1);
    expect(await rivalBooks(date)).toBe(201);
    const cash = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.code}/payments`,
      headers: bearer(agent.token),
      payload: { amount: booking.firstCents / 100, method: 'cash' },
    });
    expect(cash.statusCode, cash.body).toBe(409);
    const all = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.code}/discounts`,
      headers: bearer(admin.token),
      payload: { amount: booking.totalCents / 100, reason: 'Courtesy' },
    });
    expect(all.statusCode, all.body).toBe(409);
    expect(await manifestCodes(date)).not.toContain(booking.code);
  });
});

describe('a passenger removed from a booking whose hold ended', () => {
  it('is refused when it would confirm the booking on seats sold meanwhile', async () => {
    const date = await departure(2);
    const booking = await reserve(date, 'P');
    const before = await detailOf(app, owner.token, booking.code);
    const unitCents = Math.round(((before.passanger[0]?.total ?? 0) / 2) * 100);
    // Paid the deposit of one passenger: not the deposit of two.
    await pay(booking.code, partialAmountCents(unitCents, 0) / 100);
    await turnBack(db, booking.code, holdMinutes() + 1);
    expect(await rivalBooks(date)).toBe(201);
    const filed = await app.inject({
      method: 'POST',
      url: '/api/incident/save',
      headers: bearer(owner.token),
      payload: {
        typeId: IncidentTypeId.removePassenger,
        bookingId: booking.code,
        targetId: slotOf(before, CustomerTypeId.adult).id,
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    // Accepting it would leave one passenger whose deposit is paid: confirmed, on sold seats.
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/admin/incidents/${filed.json().id}/answer`,
      headers: bearer(admin.token),
      payload: { response: 'Removed.', decision: 'accept' },
    });
    expect(accepted.statusCode, accepted.body).toBe(409);
    expect(await manifestCodes(date)).not.toContain(booking.code);
    expect((await detailOf(app, owner.token, booking.code)).passangerRegistry).toHaveLength(2);
  });
});

describe('on credit', () => {
  it('keeps the seats of a corporate booking, never paid', async () => {
    const date = await departure(2);
    const { response } = await book(corporate, { adults: 2, date, corporate: true });
    expect(response.statusCode, response.body).toBe(201);
    const code = response.json().code as string;
    await turnBack(db, code, 7 * 24 * 60);
    expect(await toldExpired(corporate, code)).toBe(false);
    expect(await manifestCodes(date)).toEqual([code]);
    expect(await rivalBooks(date)).toBe(409);
  });
});

describe('bookings whose holds ended, paid at once', () => {
  it.skipIf(!isPostgres)(
    'take the last seats back one at a time: one is paid, the other refused',
    async () => {
      for (let round = 0; round < 3; round++) {
        const date = await departure(2);
        const mine = await reserve(date, 'P');
        await turnBack(db, mine.code, holdMinutes() + 1);
        const { response } = await book(rival, { adults: 2, date, mode: 'P' });
        expect(response.statusCode, response.body).toBe(201);
        const theirs = response.json().code as string;
        await turnBack(db, theirs, holdMinutes() + 1);
        // Each opens the rest of its deposit (both bookings are alike): what takes seats back.
        const deposit = mine.firstCents / 100;
        const answers = await Promise.all([
          addPayment(app, owner.token, mine.code, deposit),
          addPayment(app, rival.token, theirs, deposit),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
        expect(await manifestCodes(date)).toHaveLength(1);
      }
    },
  );
});

describe('the deposit the database reads', () => {
  it("is spec §9's partial amount: half of passengers and hotels, in whole dollars, rounded down", async () => {
    const depositInSql = async (passengers: number, hotels: number) => {
      const deposit = depositOf({
        passengersCents: sql`${passengers}::integer`,
        hotelsCents: sql`${hotels}::integer`,
      });
      const [row] = rowsOf<{ cents: number }>(await db.execute(sql`select ${deposit} as cents`));
      return Number(row?.cents);
    };
    // By hand: $790.50 + $0 → $395; $659 + $133.33 → $396 ($396.165 down); $1.99 → $0.
    expect(await depositInSql(79_050, 0)).toBe(39_500);
    expect(await depositInSql(65_900, 13_333)).toBe(39_600);
    expect(await depositInSql(199, 0)).toBe(0);
    // And the same as the shared rule the booking page shows, around every rounding edge.
    for (const [passengers, hotels] of [
      [0, 0],
      [200, 0],
      [399, 0],
      [400, 1],
      [158_100, 0],
      [100_000, 44_000],
      [123_457, 98_765],
    ] as const) {
      expect(await depositInSql(passengers, hotels)).toBe(partialAmountCents(passengers, hotels));
    }
  });
});
