import { randomUUID } from 'node:crypto';
import { octoAvailabilityId, todayInLima } from '@cusco/shared';
import { zBooking, zProduct } from '@octocloud/types';
import dayjs from 'dayjs';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema.ts';
import { ledgerTotals } from '../src/modules/ledger/ledger.ts';
import { hashResellerKey } from '../src/modules/resellers/key.ts';
import { DEMO_OCTO_KEY } from '../src/seed/demo-accounts.ts';
import { createTestApp, type TestContext, testConfig } from './support/app.ts';
import { type OctoClient, octo, otherReseller } from './support/octo.ts';

/**
 * Attacks on the OCTO supplier API (issue 31): races between a reseller's own calls, a flood of
 * wrong keys, and the money each answer says is owed. Each test here once failed.
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

/**
 * A product, its default option and a day it runs between `min` and `max` days ahead, with seats,
 * whose OCTO cancellation cutoff is before it (a confirmed booking of it may be cancelled, under
 * the policy's share).
 */
async function soonDeparture(min: number, max: number) {
  const today = todayInLima();
  const products = zProduct.array().parse((await client.get('/octo/products')).json());
  for (const product of products) {
    const option = product.options.find((candidate) => candidate.default) ?? product.options[0];
    if (!option) continue;
    const calendar = await client.post('/octo/availability/calendar', {
      productId: product.id,
      optionId: option.id,
      localDateStart: dayjs(today).add(min, 'day').format('YYYY-MM-DD'),
      localDateEnd: dayjs(today).add(max, 'day').format('YYYY-MM-DD'),
    });
    if (calendar.statusCode !== 200) continue;
    const days = calendar.json() as { localDate: string; status: string; vacancies?: number }[];
    const day = days.find(
      (candidate) =>
        ['AVAILABLE', 'FREESALE', 'LIMITED'].includes(candidate.status) &&
        (candidate.vacancies ?? 99) >= 10 &&
        dayjs(candidate.localDate).diff(dayjs(today), 'day') >
          (option.cancellationCutoffAmount ?? 0) + 1,
    );
    if (day) return { productId: product.id, optionId: option.id, date: day.localDate };
  }
  throw new Error('no departure within the window');
}

async function holdOn(departure: { productId: string; optionId: string; date: string }, units = 2) {
  const uuid = randomUUID();
  const response = await client.post('/octo/bookings', {
    uuid,
    productId: departure.productId,
    optionId: departure.optionId,
    availabilityId: octoAvailabilityId(departure.date),
    unitItems: Array.from({ length: units }, () => ({ unitId: 'adult' })),
  });
  expect(response.statusCode, response.body).toBe(200);
  return zBooking.parse(response.json());
}

async function rowOf(uuid: string) {
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.octoUuid, uuid));
  if (!row) throw new Error('no booking');
  return row;
}

describe('OCTO attack: a cancel racing a confirm', () => {
  it('never cancels a booking confirmed meanwhile as a free hold (the policy keeps its share)', async () => {
    // 20-ish days ahead: the corporate policy keeps half of a confirmed booking cancelled then.
    const departure = await soonDeparture(12, 28);
    for (let round = 0; round < 6; round++) {
      const hold = await holdOn(departure);
      // The confirm starts first: the cancel reads the booking while it is still a hold.
      const [confirmed, cancelled] = await Promise.all([
        client.post(`/octo/bookings/${hold.uuid}/confirm`, { contact: { fullName: 'Ana Q' } }),
        client.post(`/octo/bookings/${hold.uuid}/cancel`, { reason: 'race' }),
      ]);
      const row = await rowOf(hold.uuid);
      if (confirmed.statusCode === 200 && row.cancelledBy) {
        // It was confirmed, then cancelled: under the policy, never for free.
        expect(cancelled.statusCode).toBe(200);
        expect(cancelled.json().cancellation?.refund, `round ${round}`).not.toBe('FULL');
        expect((await ledgerTotals(ctx.database.db, row.id)).debt).toBeGreaterThan(0);
      }
    }
  });
});

describe('OCTO attack: two cancels of a confirmed booking at once', () => {
  it('cancels it once: the company owes the policy’s share, not less', async () => {
    const departure = await soonDeparture(12, 28);
    const hold = await holdOn(departure);
    const confirmed = await client.post(`/octo/bookings/${hold.uuid}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const row = await rowOf(hold.uuid);
    const [first, second] = await Promise.all([
      client.post(`/octo/bookings/${hold.uuid}/cancel`, { reason: 'one' }),
      client.post(`/octo/bookings/${hold.uuid}/cancel`, { reason: 'two' }),
    ]);
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toContain(200);
    expect(first.statusCode).toBeLessThan(500);
    expect(second.statusCode).toBeLessThan(500);
    const debt = (await ledgerTotals(ctx.database.db, row.id)).debt;
    expect(debt).toBeGreaterThan(0);
    expect(debt).toBeLessThan(row.totalCents);
  });
});

describe('OCTO attack: a cancellation under the policy, at net prices', () => {
  it('keeps the policy’s share of what the company owes (its net price), not of the retail price', async () => {
    await ctx.database.db.execute(
      sql`update corporate_clients set net_discount_bps = 2000 where id in (select corporate_client_id from reseller_keys)`,
    );
    app.catalogue.clear();
    try {
      const departure = await soonDeparture(12, 28);
      const hold = await holdOn(departure, 2);
      const confirmed = await client.post(`/octo/bookings/${hold.uuid}/confirm`, {});
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const net = confirmed.json().pricing.net as number;
      const row = await rowOf(hold.uuid);
      expect((await ledgerTotals(ctx.database.db, row.id)).debt).toBe(net);
      const cancelled = await client.post(`/octo/bookings/${hold.uuid}/cancel`, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().cancellation.refund).toBe('PARTIAL');
      const debt = (await ledgerTotals(ctx.database.db, row.id)).debt;
      // 12 to 28 days ahead the corporate policy keeps half (30 days or fewer: 50%).
      expect(debt).toBeLessThanOrEqual(Math.ceil(net / 2));
      expect(debt).toBeGreaterThan(0);
    } finally {
      await ctx.database.db.execute(sql`update corporate_clients set net_discount_bps = 0`);
      app.catalogue.clear();
    }
  });
});

describe('OCTO attack: wrong keys', () => {
  it('limits a flood of wrong keys from one address (429), as it limits a key', async () => {
    const limited = await createTestApp({
      rateLimits: { ...testConfig().rateLimits, enabled: true },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 70; i++) {
        const response = await octo(limited.app, `cusco_guess-${i}`).get('/octo/supplier');
        statuses.push(response.statusCode);
      }
      expect(statuses).toContain(429);
      // A reseller with a good key, from elsewhere, is not refused for it.
      const good = await otherReseller(limited.app, limited.database.db);
      const answer = await limited.app.inject({
        url: '/octo/supplier',
        remoteAddress: '10.9.8.7',
        headers: { authorization: `Bearer ${good}` },
      });
      expect(answer.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('OCTO attack: probes', () => {
  it('owes, by the ledger, what each answer says is the net price (PATCH, confirm with units, cancel)', async () => {
    await ctx.database.db.execute(
      sql`update corporate_clients set net_discount_bps = 1234 where id in (select corporate_client_id from reseller_keys)`,
    );
    app.catalogue.clear();
    try {
      const departure = await soonDeparture(60, 120);
      const hold = await holdOn(departure, 2);
      const owed = async (uuid: string) => {
        const row = await rowOf(uuid);
        return (await ledgerTotals(ctx.database.db, row.id)).debt;
      };
      expect(await owed(hold.uuid)).toBe(hold.pricing?.net);
      const patched = await client.patch(`/octo/bookings/${hold.uuid}`, {
        unitItems: [{ unitId: 'adult' }, { unitId: 'student' }, { unitId: 'child' }],
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(await owed(hold.uuid)).toBe(patched.json().pricing?.net);
      const confirmed = await client.post(`/octo/bookings/${hold.uuid}/confirm`, {
        unitItems: [
          { unitId: 'adult' },
          { unitId: 'adult' },
          { unitId: 'adult' },
          { unitId: 'baby' },
        ],
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await owed(hold.uuid)).toBe(confirmed.json().pricing?.net);
      const other = await holdOn(departure, 3);
      const cancelled = await client.post(`/octo/bookings/${other.uuid}/cancel`, {});
      expect(cancelled.statusCode).toBe(200);
      expect(await owed(other.uuid)).toBe(0);
    } finally {
      await ctx.database.db.execute(sql`update corporate_clients set net_discount_bps = 0`);
      app.catalogue.clear();
    }
  });

  it('answers odd but well-formed input with a 4xx, never a 5xx', async () => {
    const departure = await soonDeparture(60, 120);
    const base = {
      productId: departure.productId,
      optionId: departure.optionId,
      availabilityId: octoAvailabilityId(departure.date),
    };
    const adults = (n: number) => Array.from({ length: n }, () => ({ unitId: 'adult' }));
    const bodies: Record<string, unknown>[] = [
      { ...base, unitItems: adults(40) },
      { ...base, unitItems: [{ unitId: 'baby' }] },
      { ...base, unitItems: [{ unitId: 'child' }] },
      {
        ...base,
        unitItems: [{ unitId: 'adult' }, ...Array.from({ length: 39 }, () => ({ unitId: 'baby' }))],
      },
      { ...base, availabilityId: `${departure.date}T00:00:00+00:00`, unitItems: adults(1) },
      { ...base, availabilityId: '2027-02-30T00:00:00-05:00', unitItems: adults(1) },
      {
        ...base,
        availabilityId: octoAvailabilityId(dayjs().add(11, 'year').format('YYYY-06-01')),
        unitItems: adults(1),
      },
      {
        ...base,
        availabilityId: octoAvailabilityId(dayjs().add(1, 'year').format('YYYY-02-10')),
        unitItems: adults(1),
      },
      { ...base, unitItems: [{ unitId: '__proto__' }] },
      { ...base, unitItems: [{ unitId: 'constructor' }] },
      { ...base, unitItems: adults(1), contact: { emailAddress: 'not an email' } },
      { ...base, unitItems: adults(1), contact: { country: 'zzz' } },
      {
        ...base,
        unitItems: adults(1),
        contact: { locales: Array.from({ length: 11 }, () => 'en') },
      },
      { ...base, unitItems: [{ unitId: 'adult', uuid: 'x' }] },
      { ...base, optionId: 'a~b', unitItems: adults(1) },
      { ...base, unitItems: Array.from({ length: 10_000 }, () => ({ unitId: 'adult' })) },
      { ...base, unitItems: adults(1), resellerReference: 'r'.repeat(101) },
      { ...base, unitItems: adults(1), notes: { nested: [[[[[]]]]] } },
    ];
    for (const body of bodies) {
      const response = await client.post('/octo/bookings', body);
      expect(
        response.statusCode,
        `${JSON.stringify(body).slice(0, 200)} ${response.body}`,
      ).not.toBe(200);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json().error).toBeTruthy();
    }
    // Clamped to the longest hold, or refused: never a 5xx.
    for (const expirationMinutes of [Number.MAX_SAFE_INTEGER, 1e300, -1, 0.5]) {
      const response = await client.post('/octo/bookings', {
        ...base,
        unitItems: adults(1),
        expirationMinutes,
      });
      expect(response.statusCode, response.body).toBeLessThan(500);
    }
    const urls = [
      '/octo/bookings?localDateStart=2000-01-01&localDateEnd=2100-12-31',
      '/octo/bookings?localDate=2027-02-30',
      '/octo/bookings?localDateEnd=2030-01-01',
      '/octo/bookings?supplierReference=x&optionId=zz',
      `/octo/bookings?resellerReference=${'a'.repeat(101)}`,
      '/octo/bookings?resellerReference=a&resellerReference=b',
      '/octo/bookings/..%2F..%2Fapi',
      `/octo/bookings/${randomUUID().toUpperCase()}`,
      '/octo/products/%F0%9F%98%80',
    ];
    for (const url of urls) {
      const response = await client.get(url);
      expect(response.statusCode, `${url} ${response.body}`).toBeLessThan(500);
    }
    const ranges = [
      { localDateStart: '2020-01-01', localDateEnd: '2030-01-01' },
      { localDateStart: '2030-01-01', localDateEnd: '2020-01-01' },
    ];
    for (const range of ranges) {
      const response = await client.post('/octo/availability/calendar', {
        productId: departure.productId,
        optionId: departure.optionId,
        ...range,
      });
      expect(response.statusCode, response.body).toBe(400);
    }
    const ids = await client.post('/octo/availability', {
      productId: departure.productId,
      optionId: departure.optionId,
      availabilityIds: [octoAvailabilityId('2020-01-01'), octoAvailabilityId('2035-01-01')],
    });
    expect(ids.statusCode, ids.body).toBe(400);
  });

  it('moves a hold neither onto a full day (PATCH) nor past its seats (confirm with more units)', async () => {
    const departure = await soonDeparture(60, 120);
    const hold = await holdOn(departure, 1);
    const seats = async (date: string) => {
      const response = await client.post('/octo/availability', {
        productId: departure.productId,
        optionId: departure.optionId,
        localDate: date,
      });
      return (response.json() as { vacancies: number }[])[0]?.vacancies ?? 0;
    };
    const left = await seats(departure.date);
    const tooMany = Array.from({ length: Math.min(left + 2, 40) }, () => ({ unitId: 'adult' }));
    if (left + 2 <= 40) {
      const confirm = await client.post(`/octo/bookings/${hold.uuid}/confirm`, {
        unitItems: tooMany,
      });
      expect(confirm.statusCode, confirm.body).toBe(400);
      expect((await client.get(`/octo/bookings/${hold.uuid}`)).json().status).toBe('ON_HOLD');
    }
  });

  it('books at the price its availability quoted for the same units', async () => {
    const departure = await soonDeparture(60, 120);
    const mixes: Record<string, number>[] = [
      { adult: 1 },
      { adult: 2, student: 1 },
      { adult: 1, child: 1, baby: 1 },
      { adult: 5, baby: 2 },
      { student: 3, child: 2 },
      { adult: 9 },
    ];
    for (const mix of mixes) {
      const units = Object.entries(mix).map(([id, quantity]) => ({ id, quantity }));
      const quoted = await client.post('/octo/availability', {
        productId: departure.productId,
        optionId: departure.optionId,
        localDate: departure.date,
        units,
      });
      expect(quoted.statusCode, quoted.body).toBe(200);
      const quote = (quoted.json() as { pricing: { retail: number; net: number } }[])[0]?.pricing;
      const held = await client.post('/octo/bookings', {
        productId: departure.productId,
        optionId: departure.optionId,
        availabilityId: octoAvailabilityId(departure.date),
        unitItems: units.flatMap((unit) =>
          Array.from({ length: unit.quantity }, () => ({ unitId: unit.id })),
        ),
      });
      if (held.statusCode !== 200) continue;
      expect(held.json().pricing, JSON.stringify(mix)).toEqual(
        expect.objectContaining({ retail: quote?.retail, net: quote?.net }),
      );
      await client.post(`/octo/bookings/${held.json().uuid}/cancel`, {});
    }
  });

  it('answers deeply nested and huge bodies with a 4xx', async () => {
    const depth = 300_000;
    for (const payload of [
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
      `{"productId":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`,
      JSON.stringify({ productId: '100401', contact: { fullName: 'x'.repeat(900_000) } }),
      JSON.stringify({
        productId: '100401',
        unitItems: Array.from({ length: 10_000 }, () => ({})),
      }),
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/octo/bookings',
        headers: { authorization: `Bearer ${DEMO_OCTO_KEY}`, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, response.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
    }
  });

  it('refuses the key of a user who left the company, and another company’s key on extend and lists', async () => {
    const departure = await soonDeparture(60, 120);
    const hold = await holdOn(departure, 1);
    await client.patch(`/octo/bookings/${hold.uuid}`, { resellerReference: 'ATTACK-REF-1' });
    const otherKey = await otherReseller(app, ctx.database.db);
    const other = octo(app, otherKey);
    const extend = await other.post(`/octo/bookings/${hold.uuid}/extend`, {
      expirationMinutes: 60,
    });
    expect(extend.json()).toMatchObject({ error: 'INVALID_BOOKING_UUID' });
    for (const url of [
      '/octo/bookings?resellerReference=ATTACK-REF-1',
      `/octo/bookings?localDate=${departure.date}`,
      `/octo/bookings?localDateStart=2000-01-01&localDateEnd=2100-01-01`,
    ]) {
      const response = await other.get(url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    }
    // The key's user leaves the company: the key stops at once.
    await ctx.database.db.execute(
      sql`update users set corporate_client_id = null where id in (select user_id from reseller_keys where key_hash = ${hashResellerKey(otherKey)})`,
    );
    expect((await other.get('/octo/supplier')).statusCode).toBe(403);
  });

  it('never quotes a zero price for a group the tour cannot take or price (a baby alone is free, and refused when booked)', async () => {
    const departure = await soonDeparture(60, 120);
    for (const units of [
      [{ id: 'adult', quantity: 99 }],
      [
        { id: 'adult', quantity: 1 },
        { id: 'baby', quantity: 9 },
      ],
    ]) {
      const response = await client.post('/octo/availability', {
        productId: departure.productId,
        optionId: departure.optionId,
        localDate: departure.date,
        units,
      });
      expect(response.statusCode, response.body).toBeLessThan(500);
      if (response.statusCode !== 200) continue;
      for (const day of response.json() as {
        available: boolean;
        pricing?: { retail: number };
        unitPricing?: { unitId: string; retail: number }[];
      }[]) {
        if (!day.available) continue;
        expect(day.pricing?.retail, JSON.stringify({ units, day })).toBeGreaterThan(0);
      }
    }
  });

  it('takes neither a session token as a key nor a key as a session', async () => {
    const key = await client.get('/octo/supplier');
    expect(key.statusCode).toBe(200);
    const asSession = await app.inject({
      url: '/api/tour/booking/list',
      headers: { authorization: `Bearer ${DEMO_OCTO_KEY}` },
    });
    expect(asSession.statusCode).toBe(401);
  });
});
