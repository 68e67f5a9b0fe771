import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { smtpTransport } from '../src/modules/outbox/transport.ts';
import { nubefactProvider } from '../src/modules/receipts/nubefact.ts';
import { signUpAndIn } from './support/accounts.ts';
import { isPostgres, openTestDatabase, type TestDatabase, testConfig } from './support/app.ts';
import { METRICS_TOKEN, Scrape, scrape } from './support/metrics.ts';
import { insertReceipt, paidBooking } from './support/receipts-fixture.ts';

/**
 * What /metrics shows when things fail (issue 34): e-mail and receipts that cannot be sent, the
 * database away (503s counted, the scrape still answered, cusco_db_up 0), and statements
 * cancelled by statement_timeout (PostgreSQL). Each on a database of its own.
 */
const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

/** A local port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function appOn(database: TestDatabase, overrides: Parameters<typeof testConfig>[0] = {}) {
  const app = await buildApp({
    db: database.db,
    config: testConfig({ metrics: { token: METRICS_TOKEN }, ...overrides }),
    databaseKind: database.kind,
    ...(database.poolStats ? { poolStats: database.poolStats } : {}),
  });
  await app.ready();
  return app;
}

describe('the workers’ failures', () => {
  it('counts e-mail and receipts the background workers could not send, and their passes', async () => {
    const database = await openTestDatabase();
    closing.push(() => database.close());
    const base = testConfig();
    // An SMTP server and a receipts issuer (a PSE) that are both away.
    const [smtpPort, pseePort] = await Promise.all([closedPort(), closedPort()]);
    const app = await buildApp({
      db: database.db,
      config: testConfig({
        metrics: { token: METRICS_TOKEN },
        mail: { ...base.mail, intervalSeconds: 1 },
        receipts: { ...base.receipts, intervalSeconds: 1 },
      }),
      databaseKind: database.kind,
      mailTransport: smtpTransport(`smtp://127.0.0.1:${smtpPort}`),
      receiptProvider: nubefactProvider({
        url: `http://127.0.0.1:${pseePort}/api/v1/route`,
        token: 'token',
        timeoutMs: 2000,
      }),
    });
    closing.push(() => app.close());
    await app.ready();

    // A sign-up's welcome goes to the outbox; a paid booking's receipt is due to the issuer.
    const owner = await signUpAndIn(app);
    const booking = await paidBooking(app, owner.token);
    await insertReceipt(app.db, booking, { series: 'B934' });

    // Both workers' next passes fail to send, and say so.
    await expect
      .poll(
        async () => {
          const scraped = await scrape(app);
          return Math.min(
            scraped.value('cusco_mail_sends_total', { outcome: 'retrying' }),
            scraped.value('cusco_receipt_sends_total', { outcome: 'retrying' }),
          );
        },
        { timeout: 45_000, interval: 250 },
      )
      .toBeGreaterThanOrEqual(1);
    const scraped = await scrape(app);
    expect(scraped.value('cusco_mail_sends_total', { outcome: 'sent' })).toBe(0);
    expect(scraped.value('cusco_receipt_sends_total', { outcome: 'accepted' })).toBe(0);
    expect(scraped.value('cusco_outbox_retrying_messages')).toBeGreaterThanOrEqual(1);
    expect(scraped.value('cusco_receipts_to_send', { state: 'retrying' })).toBeGreaterThanOrEqual(
      1,
    );
    // A failed send is not a failed pass: the passes went well, and say when.
    for (const job of ['outbox', 'receipts sender']) {
      expect(
        scraped.value('cusco_job_passes_total', { job, outcome: 'ok' }),
      ).toBeGreaterThanOrEqual(1);
      const last = scraped.value('cusco_job_last_success_timestamp_seconds', { job });
      expect(Date.now() / 1000 - last).toBeLessThan(60);
    }
  }, 90_000);
});

describe('the database away', () => {
  it('counts the 503s, and still answers the scrape, without the database’s figures', async () => {
    const database = await openTestDatabase();
    const app = await appOn(database);
    closing.push(() => app.close());
    const up = await scrape(app);
    expect(up.value('cusco_db_up')).toBe(1);
    expect(up.has('cusco_outbox_pending_messages')).toBe(true);
    expect(up.value('cusco_db_unavailable_responses_total', { reason: 'connection' })).toBe(0);

    await database.close();
    const signIn = () =>
      app.inject({
        method: 'POST',
        url: '/api/authentication/login',
        payload: { username: 'someone@example.com', password: 'Machu-Picchu-1911' },
      });
    for (let i = 0; i < 3; i++) {
      const answer = await signIn();
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
    }
    const started = performance.now();
    const down = await scrape(app);
    expect(performance.now() - started).toBeLessThan(3500);
    expect(down.value('cusco_db_up')).toBe(0);
    // No stale figure stands for what could not be read.
    expect(down.has('cusco_outbox_pending_messages')).toBe(false);
    expect(down.has('cusco_seat_holds')).toBe(false);
    expect(down.value('cusco_db_unavailable_responses_total', { reason: 'connection' })).toBe(3);
    expect(
      down.value('http_requests_total', {
        method: 'POST',
        route: '/api/authentication/login',
        status_code: '503',
      }),
    ).toBe(3);
  });
});

describe.runIf(isPostgres)('statement timeouts (PostgreSQL)', () => {
  it('counts a statement cancelled by statement_timeout, answered 503', async () => {
    const database = await openTestDatabase();
    closing.push(() => database.close());
    const url = database.url ?? '';
    // A node whose statements may run 300 ms.
    const handle = await openDatabase({
      kind: 'postgres',
      guardTransactions: true,
      url,
      poolSize: 4,
      timeouts: { connectMs: 2000, statementMs: 300, idleInTransactionMs: 30_000 },
    });
    const app = await buildApp({
      db: handle.db,
      config: testConfig({ metrics: { token: METRICS_TOKEN } }),
      databaseKind: 'postgres',
      ...(handle.poolStats ? { poolStats: handle.poolStats } : {}),
    });
    closing.push(async () => {
      await app.close();
      await handle.close();
    });
    await app.ready();
    const before = await scrape(app);
    expect(before.value('cusco_db_statement_timeouts_total', { source: 'request' })).toBe(0);
    expect(before.value('cusco_db_pool_max_connections')).toBe(4);

    // Another session holds the sign-in throttle's table: the sign-in's first statement waits.
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table login_throttle in access exclusive mode');
      const answer = await app.inject({
        method: 'POST',
        url: '/api/authentication/login',
        payload: { username: 'someone@example.com', password: 'Machu-Picchu-1911' },
      });
      expect(answer.statusCode).toBe(503);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    const after = new Scrape(
      (
        await app.inject({
          url: '/metrics',
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
      ).body,
    );
    expect(after.value('cusco_db_statement_timeouts_total', { source: 'request' })).toBe(1);
    expect(
      after.value('cusco_db_unavailable_responses_total', { reason: 'statement_timeout' }),
    ).toBe(1);
    expect(after.value('cusco_db_up')).toBe(1);
  });
});
