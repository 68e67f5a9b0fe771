import {
  CustomerTypeId,
  countryList,
  TourFamilyId,
  tourList,
  tour as tourSchema,
} from '@cusco/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = (await signUpAndIn(ctx.app)).token;
});
afterAll(() => ctx?.close());

describe('GET /api/tour/{id}', () => {
  it('answers the whole tour, with a price row for every category, type and customer type', async () => {
    const response = await ctx.app.inject({ url: '/api/tour/100401' });
    expect(response.statusCode).toBe(200);
    const tour = tourSchema.parse(response.json());
    expect(tour.name).toBe('Classic Inca Trail 4D/3N');
    expect(tour.categoryPrincipal).toBe(TourFamilyId.incaTrail);
    expect(tour.types.map((type) => type.label)).toEqual(['Group', 'Private']);
    expect(tour.categories.map((category) => category.label)).toEqual(['English', 'Spanish']);
    expect(tour.customerTypes.map((type) => type.value)).toEqual([
      CustomerTypeId.adult,
      CustomerTypeId.student,
      CustomerTypeId.child,
      CustomerTypeId.baby,
    ]);
    for (const category of tour.categories) {
      for (const type of tour.types) {
        for (const customerType of tour.customerTypes) {
          const rows = tour.prices.filter(
            (price) =>
              price.categoryId === category.value &&
              price.typeId === type.value &&
              price.customerTypeId === customerType.value,
          );
          expect(
            rows.length,
            `${category.label}/${type.label}/${customerType.label}`,
          ).toBeGreaterThan(0);
        }
      }
    }
    expect(tour.hotel).toBeNull();
    expect(tour.itinerary.length).toBeGreaterThanOrEqual(4);
    expect(tour.includeServices.length).toBeGreaterThan(0);
    expect(tour.notincludeServices.length).toBeGreaterThan(0);
    expect(tour.additionalServices[0]?.prices[0]).toEqual({
      id: expect.any(String),
      label: expect.any(String),
      value: expect.any(Number),
      perPerson: true,
    });
    // The classic trail takes groups of at most 16 per booking.
    expect(tour.maxPassengers).toBe(16);
  });

  it('cleans the code as the spec says: non-digits are stripped', async () => {
    const response = await ctx.app.inject({ url: '/api/tour/100-401' });
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe('100401');
  });

  it.each(['12345', '1234567', 'abc', '10040l'])(
    'refuses the malformed code %s (400)',
    async (code) => {
      const response = await ctx.app.inject({ url: `/api/tour/${code}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('There is an error in the tour code');
    },
  );

  it('answers 404 for a well-formed code that is no tour', async () => {
    const response = await ctx.app.inject({ url: '/api/tour/999999' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'This tour does not exist',
    });
  });

  it('speaks Spanish when asked', async () => {
    const response = await ctx.app.inject({
      url: '/api/tour/100401',
      headers: { 'accept-language': 'es' },
    });
    const tour = tourSchema.parse(response.json());
    expect(tour.name).toBe('Camino Inka Clásico 4D/3N');
    expect(tour.types.map((type) => type.label)).toEqual(['Grupal', 'Privado']);
  });

  it('describes the hotels of a tour that includes them', async () => {
    const list = tourList.parse(
      (await ctx.app.inject({ url: '/api/tour/list', headers: bearer(token) })).json(),
    );
    const withHotel = [];
    for (const item of list) {
      const tour = tourSchema.parse(
        (await ctx.app.inject({ url: `/api/tour/${item.code}` })).json(),
      );
      if (tour.hotel) withHotel.push(tour);
    }
    expect(withHotel.length).toBeGreaterThanOrEqual(2);
    for (const tour of withHotel) {
      expect(tour.hotelNight).toBeGreaterThan(0);
      expect(tour.hotel?.types.length).toBeGreaterThan(0);
      expect(tour.hotel?.rooms.length).toBeGreaterThan(0);
      for (const price of tour.hotel?.prices ?? []) {
        expect(tour.hotel?.types.map((type) => type.value)).toContain(price.typeId);
        expect(tour.hotel?.rooms.map((room) => room.value)).toContain(price.roomId);
      }
    }
    expect(withHotel.some((tour) => tour.categoryPrincipal === TourFamilyId.machuPicchu)).toBe(
      true,
    );
  });
});

describe('GET /api/tour/private/{tourId}', () => {
  it("serves the corporate booking page's tour to a corporate client's user only", async () => {
    expect((await ctx.app.inject({ url: '/api/tour/private/100401' })).statusCode).toBe(401);
    const customer = await ctx.app.inject({
      url: '/api/tour/private/100401',
      headers: bearer(token),
    });
    expect(customer.statusCode).toBe(403);
    expect(customer.json().message).toBe('This page is for corporate clients only');
    const corporate = await signIn(
      ctx.app,
      demoAccounts.corporate.email,
      demoAccounts.corporate.password,
    );
    const response = await ctx.app.inject({
      url: '/api/tour/private/100401',
      headers: bearer(corporate.token),
    });
    expect(response.statusCode).toBe(200);
    expect(tourSchema.parse(response.json()).code).toBe('100401');
  });
});

describe('GET /api/tour/list', () => {
  it('requires a session', async () => {
    expect((await ctx.app.inject({ url: '/api/tour/list' })).statusCode).toBe(401);
  });

  it('lists at least eight tours across the four families', async () => {
    const response = await ctx.app.inject({ url: '/api/tour/list', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const list = tourList.parse(response.json());
    expect(list.length).toBeGreaterThanOrEqual(8);
    for (const family of Object.values(TourFamilyId)) {
      expect(
        list.some((item) => item.categoryId === family),
        family,
      ).toBe(true);
    }
    const classic = list.find((item) => item.code === '100401');
    expect(classic).toMatchObject({
      name: 'Classic Inca Trail 4D/3N',
      typename: 'Group · Private',
      categoryname: 'Inka Trail',
      fromPrice: expect.any(Number),
    });
  });
});

describe('GET /api/tour/catalogue (the public catalogue, issue 12)', () => {
  it('lists the same tours to anyone, without a session, cached, with how each one begins', async () => {
    const response = await ctx.app.inject({ url: '/api/tour/catalogue' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('public');
    const list = tourList.parse(response.json());
    const signedIn = tourList.parse(
      (await ctx.app.inject({ url: '/api/tour/list', headers: bearer(token) })).json(),
    );
    expect(list).toEqual(signedIn);
    expect(list.find((item) => item.code === '100401')?.summary).toBe(
      'Pick-up at your hotel in Cusco at 5:00 and drive to Ollantaytambo for breakfast',
    );
    const spanish = tourList.parse(
      (
        await ctx.app.inject({
          url: '/api/tour/catalogue',
          headers: { 'accept-language': 'es' },
        })
      ).json(),
    );
    expect(spanish.find((item) => item.code === '100401')).toMatchObject({
      name: 'Camino Inka Clásico 4D/3N',
      summary: 'Recojo de su hotel en Cusco a las 5:00 y viaje a Ollantaytambo para el desayuno',
    });
  });
});

describe('GET /api/common/countries', () => {
  it('lists every ISO 3166 country with English names, sorted', async () => {
    const response = await ctx.app.inject({ url: '/api/common/countries' });
    expect(response.statusCode).toBe(200);
    const countries = countryList.parse(response.json());
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(countries).toContainEqual({ value: 'PE', label: 'Peru' });
    const labels = countries.map((country) => country.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('en').compare));
  });

  it('lists them in Spanish when asked', async () => {
    const response = await ctx.app.inject({
      url: '/api/common/countries',
      headers: { 'accept-language': 'es' },
    });
    expect(countryList.parse(response.json())).toContainEqual({ value: 'PE', label: 'Perú' });
  });
});

describe('the rest of the API', () => {
  it('answers an unknown address with a JSON 404', async () => {
    const response = await ctx.app.inject({ url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('serves its OpenAPI description', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/authentication/login',
        '/api/tour/{id}',
        '/api/common/countries',
      ]),
    );
  });
});
