import { randomUUID } from 'node:crypto';
import { octoAvailabilityId } from '@cusco/shared';
import {
  zAvailability,
  zAvailabilityCalendar,
  zBooking,
  zProduct,
  zSupplier,
} from '@octocloud/types';
import dayjs from 'dayjs';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, passengerSlots } from '../src/db/schema.ts';
import { ledgerTotals } from '../src/modules/ledger/ledger.ts';
import { DEMO_OCTO_KEY } from '../src/seed/demo-accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { nextTestDate } from './support/bookings.ts';
import { type OctoClient, octo, otherReseller } from './support/octo.ts';

/**
 * The OCTO supplier API (issue 31): products, availability and the booking flow, on the site's own
 * seats, prices and policies; every answer checked against OCTO's own schemas (@octocloud/types).
 */
let ctx: TestContext;
let app: FastifyInstance;
let client: OctoClient;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  client = octo(app, DEMO_OCTO_KEY);
});
afterAll(async () => ctx?.close());

/** The Classic Inca Trail's product (the site's tour 100401) and its default option. */
async function classic() {
  const response = await client.get('/octo/products/100401');
  expect(response.statusCode).toBe(200);
  const product = zProduct.parse(response.json());
  const option = product.options.find((candidate) => candidate.default) ?? product.options[0];
  if (!option) throw new Error('no option');
  return { product, option };
}

/** The site's own seats left on a date (its availability call), for the same type and category. */
async function siteSeats(date: string, optionId: string) {
  const [type, category] = optionId.split('~');
  const response = await app.inject({
    url: `/api/tour/100401/availability?from=${date}&to=${date}&type=${type}&category=${category}`,
  });
  const [day] = response.json() as { seatsLeft: number; more: boolean }[];
  return day?.seatsLeft ?? -1;
}

describe('OCTO: who may call', () => {
  it('refuses a request without a key (401) and with a wrong one (403), in OCTO’s shape', async () => {
    const none = await app.inject({ url: '/octo/supplier' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    expect(none.json().errorMessage).toBeTruthy();
    const wrong = await octo(app, 'cusco_not-a-key').get('/octo/supplier');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'FORBIDDEN' });
  });

  it('answers the supplier and names the capabilities it uses', async () => {
    const response = await client.get('/octo/supplier', {
      'octo-capabilities': 'octo/content, octo/other',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['octo-capabilities']).toBe('octo/content');
    expect(response.headers['content-language']).toBe('en');
    const supplier = zSupplier.parse(response.json());
    expect(supplier.endpoint).toMatch(/\/octo$/);
    expect(supplier.shortDescription).toContain('Inca Trail');
  });
});

describe('OCTO: products', () => {
  it('lists the tours without hotels as products, in both languages, valid by OCTO’s schema', async () => {
    const en = await client.get('/octo/products');
    expect(en.statusCode).toBe(200);
    const products = zProduct.array().parse(en.json());
    expect(products.map((product) => product.id)).toContain('100401');
    const es = await client.get('/octo/products', { 'accept-language': 'es-PE,es;q=0.9' });
    expect(es.headers['content-language']).toBe('es');
    const [first] = zProduct.array().parse(es.json());
    const [firstEn] = products;
    expect(first?.id).toBe(firstEn?.id);
    expect(first?.title).not.toBe(firstEn?.title);
    expect(first?.features?.some((feature) => feature.type === 'INCLUSION')).toBe(true);
  });

  it('prices each unit from the tour’s own tiers, with the company’s net price', async () => {
    await ctx.database.db.execute(
      sql`update corporate_clients set net_discount_bps = 1500 where id in (select corporate_client_id from reseller_keys)`,
    );
    app.catalogue.clear();
    const { option } = await classic();
    const adult = option.units.find((unit) => unit.id === 'adult');
    const from = adult?.pricingFrom?.[0];
    expect(from?.currency).toBe('USD');
    expect(from?.net).toBe((from?.retail ?? 0) - Math.round(((from?.retail ?? 0) * 1500) / 10_000));
    expect(adult?.restrictions.minAge).toBe(17);
    await ctx.database.db.execute(sql`update corporate_clients set net_discount_bps = 0`);
    app.catalogue.clear();
  });

  it('answers INVALID_PRODUCT_ID for an unknown product', async () => {
    const response = await client.get('/octo/products/invalidProductId');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'INVALID_PRODUCT_ID',
      productId: 'invalidProductId',
    });
  });
});

describe('OCTO: availability', () => {
  it('answers the calendar and the departures with the site’s seats left', async () => {
    const { option } = await classic();
    const date = nextTestDate();
    const calendar = await client.post('/octo/availability/calendar', {
      productId: '100401',
      optionId: option.id,
      localDateStart: date,
      localDateEnd: dayjs(date).add(6, 'day').format('YYYY-MM-DD'),
    });
    expect(calendar.statusCode).toBe(200);
    const days = zAvailabilityCalendar.array().parse(calendar.json());
    expect(days).toHaveLength(7);
    const check = await client.post('/octo/availability', {
      productId: '100401',
      optionId: option.id,
      localDate: date,
    });
    expect(check.statusCode).toBe(200);
    const [departure] = zAvailability.array().parse(check.json());
    expect(departure?.id).toBe(octoAvailabilityId(date));
    expect(departure?.localDateTimeStart).toBe(`${date}T00:00:00-05:00`);
    expect(departure?.vacancies).toBe(await siteSeats(date, option.id));
    expect(departure?.utcCutoffAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('refuses dates together with ids, an unknown option and a missing start (BAD_REQUEST and friends)', async () => {
    const { option } = await classic();
    const date = nextTestDate();
    const both = await client.post('/octo/availability', {
      productId: '100401',
      optionId: option.id,
      localDateStart: date,
      localDateEnd: date,
      availabilityIds: [octoAvailabilityId(date)],
    });
    expect(both.json()).toMatchObject({ error: 'BAD_REQUEST' });
    expect(both.statusCode).toBe(400);
    const badOption = await client.post('/octo/availability/calendar', {
      productId: '100401',
      optionId: 'invalidOptionId',
      localDateStart: date,
      localDateEnd: date,
    });
    expect(badOption.json()).toMatchObject({
      error: 'INVALID_OPTION_ID',
      optionId: 'invalidOptionId',
    });
    const noStart = await client.post('/octo/availability/calendar', {
      productId: '100401',
      optionId: option.id,
      localDateEnd: date,
    });
    expect(noStart.statusCode).toBe(400);
    expect(noStart.json()).toMatchObject({ error: 'BAD_REQUEST' });
  });
});

describe('OCTO: bookings', () => {
  async function hold(units = 2, extra: Record<string, unknown> = {}) {
    const { option } = await classic();
    const date = nextTestDate();
    const response = await client.post('/octo/bookings', {
      productId: '100401',
      optionId: option.id,
      availabilityId: octoAvailabilityId(date),
      unitItems: Array.from({ length: units }, () => ({ unitId: 'adult' })),
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { booking: zBooking.parse(response.json()), date, option };
  }

  it('holds the seats at once, then confirms, lists, reads and cancels, as the site counts them', async () => {
    const { option } = await classic();
    const date = nextTestDate();
    const before = await siteSeats(date, option.id);
    const uuid = randomUUID();
    const held = await client.post('/octo/bookings', {
      uuid,
      productId: '100401',
      optionId: option.id,
      availabilityId: octoAvailabilityId(date),
      unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'student' }],
      resellerReference: 'RS-1001',
    });
    expect(held.statusCode, held.body).toBe(200);
    const hold = zBooking.parse(held.json());
    expect(hold).toMatchObject({
      uuid,
      status: 'ON_HOLD',
      resellerReference: 'RS-1001',
      cancellable: true,
    });
    expect(hold.utcExpiresAt).not.toBeNull();
    expect(new Set(hold.unitItems.map((item) => item.uuid)).size).toBe(3);
    expect(await siteSeats(date, option.id)).toBe(before - 3);

    const confirmed = await client.post(`/octo/bookings/${uuid}/confirm`, {
      contact: {
        fullName: 'John Doe',
        firstName: 'John',
        lastName: 'Doe',
        emailAddress: 'john@example.com',
        notes: 'Vegetarian',
      },
      resellerReference: 'RS-1001-C',
      unitItems: [
        { unitId: 'adult', contact: { firstName: 'Ana', lastName: 'Quispe' } },
        { unitId: 'adult', contact: { fullName: 'Rafael Mamani Soto' } },
        { unitId: 'student' },
      ],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const booking = zBooking.parse(confirmed.json());
    expect(booking).toMatchObject({ status: 'CONFIRMED', resellerReference: 'RS-1001-C' });
    expect(booking.contact).toMatchObject({ firstName: 'John', notes: 'Vegetarian' });
    expect(booking.utcConfirmedAt).not.toBeNull();
    expect(booking.voucher?.deliveryOptions[0]?.deliveryValue).toBe(booking.supplierReference);
    // The travellers named are passengers of the booking; the third is left to the portal.
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.octoUuid, uuid));
    const slots = await ctx.database.db
      .select()
      .from(passengerSlots)
      .where(eq(passengerSlots.bookingId, row?.id ?? ''));
    expect(slots.filter((slot) => slot.clientId !== null)).toHaveLength(2);
    expect(row).toMatchObject({ channel: 'octo', octoHold: false });
    // On credit: the company owes the net price, and nothing is offered to pay.
    expect((await ledgerTotals(ctx.database.db, row?.id ?? '')).debt).toBe(row?.totalCents);

    const read = await client.get(`/octo/bookings/${uuid}`);
    expect(zBooking.parse(read.json()).status).toBe('CONFIRMED');
    const listed = await client.get('/octo/bookings?resellerReference=RS-1001-C');
    expect(
      zBooking
        .array()
        .parse(listed.json())
        .map((item) => item.uuid),
    ).toEqual([uuid]);
    const bySupplier = await client.get(
      `/octo/bookings?supplierReference=${booking.supplierReference}`,
    );
    expect(zBooking.array().parse(bySupplier.json())).toHaveLength(1);
    expect((await client.get('/octo/bookings')).json()).toMatchObject({ error: 'BAD_REQUEST' });

    const cancelled = await client.post(`/octo/bookings/${uuid}/cancel`, {
      reason: 'Client changed plans',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const gone = zBooking.parse(cancelled.json());
    expect(gone.status).toBe('CANCELLED');
    expect(gone.cancellation?.reason).toBe('Client changed plans');
    expect(gone.cancellation?.refund).toBe('FULL');
    expect(await siteSeats(date, option.id)).toBe(before);
  });

  it('answers the same hold for the same uuid, once', async () => {
    const { option } = await classic();
    const uuid = randomUUID();
    const body = {
      uuid,
      productId: '100401',
      optionId: option.id,
      availabilityId: octoAvailabilityId(nextTestDate()),
      unitItems: [{ unitId: 'adult' }],
    };
    const [first, second] = await Promise.all([
      client.post('/octo/bookings', body),
      client.post('/octo/bookings', body),
    ]);
    expect(first?.statusCode).toBe(200);
    expect(second?.statusCode).toBe(200);
    expect(first?.json().id).toBe(second?.json().id);
    const rows = await ctx.database.db.select().from(bookings).where(eq(bookings.octoUuid, uuid));
    expect(rows).toHaveLength(1);
  });

  it('gives the seats back when a hold expires, and refuses to confirm it then', async () => {
    const { booking, date, option } = await hold(2, { expirationMinutes: 5 });
    const before = await siteSeats(date, option.id);
    await ctx.database.db
      .update(bookings)
      .set({ holdUntil: sql`now() - interval '1 second'` })
      .where(eq(bookings.octoUuid, booking.uuid));
    // The site's calendar reads its seats again (its answers live two seconds).
    app.seats.clear();
    expect(await siteSeats(date, option.id)).toBe(before + 2);
    const read = zBooking.parse((await client.get(`/octo/bookings/${booking.uuid}`)).json());
    expect(read.status).toBe('EXPIRED');
    const confirm = await client.post(`/octo/bookings/${booking.uuid}/confirm`, {
      contact: { fullName: 'Late' },
    });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toMatchObject({ error: 'UNPROCESSABLE_ENTITY' });
  });

  it('extends a hold, changes its date and units in place, and keeps its uuid', async () => {
    const { booking, option } = await hold(2);
    const extended = zBooking.parse(
      (
        await client.post(`/octo/bookings/${booking.uuid}/extend`, { expirationMinutes: 90 })
      ).json(),
    );
    expect(Date.parse(extended.utcExpiresAt ?? '')).toBeGreaterThan(
      Date.parse(booking.utcExpiresAt ?? ''),
    );
    const newDate = nextTestDate();
    const moved = await client.patch(`/octo/bookings/${booking.uuid}`, {
      availabilityId: octoAvailabilityId(newDate),
      unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'adult' }],
      notes: 'Window seat',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = zBooking.parse(moved.json());
    expect(after).toMatchObject({
      uuid: booking.uuid,
      availabilityId: octoAvailabilityId(newDate),
      notes: 'Window seat',
    });
    expect(after.unitItems).toHaveLength(3);
    // The ledger follows the new price: what it owes is the new lines' total.
    const [row] = await ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.octoUuid, booking.uuid));
    expect((await ledgerTotals(ctx.database.db, row?.id ?? '')).debt).toBe(row?.totalCents);
    expect(after.pricing?.retail).toBe(row?.totalCents);
    expect(option.id).toBe(after.optionId);
  });

  it('refuses unknown units, options, availabilities and uuids with OCTO’s codes', async () => {
    const { option } = await classic();
    const base = {
      productId: '100401',
      optionId: option.id,
      availabilityId: octoAvailabilityId(nextTestDate()),
      unitItems: [{ unitId: 'adult' }],
    };
    const cases: [Record<string, unknown>, string, Record<string, string>][] = [
      [{ productId: 'invalidProductId' }, 'INVALID_PRODUCT_ID', { productId: 'invalidProductId' }],
      [{ optionId: 'invalidOptionId' }, 'INVALID_OPTION_ID', { optionId: 'invalidOptionId' }],
      [
        { availabilityId: 'invalidAvailabilityId' },
        'INVALID_AVAILABILITY_ID',
        { availabilityId: 'invalidAvailabilityId' },
      ],
      [
        { unitItems: [{ unitId: 'invalidUnitId' }] },
        'INVALID_UNIT_ID',
        { unitId: 'invalidUnitId' },
      ],
      [{ unitItems: [] }, 'UNPROCESSABLE_ENTITY', {}],
      [{ unitItems: undefined }, 'UNPROCESSABLE_ENTITY', {}],
    ];
    for (const [change, error, extra] of cases) {
      const response = await client.post('/octo/bookings', { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json()).toMatchObject({ error, ...extra });
    }
    for (const path of ['/octo/bookings/invalidUUID', `/octo/bookings/${randomUUID()}`]) {
      const response = await client.get(path);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'INVALID_BOOKING_UUID' });
    }
  });

  it('never lets a reseller read or change another reseller’s booking', async () => {
    const { booking } = await hold(1);
    const other = octo(app, await otherReseller(app, ctx.database.db));
    for (const response of [
      await other.get(`/octo/bookings/${booking.uuid}`),
      await other.post(`/octo/bookings/${booking.uuid}/confirm`, { contact: {} }),
      await other.post(`/octo/bookings/${booking.uuid}/cancel`, {}),
      await other.patch(`/octo/bookings/${booking.uuid}`, { notes: 'x' }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'INVALID_BOOKING_UUID' });
    }
    const listed = await other.get(`/octo/bookings?supplierReference=${booking.supplierReference}`);
    expect(listed.json()).toEqual([]);
  });

  it('answers bad input with a 4xx in OCTO’s shape, never a 5xx', async () => {
    const { option } = await classic();
    const bodies: unknown[] = [
      'not json',
      { productId: 'x'.repeat(1_000_000) },
      { productId: '100401\u0000', optionId: option.id, availabilityId: 'a', unitItems: [] },
      { productId: 100401, optionId: [], availabilityId: {}, unitItems: 'adult' },
      {
        productId: '100401',
        optionId: option.id,
        availabilityId: octoAvailabilityId('2020-01-01'),
        unitItems: [{ unitId: 'adult' }],
      },
    ];
    for (const body of bodies) {
      const response = await app.inject({
        method: 'POST',
        url: '/octo/bookings',
        headers: { authorization: `Bearer ${DEMO_OCTO_KEY}`, 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(response.statusCode, response.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().error).toBeTruthy();
    }
  });
});
