import { availabilityList, managedDeparture, todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import {
  auditEntries,
  bookings,
  paymentAttempts,
  sandboxCharges,
  tours,
} from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { demoDepartureDates } from '../src/seed/demo-departures.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { addPayment, event, notify } from './support/payments.ts';

/**
 * Availability (issue 14): a departure the agency manages sells its seats once. Bookings racing
 * for its last seats are taken in turn; a closed date is refused with its reason; an unpaid
 * booking whose payment attempt expired gives its seats back; trail permits cap the seats.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let admin: Session;
let agent: Session;
let customer: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  customer = await signUpAndIn(app, { name: 'Rocío', lastname: 'Pari' });
});
afterAll(async () => ctx?.close());

function manage(token: string, tourCode: string, date: string, body: object) {
  return app.inject({
    method: 'PUT',
    url: `/api/admin/departures/${tourCode}/${date}`,
    headers: bearer(token),
    payload: body,
  });
}

async function book(date: string, adults = 1, token = customer.token) {
  const tour = await loadTour(app, '100401');
  return postBooking(app, token, bookingFor(tour, { adults, date }));
}

const availability = async (from: string, to: string) => {
  const response = await app.inject({ url: `/api/tour/100401/availability?from=${from}&to=${to}` });
  expect(response.statusCode, response.body).toBe(200);
  return availabilityList.parse(response.json());
};

describe('managing a departure', () => {
  it('is for administrators (agent 403, customer 404), audited, and shown in the availability', async () => {
    const body = { capacity: 12, status: 'open' };
    expect((await manage(customer.token, '100401', '2030-04-01', body)).statusCode).toBe(404);
    expect((await manage(agent.token, '100401', '2030-04-01', body)).statusCode).toBe(403);
    const set = await manage(admin.token, '100401', '2030-04-01', body);
    expect(set.statusCode, set.body).toBe(200);
    expect(managedDeparture.parse(set.json())).toMatchObject({
      capacity: 12,
      booked: 0,
      seatsLeft: 12,
      bookings: [],
    });
    const [audit] = await db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, 'departure.update'),
          eq(auditEntries.staffUserId, admin.user.id),
        ),
      );
    expect(audit?.after).toMatchObject({ tourCode: '100401', date: '2030-04-01', capacity: 12 });
    expect(await availability('2030-04-01', '2030-04-02')).toEqual([
      { date: '2030-04-01', status: 'open', seatsLeft: 12, more: false, reason: '' },
    ]);
    for (const bad of [
      { capacity: -1, status: 'open' },
      { capacity: 5, status: 'maybe' },
      { capacity: 5, status: 'open', permits: 1.5 },
    ]) {
      expect((await manage(admin.token, '100401', '2030-04-01', bad)).statusCode).toBe(400);
    }
    expect((await manage(admin.token, '999999', '2030-04-01', body)).statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/api/tour/100401/availability?from=2030-01-01&to=2032-01-01' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('the demo departures', () => {
  it("close the trail's next February with its reason, and show a date nearly full and one sold out", async () => {
    const today = dayjs(todayInLima());
    const days = await availability(
      today.format('YYYY-MM-DD'),
      today.add(11, 'month').format('YYYY-MM-DD'),
    );
    // Every February day of the eleven months the demo covers is closed, with its reason.
    const closed = new Set(
      days
        .filter((day) => day.status === 'closed' && day.reason.includes('February'))
        .map((day) => day.date),
    );
    for (let day = today; day.isBefore(today.add(11, 'month')); day = day.add(1, 'day')) {
      if (day.month() === 1) expect(closed.has(day.format('YYYY-MM-DD'))).toBe(true);
    }
    expect([...closed].every((date) => date.slice(5, 7) === '02')).toBe(true);
    const demo = demoDepartureDates(todayInLima());
    expect(days.find((day) => day.date === demo.nearlyFull)).toMatchObject({
      status: 'open',
      seatsLeft: 3,
    });
    expect(days.find((day) => day.date === demo.soldOut)).toMatchObject({
      status: 'soldOut',
      seatsLeft: 0,
    });
  });
});

describe('selling a departure', () => {
  it('sells a departure of 10 seats to exactly 10 of 50 customers racing for it', async () => {
    const date = '2030-05-04';
    expect(
      (await manage(admin.token, '100401', date, { capacity: 10, status: 'open' })).statusCode,
    ).toBe(200);
    const racers = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        signUpAndIn(app, { name: `Racer${n}`, lastname: 'Quispe' }),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => book(date, 1, racers[n % racers.length]?.token)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toMatchObject({
      message: 'That date is sold out: choose another date',
      details: { seatsLeft: 0 },
    });
    const [sold] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(bookings)
      .innerJoin(tours, eq(tours.id, bookings.tourId))
      .where(and(eq(tours.code, '100401'), eq(bookings.travelDate, date)));
    expect(sold?.n).toBe(10);
    expect(await availability(date, date)).toEqual([
      { date, status: 'soldOut', seatsLeft: 0, more: false, reason: '' },
    ]);
  });

  it('says how many seats are left, and the next dates with room', async () => {
    await manage(admin.token, '100401', '2030-06-01', { capacity: 3, status: 'open' });
    await manage(admin.token, '100401', '2030-06-02', { capacity: 1, status: 'open' });
    await manage(admin.token, '100401', '2030-06-03', { capacity: 8, status: 'open' });
    expect((await book('2030-06-01', 2)).statusCode).toBe(201);
    const tooMany = await book('2030-06-01', 2);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      message: 'Only 1 seats are left on that date',
      details: { seatsLeft: 1, nextDates: ['2030-06-03'] },
    });
  });

  it('refuses a date that does not run, with its reason; closing one lists its bookings', async () => {
    const date = '2030-07-10';
    await manage(admin.token, '100401', date, { capacity: 10, status: 'open' });
    const booked = await book(date, 2);
    expect(booked.statusCode).toBe(201);
    const closed = await manage(admin.token, '100401', date, {
      capacity: 10,
      status: 'closed',
      reason: 'Trail maintenance',
    });
    expect(closed.json().bookings).toEqual([
      expect.objectContaining({
        code: booked.json().code,
        passengers: 2,
        customerName: 'Rocío Pari',
      }),
    ]);
    const refused = await book(date);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This tour does not run on that date: Trail maintenance');
    expect(await availability(date, date)).toEqual([
      { date, status: 'closed', seatsLeft: 0, more: false, reason: 'Trail maintenance' },
    ]);
  });

  it('caps the seats by the trail permits its travellers and their staff use', async () => {
    const date = '2030-08-15';
    await db.update(tours).set({ staffRatio: 2.5 }).where(eq(tours.code, '100401'));
    try {
      // 7 permits at 3.5 a traveller: 2 travellers, whatever the 16 seats.
      await manage(admin.token, '100401', date, { capacity: 16, permits: 7, status: 'open' });
      expect(await availability(date, date)).toEqual([
        { date, status: 'open', seatsLeft: 2, more: false, reason: '' },
      ]);
      expect((await book(date, 3)).statusCode).toBe(409);
      expect((await book(date, 2)).statusCode).toBe(201);
    } finally {
      await db.update(tours).set({ staffRatio: 0 }).where(eq(tours.code, '100401'));
    }
  });

  it('gives back the seats of an unpaid booking whose attempt expired; it pays again only if seats remain', async () => {
    const date = '2030-09-20';
    await manage(admin.token, '100401', date, { capacity: 1, status: 'open' });
    const first = await book(date);
    expect(first.statusCode).toBe(201);
    expect((await book(date)).statusCode).toBe(409);
    // The first booking's checkout expires unpaid: its seat goes back...
    await db
      .update(paymentAttempts)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(paymentAttempts.id, first.json().transactionId));
    const second = await book(date);
    expect(second.statusCode, second.body).toBe(201);
    // ...and it cannot be paid now: the seat is the second booking's.
    const late = await addPayment(app, customer.token, first.json().code, first.json().total);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('That date is sold out: choose another date');

    // The expired checkout is charged after all: the money is held for a refund, not a seat.
    const attemptId = first.json().transactionId as string;
    await db
      .update(sandboxCharges)
      .set({ status: 'approved' })
      .where(eq(sandboxCharges.transactionId, attemptId));
    const settled = await notify(app, event(attemptId, Math.round(first.json().amount * 100)));
    expect(settled.json().result).toBe('refund_required');
    const [attempt] = await db
      .select({ status: paymentAttempts.status, reason: paymentAttempts.failureReason })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attemptId));
    expect(attempt).toEqual({
      status: 'refund_required',
      reason: 'paid after its seats were sold to others',
    });
    expect((await availability(date, date))[0]?.seatsLeft).toBe(0);
  });

  it('leaves a date the agency does not manage as it was', async () => {
    const answers = await Promise.all(Array.from({ length: 3 }, () => book('2030-10-05', 2)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(await availability('2030-10-01', '2030-10-31')).toEqual([]);
  });
});
