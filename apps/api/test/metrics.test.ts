import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { reconcilePending } from '../src/modules/payments/reconcile.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { METRICS_TOKEN, Scrape, scrape } from './support/metrics.ts';

/**
 * GET /metrics (issue 34, ADR 0054): off by default, behind its bearer token, counting requests
 * by route pattern and status with bounded labels, and the database's gauges read at scrape time.
 * On PGlite and on PostgreSQL.
 */
let ctx: TestContext;
/** The same database without METRICS_TOKEN: the default install. */
let off: FastifyInstance;

const withMetrics = () => {
  const base = testConfig();
  // Payment attempts are due for reconciliation at once, so that its lag can be read here.
  return {
    metrics: { token: METRICS_TOKEN },
    payments: { ...base.payments, reconcileAfterSeconds: 0 },
  };
};

beforeAll(async () => {
  ctx = await createTestApp(withMetrics());
  off = await buildApp({
    db: ctx.database.db,
    config: testConfig(),
    databaseKind: ctx.database.kind,
  });
  await off.ready();
});
afterAll(async () => {
  await off?.close();
  await ctx?.close();
});

const metrics = (app: FastifyInstance, authorization?: string) =>
  app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics: who may read it', () => {
  it('does not exist without METRICS_TOKEN (404), with or without a token', async () => {
    expect((await metrics(off)).statusCode).toBe(404);
    expect((await metrics(off, `Bearer ${METRICS_TOKEN}`)).statusCode).toBe(404);
  });

  it('refuses a missing or wrong token with 401 and WWW-Authenticate, and answers the right one', async () => {
    const none = await metrics(ctx.app);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.json().code).toBe('UNAUTHENTICATED');
    expect(none.body).not.toContain('http_requests_total');
    for (const wrong of [
      `Bearer ${METRICS_TOKEN.slice(0, -1)}x`,
      `Bearer ${METRICS_TOKEN}x`,
      `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`metrics:${METRICS_TOKEN}`).toString('base64')}`,
      METRICS_TOKEN,
      `Bearer ${METRICS_TOKEN} ${METRICS_TOKEN}`,
      'Bearer ',
    ]) {
      const answer = await metrics(ctx.app, wrong);
      expect(answer.statusCode, wrong).toBe(401);
    }
    const right = await metrics(ctx.app, `Bearer ${METRICS_TOKEN}`);
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(right.headers['cache-control']).toBe('no-store');
    // The scheme is case-insensitive (RFC 9110).
    expect((await metrics(ctx.app, `bearer ${METRICS_TOKEN}`)).statusCode).toBe(200);
  });

  it('refuses a 1 MB Authorization header at once, and Node refuses it before the app does', async () => {
    const huge = `Bearer ${'a'.repeat(1024 * 1024)}`;
    const started = performance.now();
    const answer = await metrics(ctx.app, huge);
    expect(answer.statusCode).toBe(401);
    // Not hashed, not compared: a length check (a hash of 1 MB would take milliseconds).
    expect(performance.now() - started).toBeLessThan(1000);
    // Over HTTP, Node's own header limit (16 KB) answers 431 before any of our code runs.
    const app = await buildApp({
      db: ctx.database.db,
      config: testConfig({ metrics: { token: METRICS_TOKEN } }),
      databaseKind: ctx.database.kind,
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const status = await new Promise<number>((resolve, reject) => {
        const sent = httpRequest(
          { port, host: '127.0.0.1', path: '/metrics', headers: { authorization: huge } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        // The server may close the socket while the header is still being written.
        sent.on('error', (error: NodeJS.ErrnoException) =>
          error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve(431) : reject(error),
        );
        sent.end();
      });
      expect(status).toBe(431);
      // And the server still answers the right token.
      const ok = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(ok.status).toBe(200);
      await ok.text();
    } finally {
      await app.close();
    }
  });

  it('limits refused scrapes per address (429), never the right token', async () => {
    const base = testConfig();
    const app = await buildApp({
      db: ctx.database.db,
      config: testConfig({
        metrics: { token: METRICS_TOKEN },
        rateLimits: {
          ...base.rateLimits,
          enabled: true,
          metricsRefusal: { perAddress: 3, windowSeconds: 600 },
        },
      }),
      databaseKind: ctx.database.kind,
    });
    try {
      await app.ready();
      // The address of this app's requests is its own, so other tests' counters do not mix in.
      const from = { remoteAddress: `10.34.${Math.floor(Math.random() * 250)}.7` };
      const wrong = () =>
        app.inject({ url: '/metrics', headers: { authorization: 'Bearer guess' }, ...from });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await wrong()).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const right = await app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        ...from,
      });
      expect(right.statusCode).toBe(200);
      const scraped = new Scrape(right.body);
      expect(scraped.value('cusco_rate_limit_refusals_total', { limit: 'metrics_refusal' })).toBe(
        2,
      );
    } finally {
      await app.close();
    }
  });
});

describe('GET /metrics: requests by route and status', () => {
  it('counts a few dozen requests under their route pattern and status, in the histogram too', async () => {
    const labels = { method: 'GET', route: '/api/tour/:id', status_code: '200' };
    const before = await scrape(ctx.app);
    for (let i = 0; i < 30; i++) {
      expect((await ctx.app.inject({ url: '/api/tour/100401' })).statusCode).toBe(200);
    }
    const after = await scrape(ctx.app);
    expect(
      after.value('http_requests_total', labels) - before.value('http_requests_total', labels),
    ).toBe(30);
    const count = (scraped: Scrape) => scraped.value('http_request_duration_seconds_count', labels);
    expect(count(after) - count(before)).toBe(30);
    const infinite = { ...labels, le: '+Inf' };
    expect(
      after.value('http_request_duration_seconds_bucket', infinite) -
        before.value('http_request_duration_seconds_bucket', infinite),
    ).toBe(30);
    // Every request fell in some finite bucket too (the slowest is 15 s), and the buckets grow.
    const buckets = after
      .find('http_request_duration_seconds_bucket', labels)
      .filter((sample) => sample.labels.le !== '+Inf');
    expect(buckets.length).toBe(11);
    const last = buckets.at(-1)?.value ?? 0;
    expect(
      last - before.value('http_request_duration_seconds_bucket', { ...labels, le: '15' }),
    ).toBe(30);
    for (let i = 1; i < buckets.length; i++) {
      expect(buckets[i]?.value).toBeGreaterThanOrEqual(buckets[i - 1]?.value ?? 0);
    }
    expect(after.value('http_request_duration_seconds_sum', labels)).toBeGreaterThan(
      before.value('http_request_duration_seconds_sum', labels),
    );
    // A 404 of the same route is its own series.
    await ctx.app.inject({ url: '/api/tour/999999' });
    const missing = await scrape(ctx.app);
    expect(
      missing.value('http_requests_total', { ...labels, status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('keeps its labels bounded: ids in paths and random paths add no series', async () => {
    const customer = await signUpAndIn(ctx.app);
    const kinds = (id: string) => [
      ctx.app.inject({
        url: `/api/tour/booking/${id}`,
        headers: { authorization: `Bearer ${customer.token}` },
      }),
      ctx.app.inject({ url: `/api/${id}/${id}?q=${id}` }),
      ctx.app.inject({ url: `/${id}`, method: 'POST', payload: { id } }),
    ];
    // The series these requests fall in, and the scrape's own, exist once warmed up.
    await Promise.all(kinds(randomUUID()));
    await scrape(ctx.app);
    const before = await scrape(ctx.app);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const id = randomUUID();
      ids.push(id);
      await Promise.all(kinds(id));
    }
    const after = await scrape(ctx.app);
    for (const id of ids) expect(after.text).not.toContain(id);
    const series = (scraped: Scrape) =>
      new Set(scraped.find('http_requests_total').map((sample) => JSON.stringify(sample.labels)));
    const added = [...series(after)].filter((labels) => !series(before).has(labels));
    expect(added).toEqual([]);
    const unmatched = after.find('http_requests_total', { route: 'unmatched', status_code: '404' });
    expect(unmatched.reduce((sum, sample) => sum + sample.value, 0)).toBeGreaterThanOrEqual(80);
    expect(new Set(unmatched.map((sample) => sample.labels.method))).toEqual(
      new Set(['GET', 'POST']),
    );
  });

  it("answers 25 concurrent scrapes, each with the database's figures", async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => metrics(ctx.app, `Bearer ${METRICS_TOKEN}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const pending = answers.map((answer) =>
      new Scrape(answer.body).value('cusco_outbox_pending_messages'),
    );
    expect(new Set(pending).size).toBe(1);
    for (const answer of answers) expect(new Scrape(answer.body).value('cusco_db_up')).toBe(1);
  });

  it("shows the node's process and the database's kind and pool", async () => {
    const scraped = await scrape(ctx.app);
    expect(scraped.has('process_cpu_user_seconds_total')).toBe(true);
    expect(scraped.has('nodejs_eventloop_lag_seconds')).toBe(true);
    expect(scraped.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(scraped.value('cusco_db_info', { kind: isPostgres ? 'postgres' : 'pglite' })).toBe(1);
    expect(scraped.value('cusco_db_up')).toBe(1);
    if (isPostgres) {
      const max = scraped.value('cusco_db_pool_max_connections');
      expect(max).toBe(20);
      const inUse = scraped.value('cusco_db_pool_connections', { state: 'in_use' });
      const idle = scraped.value('cusco_db_pool_connections', { state: 'idle' });
      expect(inUse).toBeGreaterThanOrEqual(0);
      expect(idle).toBeGreaterThanOrEqual(1);
      expect(inUse + idle).toBeLessThanOrEqual(max);
      expect(scraped.value('cusco_db_pool_waiting_requests')).toBe(0);
    } else {
      // PGlite is one embedded connection: no pool to show.
      expect(scraped.has('cusco_db_pool_connections')).toBe(false);
    }
  });
});

describe('GET /metrics: what the database holds, read at scrape time', () => {
  it('moves the seat holds, the outbox and the reconciliation lag with a booking', async () => {
    const customer = await signUpAndIn(ctx.app);
    const tour = await loadTour(ctx.app, '100401');
    const before = await scrape(ctx.app);
    const saved = await postBooking(ctx.app, customer.token, bookingFor(tour, { adults: 3 }));
    expect(saved.statusCode, saved.body).toBe(201);
    const after = await scrape(ctx.app);
    expect(after.value('cusco_seat_holds') - before.value('cusco_seat_holds')).toBe(1);
    expect(after.value('cusco_seat_hold_seats') - before.value('cusco_seat_hold_seats')).toBe(3);
    // Its confirmation waits in the outbox.
    expect(after.value('cusco_outbox_pending_messages')).toBeGreaterThan(
      before.value('cusco_outbox_pending_messages'),
    );
    expect(after.value('cusco_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
    // Due at once: the worker is as late as the scrape is after the save.
    expect(after.value('cusco_outbox_oldest_due_seconds')).toBeGreaterThan(0);
    expect(after.value('cusco_outbox_oldest_due_seconds')).toBeLessThan(60);
    // Its payment attempt is due for reconciliation at once here (RECONCILE_AFTER_SECONDS 0).
    expect(after.value('cusco_payment_attempts_due')).toBeGreaterThanOrEqual(1);
    expect(after.value('cusco_payment_reconciliation_lag_seconds')).toBeGreaterThan(0);

    // The outbox worker sends it: the backlog empties.
    const report = await ctx.app.mail.sendDue();
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const sent = await scrape(ctx.app);
    expect(sent.value('cusco_outbox_pending_messages')).toBe(0);
    expect(sent.value('cusco_outbox_oldest_pending_age_seconds')).toBe(0);
    expect(sent.value('cusco_outbox_oldest_due_seconds')).toBe(0);

    // Reconciliation asks about every due attempt: the lag starts again from nought.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const lagBefore = (await scrape(ctx.app)).value('cusco_payment_reconciliation_lag_seconds');
    expect(lagBefore).toBeGreaterThanOrEqual(1);
    await reconcilePending(ctx.database.db, ctx.app.gateway, { olderThanSeconds: 0 });
    const lagAfter = (await scrape(ctx.app)).value('cusco_payment_reconciliation_lag_seconds');
    expect(lagAfter).toBeLessThan(lagBefore);

    // Cancelled, the booking holds nothing.
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/tour/booking/${saved.json().code}/changes`,
      headers: { authorization: `Bearer ${customer.token}`, 'idempotency-key': randomUUID() },
      payload: { kind: 'cancel' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    const gone = await scrape(ctx.app);
    expect(gone.value('cusco_seat_holds')).toBe(before.value('cusco_seat_holds'));
    expect(gone.value('cusco_seat_hold_seats')).toBe(before.value('cusco_seat_hold_seats'));
  });

  it('counts an account locked by the sign-in throttle', async () => {
    const customer = await signUpAndIn(ctx.app);
    const before = await scrape(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/authentication/login',
        payload: { username: customer.user.email, password: 'not-the-password-1' },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    const after = await scrape(ctx.app);
    expect(
      after.value('cusco_login_throttle_locked', { scope: 'account' }) -
        before.value('cusco_login_throttle_locked', { scope: 'account' }),
    ).toBe(1);
    expect(
      after.value('http_requests_total', {
        method: 'POST',
        route: '/api/authentication/login',
        status_code: '429',
      }),
    ).toBeGreaterThanOrEqual(1);
  });
});
