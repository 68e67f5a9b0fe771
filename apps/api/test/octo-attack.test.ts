import { randomUUID } from 'node:crypto';
import { octoAvailabilityId, todayInLima } from '@cusco/shared';
import { zBooking, zProduct } from '@octocloud/types';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema.ts';
import { ledgerTotals } from '../src/modules/ledger/ledger.ts';
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
          (product.cancellationCutoffAmount ?? 0) + 1,
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
