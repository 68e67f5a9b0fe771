import {
  addYears,
  availabilityList,
  departureCalendar,
  managedDeparture,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import {
  auditEntries,
  bookings,
  departures,
  paymentAttempts,
  sandboxCharges,
  tours,
} from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { demoDepartureDates } from '../src/seed/demo-departures.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { turnBack } from './support/clock.ts';
import { addPayment, event, notify } from './support/payments.ts';

/**
 * Availability (issue 14): a departure the agency manages sells its seats once. Bookings racing
 * for its last seats are taken in turn; a closed date is refused with its reason; an unpaid
 * booking whose hold ended gives its seats back (ADR 0035); trail permits cap the seats.
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
    expect(await availability('2030-04-01', '2030-04-01')).toEqual([
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
    // Only the dates a booking can be made for: not the past, not the year 9999.
    const today = todayInLima();
    const addDays = (date: string, days: number) =>
      dayjs(date).add(days, 'day').format('YYYY-MM-DD');
    for (const date of [
      '1900-01-01',
      addDays(today, -1),
      addDays(addYears(today, 10), 1),
      '9999-12-31',
    ]) {
      const refused = await manage(admin.token, '100401', date, body);
      expect(refused.statusCode, `${date}: ${refused.body}`).toBe(422);
      expect(refused.json().code).toBe('BUSINESS_RULE');
    }
    expect((await manage(admin.token, '100401', today, body)).statusCode).toBe(200);
    expect((await manage(admin.token, '100401', addYears(today, 10), body)).statusCode).toBe(200);
    const bulkBefore = await app.inject({
      method: 'POST',
      url: '/api/admin/tours/100401/departures',
      headers: bearer(admin.token),
      payload: { from: addDays(today, -3), to: addDays(today, 3), weekdays: [1], capacity: 9 },
    });
    expect(bulkBefore.statusCode, bulkBefore.body).toBe(422);
    expect(
      (await app.inject({ url: '/api/tour/100401/availability?from=2030-01-01&to=2032-01-01' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('editing a departure', () => {
  const row = async (tourCode: string, date: string) => {
    const [tour] = await db.select({ id: tours.id }).from(tours).where(eq(tours.code, tourCode));
    const [found] = await db
      .select()
      .from(departures)
      .where(and(eq(departures.tourId, tour?.id ?? ''), eq(departures.date, date)));
    return found;
  };
  const figures = (found: Awaited<ReturnType<typeof row>>) =>
    found && {
      capacity: found.capacity,
      permits: found.permits,
      privateGroups: found.privateGroups,
      status: found.status,
      reason: found.reason,
    };

  it('leaves a field absent from the request as it was; null clears it', async () => {
    const full = {
      capacity: 12,
      permits: 30,
      privateGroups: 2,
      status: 'closed',
      reason: 'Landslide',
    };
    expect((await manage(admin.token, '100401', '2030-05-06', full)).statusCode).toBe(200);

    // The seats and status without the permits, private groups and reason: those stay.
    const seats = await manage(admin.token, '100401', '2030-05-06', {
      capacity: 14,
      status: 'closed',
    });
    expect(seats.statusCode, seats.body).toBe(200);
    expect(managedDeparture.parse(seats.json())).toMatchObject({
      capacity: 14,
      permits: 30,
      privateGroups: 2,
      status: 'closed',
      reason: 'Landslide',
    });
    expect(figures(await row('100401', '2030-05-06'))).toEqual({ ...full, capacity: 14 });

    // Only the status: the rest stays (the seats too).
    const open = await manage(admin.token, '100401', '2030-05-06', { status: 'open' });
    expect(open.statusCode, open.body).toBe(200);
    expect(figures(await row('100401', '2030-05-06'))).toEqual({
      ...full,
      capacity: 14,
      status: 'open',
    });

    // Clearing is explicit: null is "the tour's own" (or no permit cap), and an empty reason.
    const cleared = await manage(admin.token, '100401', '2030-05-06', {
      permits: null,
      privateGroups: null,
      reason: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(figures(await row('100401', '2030-05-06'))).toEqual({
      capacity: 14,
      permits: null,
      privateGroups: null,
      status: 'open',
      reason: '',
    });
    expect(managedDeparture.parse(cleared.json())).toMatchObject({
      capacity: 14,
      permits: null,
      privateGroups: null,
    });
    const capacity = await manage(admin.token, '100401', '2030-05-06', { capacity: null });
    expect(capacity.statusCode, capacity.body).toBe(200);
    expect(figures(await row('100401', '2030-05-06'))).toMatchObject({ capacity: null });

    // A status cannot be cleared (a departure is always open, closed or cancelled).
    expect((await manage(admin.token, '100401', '2030-05-06', { status: null })).statusCode).toBe(
      400,
    );
    // Each change is audited with the departure as it was and as it is.
    const audits = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'departure.update'));
    const last = audits.find((entry) => (entry.after as { capacity?: unknown }).capacity === null);
    expect(last?.before).toMatchObject({ capacity: 14, permits: null });
    expect(last?.after).toMatchObject({ date: '2030-05-06', capacity: null, status: 'open' });
  });

  it("schedules a date not yet scheduled with the tour's own figures for the fields left out", async () => {
    const set = await manage(admin.token, '100401', '2030-05-07', { permits: 20 });
    expect(set.statusCode, set.body).toBe(200);
    expect(figures(await row('100401', '2030-05-07'))).toEqual({
      capacity: null,
      permits: 20,
      privateGroups: null,
      status: 'open',
      reason: '',
    });
  });

  it('in bulk, leaves the fields left out as each date had them', async () => {
    const range = { from: '2031-06-02', to: '2031-06-03', weekdays: [0, 1, 2, 3, 4, 5, 6] };
    const bulk = (body: object) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/tours/100401/departures',
        headers: bearer(admin.token),
        payload: { ...range, ...body },
      });
    expect((await bulk({ capacity: 9, permits: 40, status: 'open' })).statusCode).toBe(200);
    const closed = await bulk({ status: 'closed', reason: 'Maintenance' });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const date of ['2031-06-02', '2031-06-03']) {
      expect(figures(await row('100401', date))).toEqual({
        capacity: 9,
        permits: 40,
        privateGroups: null,
        status: 'closed',
        reason: 'Maintenance',
      });
    }
  });
});

describe('the demo departures', () => {
  it('close the trail every February and inside its lead time, and show a date nearly full and one sold out', async () => {
    const today = dayjs(todayInLima());
    const days = await availability(
      today.format('YYYY-MM-DD'),
      today.add(12, 'month').format('YYYY-MM-DD'),
    );
    for (const day of days) {
      const date = dayjs(day.date);
      if (date.month() === 1) {
        expect(day).toMatchObject({
          status: 'closed',
          reason: 'This tour does not run in February',
        });
      } else if (date.diff(today, 'day') < 21) {
        expect(day).toMatchObject({
          status: 'closed',
          reason: 'Book at least 21 days before travel',
        });
      }
    }
    const demo = demoDepartureDates(todayInLima());
    expect(days.find((day) => day.date === demo.nearlyFull)).toMatchObject({
      status: 'open',
      seatsLeft: 3,
    });
    expect(days.find((day) => day.date === demo.soldOut)).toMatchObject({
      status: 'soldOut',
      seatsLeft: 0,
    });
    // Every other date the trail runs is scheduled with its 16 seats a group (60 permits hold
    // 17 travellers at 3.5 permits each: the seats are the smaller).
    const open = days.filter((day) => day.status === 'open' && day.date !== demo.nearlyFull);
    expect(open.length).toBeGreaterThan(200);
    expect(open.every((day) => day.seatsLeft <= 16)).toBe(true);
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
    // The next dates with room for two: the 3rd (8 seats), then dates the agency has not
    // scheduled, which take the tour's own 16 seats.
    expect(tooMany.json()).toMatchObject({
      message: 'Only 1 seat is left on that date',
      details: { seatsLeft: 1, nextDates: ['2030-06-03', '2030-06-04', '2030-06-05'] },
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
    // With the next dates with room, as a sold-out date's refusal (the page offers them).
    expect(refused.json().details).toEqual({
      nextDates: ['2030-07-11', '2030-07-12', '2030-07-13'],
    });
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

  it('gives back the seats of an unpaid booking whose hold ended; it pays again only if seats remain', async () => {
    const date = '2030-09-20';
    await manage(admin.token, '100401', date, { capacity: 1, status: 'open' });
    const first = await book(date);
    expect(first.statusCode).toBe(201);
    expect((await book(date)).statusCode).toBe(409);
    // The first booking's hold ends unpaid: its seat goes back...
    await turnBack(db, first.json().code, app.config.payments.attemptTtlMinutes + 1);
    // The customer sees it: the booking's hold expired, in its detail and in the list.
    const detail = await app.inject({
      url: `/api/tour/booking/${first.json().code}`,
      headers: bearer(customer.token),
    });
    expect(detail.json().booking.expired).toBe(true);
    const list = await app.inject({
      url: '/api/tour/booking/list',
      headers: bearer(customer.token),
    });
    expect(list.json().find((item: { id: string }) => item.id === first.json().code)?.expired).toBe(
      true,
    );
    const second = await book(date);
    expect(second.statusCode, second.body).toBe(201);
    expect(
      (
        await app.inject({
          url: `/api/tour/booking/${second.json().code}`,
          headers: bearer(customer.token),
        })
      ).json().booking.expired,
    ).toBe(false);
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

  it("sells a date the agency has not scheduled with the tour's own seats, each language group apart", async () => {
    const date = '2030-10-05';
    const tour = await loadTour(app, '100401');
    const english = () => bookingFor(tour, { adults: 4, date, category: 0 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postBooking(app, customer.token, english())),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 201, 409]);
    // The Spanish group of the same day has its own 16 seats.
    const spanish = await postBooking(
      app,
      customer.token,
      bookingFor(tour, { adults: 4, date, category: 1 }),
    );
    expect(spanish.statusCode, spanish.body).toBe(201);
    const english0 = await availability(date, date);
    expect(english0[0]).toMatchObject({ status: 'soldOut', seatsLeft: 0 });
    const spanishDay = await app.inject({
      url: `/api/tour/100401/availability?from=${date}&to=${date}&category=${tour.categories[1]?.value}`,
    });
    expect(spanishDay.json()[0]).toMatchObject({ status: 'open', seatsLeft: 12 });
  });
});

describe("the tour's rules", () => {
  const today = dayjs(todayInLima());

  it('refuse a date inside the lead time, in a closed month, or on a day the tour does not run', async () => {
    const tooSoon = await book(today.add(20, 'day').format('YYYY-MM-DD'));
    expect(tooSoon.statusCode).toBe(422);
    expect(tooSoon.json().message).toBe(
      'This tour does not run on that date: Book at least 21 days before travel',
    );
    let february = today.add(1, 'year').month(1).date(10);
    if (february.diff(today, 'day') < 30) february = february.add(1, 'year');
    const closed = await book(february.format('YYYY-MM-DD'));
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe(
      'This tour does not run on that date: This tour does not run in February',
    );
    // The Choquequirao trek leaves on Mondays and Thursdays only.
    const choquequirao = await loadTour(app, '200402');
    let tuesday = today.add(1, 'year');
    while (tuesday.day() !== 2) tuesday = tuesday.add(1, 'day');
    const onTuesday = await postBooking(
      app,
      customer.token,
      bookingFor(choquequirao, { date: tuesday.format('YYYY-MM-DD') }),
    );
    expect(onTuesday.statusCode).toBe(422);
    const spanish = await postBooking(
      app,
      customer.token,
      bookingFor(choquequirao, { date: tuesday.format('YYYY-MM-DD') }),
      { 'accept-language': 'es' },
    );
    expect(spanish.json().message).toBe(
      'Este tour no sale en esa fecha: Este tour no sale los días martes',
    );
    const monday = tuesday.subtract(1, 'day').format('YYYY-MM-DD');
    const onMonday = await postBooking(
      app,
      customer.token,
      bookingFor(choquequirao, { date: monday }),
    );
    expect(onMonday.statusCode, onMonday.body).toBe(201);
    // The calendar says the same, day by day.
    const week = await app.inject({
      url: `/api/tour/200402/availability?from=${monday}&to=${tuesday.format('YYYY-MM-DD')}`,
      headers: { 'accept-language': 'en' },
    });
    expect(week.json().map((day: { status: string; reason: string }) => day.reason)).toEqual([
      '',
      'This tour does not run on Tuesdays',
    ]);
  });

  it('hold corporate bookings to 2 passengers 60 days ahead or more, 4 when later', async () => {
    const reseller = await signIn(
      app,
      demoAccounts.corporate.email,
      demoAccounts.corporate.password,
    );
    // The Lares trek: no hotel to choose, booked 3 days ahead at least.
    const tour = await loadTour(app, '200401');
    const corporate = (adults: number, days: number) =>
      postBooking(app, reseller.token, {
        ...bookingFor(tour, { adults, date: today.add(days, 'day').format('YYYY-MM-DD') }),
        corporate: true,
      });
    const one = await corporate(1, 90);
    expect(one.statusCode).toBe(422);
    expect(one.json().message).toBe('A corporate booking needs at least 2 passengers');
    const two = await corporate(2, 90);
    expect(two.statusCode, two.body).toBe(201);
    const three = await corporate(3, 30);
    expect(three.statusCode).toBe(422);
    expect(three.json().message).toBe(
      'A corporate booking made less than 60 days before travel needs at least 4 passengers',
    );
    expect((await corporate(4, 30)).statusCode).toBe(201);
    // A customer's booking of one passenger, 30 days on, is not held to them.
    expect(
      (
        await postBooking(
          app,
          customer.token,
          bookingFor(tour, {
            adults: 1,
            date: today.add(30, 'day').format('YYYY-MM-DD'),
          }),
        )
      ).statusCode,
    ).toBe(201);
  });
});

describe('private groups', () => {
  it("take a slot of the day each, not the group's seats; the day's permits cap them all", async () => {
    const date = '2030-11-12';
    const tour = await loadTour(app, '100401');
    const privately = (adults: number) =>
      postBooking(app, customer.token, bookingFor(tour, { adults, date, type: 1 }));
    // The classic trail takes two private groups a day.
    expect((await privately(6)).statusCode).toBe(201);
    expect((await privately(2)).statusCode).toBe(201);
    const third = await privately(1);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(
      'No private group can be added on that date: choose another date',
    );
    // The English group still has its 16 seats.
    expect((await availability(date, date))[0]).toMatchObject({ status: 'open', seatsLeft: 16 });
    const privateDay = await app.inject({
      url: `/api/tour/100401/availability?from=${date}&to=${date}&type=${tour.types[1]?.value}`,
    });
    expect(privateDay.json()[0]).toMatchObject({ status: 'soldOut', seatsLeft: 0 });

    // With 40 permits at 3.5 a traveller (11 travellers), the 8 private travellers leave 3 seats.
    await manage(admin.token, '100401', date, { capacity: 16, permits: 40, status: 'open' });
    await db.update(tours).set({ staffRatio: 2.5 }).where(eq(tours.code, '100401'));
    try {
      app.catalogueChanged();
      expect((await availability(date, date))[0]).toMatchObject({ seatsLeft: 3 });
      expect((await book(date, 4)).statusCode).toBe(409);
      expect((await book(date, 3)).statusCode).toBe(201);
    } finally {
      await db.update(tours).set({ staffRatio: 0 }).where(eq(tours.code, '100401'));
      app.catalogueChanged();
    }
  });
});

describe('departures in bulk', () => {
  const bulk = (token: string, body: object) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/tours/100201/departures',
      headers: bearer(token),
      payload: body,
    });

  it('sets a range of dates on chosen days of the week, audited, and lists the bookings on those it closes', async () => {
    const body = {
      from: '2031-03-01',
      to: '2031-03-31',
      weekdays: [2, 6],
      capacity: 10,
      permits: 30,
      privateGroups: 1,
      status: 'open',
    };
    expect((await bulk(customer.token, body)).statusCode).toBe(404);
    expect((await bulk(agent.token, body)).statusCode).toBe(403);
    const set = await bulk(admin.token, body);
    expect(set.statusCode, set.body).toBe(200);
    // March 2031: Saturdays 1, 8, 15, 22, 29 and Tuesdays 4, 11, 18, 25.
    expect(set.json().dates).toEqual([
      '2031-03-01',
      '2031-03-04',
      '2031-03-08',
      '2031-03-11',
      '2031-03-15',
      '2031-03-18',
      '2031-03-22',
      '2031-03-25',
      '2031-03-29',
    ]);
    const short = await loadTour(app, '100201');
    const booked = await postBooking(
      app,
      customer.token,
      bookingFor(short, { adults: 2, date: '2031-03-11' }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const calendar = await app.inject({
      url: '/api/admin/tours/100201/departures?from=2031-03-10&to=2031-03-12',
      headers: { ...bearer(agent.token), 'accept-language': 'en' },
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    const days = departureCalendar.parse(calendar.json()).days;
    expect(days.map((day) => [day.date, day.scheduled, day.capacity])).toEqual([
      ['2031-03-10', false, 16],
      ['2031-03-11', true, 10],
      ['2031-03-12', false, 16],
    ]);
    expect(days[1]).toMatchObject({
      permits: 30,
      privateGroups: 1,
      booked: 2,
      groups: [
        { category: 'English', booked: 2, seatsLeft: 8 },
        { category: 'Spanish', booked: 0, seatsLeft: 10 },
      ],
      privateBooked: 0,
    });

    const close = await bulk(admin.token, {
      ...body,
      from: '2031-03-10',
      to: '2031-03-12',
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      status: 'cancelled',
      reason: 'Strike on the railway',
    });
    expect(close.json().dates).toEqual(['2031-03-10', '2031-03-11', '2031-03-12']);
    expect(close.json().bookings).toEqual([
      expect.objectContaining({ code: booked.json().code, date: '2031-03-11', passengers: 2 }),
    ]);
    const [audit] = await db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, 'departure.bulk'),
          sql`${auditEntries.after}->>'tourCode' = '100201'`,
        ),
      );
    expect(audit?.after).toMatchObject({ tourCode: '100201', weekdays: [2, 6], capacity: 10 });
    const after = await app.inject({
      url: '/api/tour/100201/availability?from=2031-03-11&to=2031-03-11',
    });
    expect(after.json()[0]).toMatchObject({ status: 'cancelled', reason: 'Strike on the railway' });

    for (const bad of [
      { ...body, weekdays: [] },
      { ...body, weekdays: [7] },
      { ...body, weekdays: [1, 1] },
      { ...body, from: '2031-03-31', to: '2031-03-01' },
      { ...body, to: '2033-01-01' },
      { ...body, capacity: 1000 },
    ]) {
      expect((await bulk(admin.token, bad)).statusCode).toBe(400);
    }
  });
});

describe('the availability answer', () => {
  it('is cached with an ETag (304 when unchanged) and changes at once with a booking or a staff change', async () => {
    const date = '2030-12-02';
    const url = `/api/tour/100401/availability?from=${date}&to=${date}`;
    const first = await app.inject({ url });
    expect(first.json()[0]).toMatchObject({ seatsLeft: 16 });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect((await book(date, 3)).statusCode).toBe(201);
    const afterBooking = await app.inject({ url, headers: { 'if-none-match': etag } });
    expect(afterBooking.statusCode).toBe(200);
    expect(afterBooking.json()[0]).toMatchObject({ seatsLeft: 13 });
    await manage(admin.token, '100401', date, { capacity: 4, status: 'open' });
    expect((await app.inject({ url })).json()[0]).toMatchObject({ seatsLeft: 1 });
    // Its many ranges are held apart: asking for them never pushes the tours out of the cache.
    // The clock stands still meanwhile, so that neither the answers' 2 s nor the version's
    // once-a-second check drops anything on a slow machine. It stands a second ahead, and one
    // read first makes that check now (after the change above it may drop the caches), before
    // the sizes are taken: on a loaded machine it otherwise came inside the loop.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1_001 });
    try {
      expect((await app.inject({ url })).statusCode).toBe(200);
      const tours = app.catalogue.size;
      const seats = app.seats.size;
      for (let day = 1; day <= 20; day++) {
        const from = `2030-12-${String(day).padStart(2, '0')}`;
        const answer = await app.inject({
          url: `/api/tour/100401/availability?from=${from}&to=2030-12-28`,
        });
        expect(answer.statusCode).toBe(200);
      }
      expect(app.catalogue.size).toBe(tours);
      expect(app.seats.size).toBe(seats + 20);
    } finally {
      vi.useRealTimers();
    }
  });
});
