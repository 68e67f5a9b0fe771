import { availabilityList, departureCalendar, todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { departures, tours } from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { demoScheduleEnd } from '../src/seed/demo-departures.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';

/**
 * A departure's guard rails (issue 28): a capacity below what is booked is refused with the
 * bookings listed; a day is closed or cancelled only with a reason, which is what customers then
 * read; and the demo's classic trail has its seats and permits on every date it schedules.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let admin: Session;
let customer: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  customer = await signUpAndIn(app, { name: 'Wilber', lastname: 'Condori' });
});
afterAll(async () => ctx?.close());

function manage(date: string, body: object) {
  return app.inject({
    method: 'PUT',
    url: `/api/admin/departures/100401/${date}`,
    headers: bearer(admin.token),
    payload: body,
  });
}

function bulk(body: object) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/tours/100401/departures',
    headers: bearer(admin.token),
    payload: body,
  });
}

async function book(date: string, adults: number) {
  const tour = await loadTour(app, '100401');
  const response = await postBooking(app, customer.token, bookingFor(tour, { adults, date }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().code as string;
}

async function availability(date: string, language = 'en') {
  const response = await app.inject({
    url: `/api/tour/100401/availability?from=${date}&to=${date}`,
    headers: { 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return availabilityList.parse(response.json())[0];
}

describe('a capacity below what is booked', () => {
  it('is refused with 409 and the bookings listed; nothing is written; at what is booked it is taken', async () => {
    const date = '2030-06-04';
    expect((await manage(date, { capacity: 10, status: 'open' })).statusCode).toBe(200);
    const first = await book(date, 3);
    const second = await book(date, 2);

    const refused = await manage(date, { capacity: 4 });
    expect(refused.statusCode, refused.body).toBe(409);
    const body = refused.json();
    expect(body.field).toBe('capacity');
    expect(body.message).toBe(
      `5 travellers are already booked on ${date}: the capacity cannot be 4. Move or cancel these bookings first: ${[first, second].sort().join(', ')}`,
    );
    expect(body.details.bookings.map((booking: { code: string }) => booking.code).sort()).toEqual(
      [first, second].sort(),
    );
    expect(body.details.days).toEqual([{ date, booked: 5, capacity: 4 }]);
    const [row] = await db
      .select({ capacity: departures.capacity })
      .from(departures)
      .innerJoin(tours, eq(tours.id, departures.tourId))
      .where(and(eq(tours.code, '100401'), eq(departures.date, date)));
    expect(row?.capacity).toBe(10);

    // In a bulk change too, with the day's bookings.
    const bulkRefused = await bulk({
      from: date,
      to: date,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      capacity: 0,
    });
    expect(bulkRefused.statusCode, bulkRefused.body).toBe(409);
    expect(bulkRefused.json().details.bookings).toHaveLength(2);

    // Exactly what is booked is accepted: the day is then full.
    const full = await manage(date, { capacity: 5 });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({ capacity: 5, booked: 5, seatsLeft: 0 });
  });
});

describe('closing or cancelling a departure', () => {
  it('needs a reason (422 on the reason), and that reason is what customers read', async () => {
    const date = '2030-06-11';
    const silent = await manage(date, { status: 'closed' });
    expect(silent.statusCode).toBe(422);
    expect(silent.json()).toMatchObject({
      field: 'reason',
      message: 'Say why the departure is closed or cancelled: customers see this reason',
    });
    expect((await manage(date, { status: 'cancelled', reason: '   ' })).statusCode).toBe(422);
    expect((await availability(date))?.status).toBe('open');

    const closed = await manage(date, {
      status: 'closed',
      reason: 'Trail maintenance by the park',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await availability(date)).toMatchObject({
      status: 'closed',
      reason: 'Trail maintenance by the park',
    });
    expect(await availability(date, 'es')).toMatchObject({
      reason: 'Trail maintenance by the park',
    });
    // Clearing the reason of a closed day is refused as well; reopening needs none.
    expect((await manage(date, { reason: null })).statusCode).toBe(422);
    expect((await manage(date, { status: 'open', reason: null })).statusCode).toBe(200);

    const bulkSilent = await bulk({
      from: '2030-06-15',
      to: '2030-06-20',
      weekdays: [1, 3],
      status: 'cancelled',
    });
    expect(bulkSilent.statusCode).toBe(422);
    expect(bulkSilent.json().field).toBe('reason');
    const bulkSaid = await bulk({
      from: '2030-06-15',
      to: '2030-06-20',
      weekdays: [1, 3],
      status: 'cancelled',
      reason: 'Railway strike',
    });
    expect(bulkSaid.statusCode, bulkSaid.body).toBe(200);
    expect(await availability('2030-06-17')).toMatchObject({
      status: 'cancelled',
      reason: 'Railway strike',
    });
  });
});

describe("the demo's classic trail", () => {
  it('has its seats and permits on every date it schedules, booked ones too', async () => {
    const missing = await db
      .select({ date: departures.date })
      .from(departures)
      .innerJoin(tours, eq(tours.id, departures.tourId))
      .where(
        and(
          eq(tours.code, '100401'),
          lte(departures.date, demoScheduleEnd(todayInLima())),
          or(isNull(departures.capacity), isNull(departures.permits)),
        ),
      );
    expect(missing).toEqual([]);
    // The first March date the trail runs (the demo's bookings are on it) reads as scheduled.
    const today = todayInLima();
    let march = dayjs(today).add(21, 'day');
    while (march.month() !== 2) march = march.add(1, 'day');
    const date = march.format('YYYY-MM-DD');
    if (date <= demoScheduleEnd(today)) {
      const response = await app.inject({
        url: `/api/admin/tours/100401/departures?from=${date}&to=${date}`,
        headers: bearer(admin.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      const [day] = departureCalendar.parse(response.json()).days;
      expect(day).toMatchObject({ scheduled: true, capacity: 16, permits: 60 });
    }
  });
});
