import { IncidentTypeId, translate } from '@cusco/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, offersOf, postBooking } from './support/bookings.ts';
import { bookWithSlots, detailOf, pngBytes, uploadDocument } from './support/passengers.ts';
import { addPayment } from './support/payments.ts';

/**
 * What one user may create (the security issue, item 6): passengers, services and rooms within
 * the tour's limits; sign-ups, bookings, uploads and payments within their rates; lists in pages.
 */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUpAndIn(ctx.app);
});
afterAll(() => ctx?.close());

const text = (key: Parameters<typeof translate>[0], params = {}) => translate(key, 'en', params);

describe('a booking stays within the tour', () => {
  it("refuses more passengers than the tour's group maximum, and takes exactly that many", async () => {
    const tour = await loadTour(ctx.app, '100401');
    expect(tour.maxPassengers).toBe(16);
    const tooMany = await postBooking(
      ctx.app,
      owner.token,
      bookingFor(tour, { adults: 1, babies: 16 }),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({
      field: 'passengers',
      message: text('groupTooLarge', { count: 16 }),
    });
    const full = await postBooking(
      ctx.app,
      owner.token,
      bookingFor(tour, { adults: 10, students: 6 }),
    );
    expect(full.statusCode, full.body).toBe(201);
  });

  it('sells a per-person service at most once per passenger, and each service once', async () => {
    const tour = await loadTour(ctx.app, '100401');
    const three = await postBooking(
      ctx.app,
      owner.token,
      bookingFor(tour, { adults: 3, services: [{ offer: 0, quantity: 4 }] }),
    );
    expect(three.statusCode).toBe(422);
    expect(three.json()).toMatchObject({
      field: 'additionalServices.0.quantity',
      message: text('serviceOverPassengers', { max: 3 }),
    });
    const twice = await postBooking(
      ctx.app,
      owner.token,
      bookingFor(tour, {
        adults: 3,
        services: [
          { offer: 0, quantity: 1 },
          { offer: 0, quantity: 1 },
        ],
      }),
    );
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(text('serviceListedTwice'));
    const fits = await postBooking(
      ctx.app,
      owner.token,
      bookingFor(tour, { adults: 3, services: [{ offer: 0, quantity: 3 }] }),
    );
    expect(fits.statusCode, fits.body).toBe(201);
  });

  it('refuses more hotel rooms than passengers', async () => {
    const tour = await loadTour(ctx.app, '300501');
    expect(tour.hotel).not.toBeNull();
    const rooms = await postBooking(
      ctx.app,
      owner.token,
      bookingFor(tour, { adults: 2, hotels: [{ type: 0, room: 0, rooms: 3 }] }),
    );
    expect(rooms.statusCode).toBe(422);
    expect(rooms.json()).toMatchObject({
      field: 'hotels',
      message: text('roomsOverPassengers', { count: 2 }),
    });
    const fits = await postBooking(
      ctx.app,
      owner.token,
      bookingFor(tour, { adults: 2, hotels: [{ type: 0, room: 0, rooms: 2 }] }),
    );
    expect(fits.statusCode, fits.body).toBe(201);
  });

  it('counts services bought later against the passengers too', async () => {
    const { code } = await bookWithSlots(ctx.app, owner.token, '100401', { adults: 2 });
    const tour = await loadTour(ctx.app, '100401');
    const offer = offersOf(tour)[0];
    const buy = (quantity: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/tour/add/service?bookingId=${code}`,
        headers: bearer(owner.token),
        payload: [{ serviceId: offer?.id, name: offer?.name, quantity, unitPrice: 0, total: 0 }],
      });
    expect((await buy(2)).statusCode).toBe(201);
    const more = await buy(1);
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe(text('serviceOverPassengers', { max: 2 }));
  });
});

describe('rates per user and per address', () => {
  /** An app of its own with some rate limits set low, on a database of its own. */
  async function limitedApp(limits: Partial<ReturnType<typeof testConfig>['rateLimits']>) {
    const base = testConfig().rateLimits;
    return createTestApp({ rateLimits: { ...base, ...limits, enabled: true } });
  }

  it('limits bookings per user (3 here), then per address (5), with Retry-After', async () => {
    const limited = await limitedApp({
      booking: { perUser: 3, perAddress: 5, windowSeconds: 600 },
    });
    try {
      const tour = await loadTour(limited.app, '100401');
      const first = await signUpAndIn(limited.app);
      const second = await signUpAndIn(limited.app);
      const save = (token: string) =>
        postBooking(limited.app, token, bookingFor(tour, { adults: 1 }));
      const answers = [];
      for (let round = 0; round < 4; round++) answers.push((await save(first.token)).statusCode);
      expect(answers).toEqual([201, 201, 201, 429]);
      const refused = await save(first.token);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
      expect(refused.json().message).toBe(text('tooManyRequests'));
      // Another user from the same address: 3 of the address's 5 are spent, 2 are left.
      const others = [];
      for (let round = 0; round < 3; round++) others.push((await save(second.token)).statusCode);
      expect(others).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  it('limits payments, uploads and requests per user', async () => {
    const limited = await limitedApp({
      payment: { perUser: 2, perAddress: 100, windowSeconds: 600 },
      upload: { perUser: 2, perAddress: 100, windowSeconds: 600 },
      request: { perUser: 2, perAddress: 100, windowSeconds: 600 },
    });
    try {
      const customer = await signUpAndIn(limited.app);
      const tour = await loadTour(limited.app, '100401');
      const saved = await postBooking(limited.app, customer.token, {
        ...bookingFor(tour, { adults: 1 }),
        isPassager: true,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const code = saved.json().code as string;
      const detail = await detailOf(limited.app, customer.token, code);
      const pays = [];
      for (let round = 0; round < 3; round++) {
        pays.push((await addPayment(limited.app, customer.token, code, 100)).statusCode);
      }
      expect(pays).toEqual([201, 201, 429]);

      const clientId = detail.passangerRegistry[0]?.clientId ?? '';
      expect(clientId).not.toBe('');
      const uploads = [];
      for (let round = 0; round < 3; round++) {
        const response = await uploadDocument(limited.app, customer.token, clientId, {
          file: { bytes: pngBytes(), name: 'a.png' },
        });
        uploads.push(response.statusCode);
      }
      expect(uploads).toEqual([200, 200, 429]);

      const requests = [];
      for (let round = 0; round < 3; round++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/incident/save',
          headers: bearer(customer.token),
          payload: {
            bookingId: code,
            typeId: IncidentTypeId.freeSubject,
            name: `Question ${round}`,
            description: 'Is the bus at 5:00?',
          },
        });
        requests.push(response.statusCode);
      }
      expect(requests).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('lists come in pages', () => {
  it('answers at most pageSize bookings, newest travel first, with the total in X-Total-Count', async () => {
    const customer = await signUpAndIn(ctx.app);
    const tour = await loadTour(ctx.app, '100401');
    for (let index = 0; index < 5; index++) {
      const saved = await postBooking(ctx.app, customer.token, bookingFor(tour, { adults: 1 }));
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const page = (query: string) =>
      ctx.app.inject({ url: `/api/tour/booking/list?${query}`, headers: bearer(customer.token) });
    const first = await page('page=1&pageSize=2');
    const third = await page('page=3&pageSize=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.json()).toHaveLength(2);
    expect(third.json()).toHaveLength(1);
    expect(third.headers['x-total-count']).toBe('5');
    // A page past the end is empty and still says how many there are.
    const past = await page('page=4&pageSize=2');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
    const all = await page('pageSize=100');
    const codes = all.json().map((item: { code?: string; name: string }) => item.name);
    expect(new Set(codes).size).toBe(5);
    expect(
      [...first.json(), ...(await page('page=2&pageSize=2')).json(), ...third.json()].map(
        (item: { name: string }) => item.name,
      ),
    ).toEqual(codes);
    expect((await page('pageSize=101')).statusCode).toBe(400);
    expect((await page('page=0')).statusCode).toBe(400);
  });

  it('pages the incidents too', async () => {
    const response = await ctx.app.inject({
      url: '/api/incident/ListByCurrentUser?pageSize=1',
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('0');
    expect(response.json()).toEqual([]);
  });
});
