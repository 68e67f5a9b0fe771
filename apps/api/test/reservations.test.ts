import { bookingDetail, bookingList, CustomerTypeId } from '@cusco/shared';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, schema } from '../src/db/client.ts';
import { loadBookingDetail } from '../src/modules/bookings/detail-rows.ts';
import { findSession } from '../src/modules/users/sessions.ts';
import { bearer, signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;
let stranger: Awaited<ReturnType<typeof signUpAndIn>>;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUpAndIn(ctx.app, { name: 'Mateo', lastname: 'Huaman' });
  stranger = await signUpAndIn(ctx.app, { name: 'Otro', lastname: 'Cliente' });
});
afterAll(() => ctx?.close());

async function book(token: string, code: string, options: Parameters<typeof bookingFor>[1]) {
  const tour = await loadTour(ctx.app, code);
  const body = bookingFor(tour, options);
  const response = await postBooking(ctx.app, token, body);
  expect(response.statusCode, response.body).toBe(201);
  return { code: response.json().code as string, body, tour };
}

describe('GET /api/tour/booking/list', () => {
  it('is empty for a new customer', async () => {
    const fresh = await signUpAndIn(ctx.app);
    const response = await ctx.app.inject({
      url: '/api/tour/booking/list',
      headers: bearer(fresh.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("lists the customer's bookings only, newest travel date first, with paid and pending", async () => {
    const customer = await signUpAndIn(ctx.app);
    const early = await book(customer.token, '100401', {
      adults: 2,
      students: 1,
      date: '2027-03-10',
    });
    const late = await book(customer.token, '200501', { adults: 1, date: '2027-09-01' });
    await book(stranger.token, '100401', { adults: 1, date: '2027-12-01' });

    const response = await ctx.app.inject({
      url: '/api/tour/booking/list',
      headers: bearer(customer.token),
    });
    const list = bookingList.parse(response.json());
    expect(list.map((item) => item.id)).toEqual([late.code, early.code]);
    expect(list[1]).toMatchObject({
      name: early.code,
      tourName: 'Classic Inca Trail 4D/3N',
      tourCode: '100401',
      travelDate: '2027-03-10',
      type: 'Group',
      category: 'English',
      passangers: 3,
      total: early.body.amount,
      paid: 0,
      pending: early.body.amount,
    });
  });

  it('requires a session', async () => {
    expect((await ctx.app.inject({ url: '/api/tour/booking/list' })).statusCode).toBe(401);
  });
});

describe('GET /api/tour/booking/{code}', () => {
  it('answers the whole detail, every figure derived from the stored booking and its ledger', async () => {
    const { code, body, tour } = await book(owner.token, '300501', {
      adults: 2,
      students: 1,
      hotels: [{ type: 0, room: 1, rooms: 1 }],
      services: [
        { offer: 0, quantity: 2 },
        { offer: 1, quantity: 1 },
      ],
    });
    const response = await ctx.app.inject({
      url: `/api/tour/booking/${code.toLowerCase()}`,
      headers: bearer(owner.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = bookingDetail.parse(response.json());
    expect(detail.booking).toMatchObject({
      name: tour.name,
      code,
      tourCode: '300501',
      tripDate: body.startDate,
      type: 'Group',
      category: 'English',
      debt: body.amount,
      corporate: false,
    });
    expect(detail.passanger).toEqual([
      { type: 'Adult', quantity: 2, total: (body.adultPrice ?? 0) * 2 },
      { type: 'Student', quantity: 1, total: body.studentPrice },
    ]);
    expect(detail.hotels).toHaveLength(1);
    expect(detail.hotels[0]).toMatchObject({
      amount: 1,
      nights: tour.hotelNight,
      total: body.hotels?.[0]?.amount,
    });
    expect(detail.additionalServices.length + detail.otherTours.length).toBe(2);
    expect(detail.includeServices.length).toBe(tour.includeServices.length);
    expect(detail.buy).toEqual([
      expect.objectContaining({ total: body.amount, description: 'Tour booking' }),
    ]);
    expect(detail.payments).toEqual([]);
    expect(detail.balance).toEqual({
      purchases: body.amount,
      payments: 0,
      discounts: 0,
      additions: 0,
      debt: body.amount,
    });
    expect(
      detail.passangerRegistry.map((slot) => [
        slot.number,
        slot.typeId,
        slot.clientId,
        slot.percentage,
      ]),
    ).toEqual([
      [1, CustomerTypeId.adult, null, 0],
      [2, CustomerTypeId.adult, null, 0],
      [3, CustomerTypeId.student, null, 0],
    ]);
    expect(detail.resume).toEqual([{ number: 1, tour: tour.name, observations: '' }]);
  });

  it("answers 404 for another customer's booking, and for a code that does not exist", async () => {
    const { code } = await book(owner.token, '100401', { adults: 1 });
    const foreign = await ctx.app.inject({
      url: `/api/tour/booking/${code}`,
      headers: bearer(stranger.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'This reservation does not exist',
    });
    const missing = await ctx.app.inject({
      url: '/api/tour/booking/CT-ZZZZZZ',
      headers: bearer(owner.token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('reads the whole detail in one statement whatever the size of the booking (no N+1)', async () => {
    const small = await book(owner.token, '100401', { adults: 1 });
    const large = await book(owner.token, '300501', {
      adults: 9,
      students: 5,
      children: 3,
      hotels: [
        { type: 0, room: 0, rooms: 2 },
        { type: 1, room: 1, rooms: 3 },
        { type: 2, room: 1, rooms: 1 },
      ],
      services: [
        { offer: 0, quantity: 3 },
        { offer: 1, quantity: 2 },
        { offer: 2, quantity: 1 },
      ],
    });
    const client = (ctx.database.db as unknown as { $client: never }).$client;
    let queries = 0;
    const logger = { logQuery: () => void queries++ };
    const counting = (isPostgres
      ? drizzlePg({ client, schema, logger })
      : drizzlePglite({ client, schema, logger })) as unknown as Database;
    const user = await findSession(ctx.database.db, owner.token);
    if (!user) throw new Error('session missing');

    queries = 0;
    await loadBookingDetail(counting, user, small.code);
    const smallQueries = queries;
    queries = 0;
    const rows = await loadBookingDetail(counting, user, large.code);
    expect(rows.slots).toHaveLength(17);
    expect(queries).toBe(smallQueries);
    expect(queries).toBe(1);
  });
});
