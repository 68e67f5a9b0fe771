import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { sandboxCharges } from '../src/db/schema.ts';
import { reconcilePending } from '../src/modules/payments/reconcile.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { addPayment, event, notify } from './support/payments.ts';

/**
 * Two API nodes on one PostgreSQL database, each with its own pool, as behind a load balancer
 * (the security issue's "done when"): parallel saves and payments through both lose and double
 * nothing, a lost notification is settled by whichever node reconciles, and the rate limits'
 * counters are shared.
 */
let ctx: TestContext;
let second: { app: FastifyInstance; close(): Promise<void> };

beforeAll(async () => {
  if (!isPostgres) return;
  ctx = await createTestApp();
  // The second node: the same database through a pool of its own.
  const url = ctx.database.url ?? '';
  const handle = await openDatabase({
    kind: 'postgres',
    guardTransactions: true,
    url,
    poolSize: 10,
  });
  const app = await buildApp({ db: handle.db, config: testConfig(), databaseKind: 'postgres' });
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

describe.runIf(isPostgres)('two API nodes on one PostgreSQL', () => {
  it('saves 20 bookings and takes 20 payments in parallel across both, losing and doubling nothing', async () => {
    const nodes = [ctx.app, second.app];
    const customer = await signUpAndIn(ctx.app);
    const tour = await loadTour(ctx.app, '100401');
    // Each booking on a date of its own: one departure's 16 seats do not limit this test.
    const bodies = Array.from({ length: 20 }, () => bookingFor(tour, { adults: 1 }));
    const body = bodies[0] as (typeof bodies)[number];
    // 20 saves, alternating nodes; every other one retried on the other node with its key.
    const keys = Array.from({ length: 20 }, () => randomUUID());
    const saves = await Promise.all(
      keys.flatMap((key, index) => {
        const save = (node: number) =>
          postBooking(nodes[node] as FastifyInstance, customer.token, bodies[index], {
            'idempotency-key': key,
          });
        return index % 2 === 0 ? [save(0), save(1)] : [save(1)];
      }),
    );
    expect(saves.every((answer) => answer.statusCode === 201 || answer.statusCode === 200)).toBe(
      true,
    );
    const codes = [...new Set(saves.map((answer) => answer.json().code as string))];
    expect(codes).toHaveLength(20);

    // 20 payments of the whole debt, one per booking, notified twice each through both nodes.
    const opened = await Promise.all(
      codes.map((code, index) =>
        addPayment(nodes[index % 2] as FastifyInstance, customer.token, code, body.amount),
      ),
    );
    expect(opened.map((answer) => answer.statusCode)).toEqual(codes.map(() => 201));
    const cents = Math.round(body.amount * 100);
    const notified = await Promise.all(
      opened.flatMap((answer) => [
        notify(ctx.app, event(answer.json().transactionId, cents)),
        notify(second.app, event(answer.json().transactionId, cents)),
      ]),
    );
    expect(notified.every((answer) => answer.statusCode === 200)).toBe(true);

    const rows = await ctx.database.db.execute(sql`
      select b.code, count(l.id) filter (where l.kind = 'payment')::int as payments,
             coalesce(sum(l.amount_cents) filter (where l.kind = 'payment'), 0)::int as paid
      from bookings b left join ledger_entries l on l.booking_id = b.id
      where b.code in ${sql.raw(`(${codes.map((code) => `'${code}'`).join(',')})`)}
      group by b.code`);
    const byCode = (rows as unknown as { rows: { code: string; payments: number; paid: number }[] })
      .rows;
    expect(byCode).toHaveLength(20);
    for (const row of byCode) expect(row).toMatchObject({ payments: 1, paid: cents });
  });

  it('settles a lost notification on whichever node reconciles, once', async () => {
    const customer = await signUpAndIn(second.app);
    const tour = await loadTour(second.app, '100401');
    const saved = await postBooking(second.app, customer.token, bookingFor(tour, { adults: 1 }));
    const attemptId = saved.json().transactionId as string;
    // Paid at the gateway; its notification never arrives.
    await ctx.database.db
      .update(sandboxCharges)
      .set({ status: 'approved' })
      .where(sql`${sandboxCharges.transactionId} = ${attemptId}`);
    const reports = await Promise.all([
      reconcilePending(ctx.database.db, ctx.app.gateway, { olderThanSeconds: 0 }),
      reconcilePending(second.app.db, second.app.gateway, { olderThanSeconds: 0 }),
    ]);
    expect(reports[0].paid + reports[1].paid).toBeGreaterThanOrEqual(1);
    const rows = await ctx.database.db.execute(sql`
      select count(*)::int as n from ledger_entries where payment_attempt_id = ${attemptId}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('refuses on one node, within a second, a token signed out on the other (session cache)', async () => {
    const customer = await signUpAndIn(ctx.app);
    const list = (app: FastifyInstance) =>
      app.inject({
        method: 'GET',
        url: '/api/tour/booking/list',
        headers: { authorization: `Bearer ${customer.token}` },
      });
    // Both nodes now hold the session.
    expect((await list(ctx.app)).statusCode).toBe(200);
    expect((await list(second.app)).statusCode).toBe(200);
    const out = await second.app.inject({
      method: 'POST',
      url: `/api/authentication/logout/${customer.user.id}`,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await list(second.app)).statusCode).toBe(401);
    await expect.poll(async () => (await list(ctx.app)).statusCode, { timeout: 3000 }).toBe(401);
  });

  it('shares the rate limits between the nodes (counted in PostgreSQL)', async () => {
    const limits = {
      ...testConfig().rateLimits,
      enabled: true,
      signUp: { perAddress: 2, windowSeconds: 600 },
    };
    const url = ctx.database.url ?? '';
    const handles = await Promise.all(
      [1, 2].map(() =>
        openDatabase({ kind: 'postgres', guardTransactions: true, url, poolSize: 2 }),
      ),
    );
    const apps = await Promise.all(
      handles.map((handle) =>
        buildApp({
          db: handle.db,
          config: testConfig({ rateLimits: limits }),
          databaseKind: 'postgres',
        }),
      ),
    );
    try {
      const signUp = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/authentication/client/register',
          remoteAddress: '10.77.0.1',
          payload: {
            name: 'Ana',
            lastname: 'Quispe',
            email: `ana.${randomUUID().slice(0, 8)}@example.com`,
            mobile: '+51 984 000 111',
            birthdate: '1990-05-17',
            password: 'Machu-Picchu-1911',
            countryId: 'PE',
          },
        });
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      expect((await signUp(a)).statusCode).toBe(201);
      expect((await signUp(b)).statusCode).toBe(201);
      expect((await signUp(a)).statusCode).toBe(429);
      expect((await signUp(b)).statusCode).toBe(429);
    } finally {
      for (const app of apps) await app.close();
      for (const handle of handles) await handle.close();
    }
  });
});
