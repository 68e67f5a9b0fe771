import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { octoAvailabilityId } from '@cusco/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { bookings, departures, resellerKeys } from '../src/db/schema.ts';
import { holdsSeats } from '../src/modules/departures/holdings.ts';
import { hashResellerKey } from '../src/modules/resellers/key.ts';
import { DEMO_OCTO_KEY } from '../src/seed/demo-accounts.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, nextTestDate, postBooking } from './support/bookings.ts';
import { octo, otherReseller } from './support/octo.ts';

/**
 * OCTO with more than one caller at once (issue 31): an OCTO hold and a site booking racing for a
 * departure's last seats sell exactly its seats; a revoked key is refused at once by every node;
 * each key has its own rate; keys never reach the logs.
 */
let ctx: TestContext;
let second: { app: FastifyInstance; close(): Promise<void> } | undefined;
const lines: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  if (!isPostgres) return;
  const handle = await openDatabase({
    kind: 'postgres',
    guardTransactions: true,
    url: ctx.database.url ?? '',
    poolSize: 10,
  });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    db: handle.db,
    config: testConfig(),
    databaseKind: 'postgres',
    logger: { level: 'info', stream },
  });
  await app.ready();
  second = {
    app,
    async close() {
      await app.close();
      await handle.close();
    },
  };
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

async function defaultOption(app: FastifyInstance) {
  const response = await octo(app, DEMO_OCTO_KEY).get('/octo/products/100401');
  return (response.json() as { options: { id: string; default: boolean }[] }).options[0]?.id ?? '';
}

describe.runIf(isPostgres)('OCTO on two nodes of one PostgreSQL', () => {
  it('sells exactly a departure’s seats when an OCTO hold and a site booking race for the last ones', async () => {
    const nodes = [ctx.app, second?.app as FastifyInstance];
    const tour = await loadTour(ctx.app, '100401');
    const optionId = await defaultOption(ctx.app);
    const customer = await signUpAndIn(ctx.app);
    for (let round = 0; round < 6; round++) {
      const date = nextTestDate();
      // Three seats left: two each cannot both fit.
      await ctx.database.db
        .insert(departures)
        .values({ tourId: tour.id, date, capacity: 3 })
        .onConflictDoUpdate({ target: [departures.tourId, departures.date], set: { capacity: 3 } });
      const [octoAnswer, siteAnswer] = await Promise.all([
        octo(nodes[round % 2] as FastifyInstance, DEMO_OCTO_KEY).post('/octo/bookings', {
          productId: '100401',
          optionId,
          availabilityId: octoAvailabilityId(date),
          unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
        }),
        postBooking(
          nodes[(round + 1) % 2] as FastifyInstance,
          customer.token,
          bookingFor(tour, { adults: 2, date }),
        ),
      ]);
      const won = [octoAnswer?.statusCode === 200, siteAnswer?.statusCode === 201];
      expect(won.filter(Boolean), `${octoAnswer?.body} ${siteAnswer?.body}`).toHaveLength(1);
      if (!won[0]) expect(octoAnswer?.json()).toMatchObject({ error: 'UNPROCESSABLE_ENTITY' });
      if (!won[1]) expect(siteAnswer?.statusCode).toBe(409);
      const [held] = await ctx.database.db
        .select({ seats: sql<number>`count(*)`.mapWith(Number) })
        .from(bookings)
        .innerJoin(sql`passenger_slots`, sql`passenger_slots.booking_id = ${bookings.id}`)
        .where(and(eq(bookings.tourId, tour.id), eq(bookings.travelDate, date), holdsSeats));
      expect(held?.seats).toBe(2);
    }
  });

  it('refuses a revoked key at once on every node', async () => {
    const key = await otherReseller(ctx.app, ctx.database.db);
    const apps = [ctx.app, second?.app as FastifyInstance];
    for (const app of apps) {
      expect((await octo(app, key).get('/octo/supplier')).statusCode).toBe(200);
    }
    await ctx.database.db
      .update(resellerKeys)
      .set({ revokedAt: sql`now()` })
      .where(eq(resellerKeys.keyHash, hashResellerKey(key)));
    for (const app of apps) {
      const response = await octo(app, key).get('/octo/products');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
    }
  });

  it('never writes a key into the logs', async () => {
    const app = second?.app as FastifyInstance;
    lines.splice(0);
    await octo(app, DEMO_OCTO_KEY).get('/octo/supplier');
    await octo(app, 'cusco_a-wrong-key-that-must-not-be-logged').get('/octo/supplier');
    await octo(app, DEMO_OCTO_KEY).post('/octo/bookings', { productId: 'nope' });
    const logged = lines.join('');
    expect(logged).toContain('request completed');
    expect(logged).not.toContain(DEMO_OCTO_KEY);
    expect(logged).not.toContain('a-wrong-key-that-must-not-be-logged');
  });
});

describe('OCTO rate limits', () => {
  it('limits each key to its own rate, with 429 and Retry-After, leaving other keys alone', async () => {
    const limited = await createTestApp({
      rateLimits: { ...testConfig().rateLimits, enabled: true },
    });
    try {
      const slow = await otherReseller(limited.app, limited.database.db, { ratePerMinute: 3 });
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await octo(limited.app, slow).get('/octo/supplier'));
      expect(answers.slice(0, 3).map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const refused = answers[3];
      expect(refused?.statusCode).toBe(429);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused?.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS' });
      expect((await octo(limited.app, DEMO_OCTO_KEY).get('/octo/supplier')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('is keyed by the key: a uuid booked twice by one company is not another company’s', async () => {
    const other = await otherReseller(ctx.app, ctx.database.db);
    const optionId = await defaultOption(ctx.app);
    const uuid = randomUUID();
    const body = {
      uuid,
      productId: '100401',
      optionId,
      availabilityId: octoAvailabilityId(nextTestDate()),
      unitItems: [{ unitId: 'adult' }],
    };
    const mine = await octo(ctx.app, DEMO_OCTO_KEY).post('/octo/bookings', body);
    const theirs = await octo(ctx.app, other).post('/octo/bookings', body);
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(mine.json().id).not.toBe(theirs.json().id);
    const rows = await ctx.database.db.select().from(bookings).where(eq(bookings.octoUuid, uuid));
    expect(rows).toHaveLength(2);
  });
});
