import { randomUUID } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import { type BookingRequest, tour as tourSchema } from '@cusco/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_NAME } from '../src/db/postgres-pool.ts';
import { newRegistration } from './support/accounts.ts';
import {
  isPostgres,
  openTestDatabase,
  TEST_SANDBOX_SECRET,
  type TestDatabase,
} from './support/app.ts';
import { bookingFor } from './support/bookings.ts';
import { killServers, type ServerProcess, startServer } from './support/server.ts';

/**
 * The API survives its database restarting (the resilience issue): the server runs in its own
 * process on PostgreSQL while clients save bookings and open payments, and a second connection
 * keeps killing the server's connections with pg_terminate_backend, the 57P01 a restart or a
 * failover gives. Then a SIGTERM under load: every booking confirmed to a client is kept.
 */
let database: TestDatabase;
let admin: pg.Client;

beforeAll(async () => {
  if (!isPostgres) return;
  database = await openTestDatabase();
  admin = new pg.Client({ connectionString: database.url, application_name: 'resilience-test' });
  admin.on('error', () => {});
  await admin.connect();
});
afterAll(async () => {
  killServers();
  await admin?.end();
  await database?.close();
});

function serve(extra: Record<string, string> = {}): ServerProcess {
  return startServer({
    DATABASE_URL: database.url ?? '',
    DATABASE_POOL_SIZE: '6',
    DATABASE_CONNECT_TIMEOUT_MS: '2000',
    RATE_LIMITS: 'false',
    SANDBOX_SECRET: TEST_SANDBOX_SECRET,
    ...extra,
  });
}

interface Tally {
  statuses: Map<number | string, number>;
  /** The codes of bookings a client was told were saved. */
  confirmed: Set<string>;
}

const tally = (): Tally => ({ statuses: new Map(), confirmed: new Set() });
const count = (t: Tally, key: number | string) =>
  t.statuses.set(key, (t.statuses.get(key) ?? 0) + 1);

async function json(base: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: response.status, body };
}

/** A new customer's token (retried through a storm: a 503 is an answer to try again). */
async function customer(base: string): Promise<string> {
  const registration = newRegistration();
  for (;;) {
    const registered = await json(base, '/api/authentication/client/register', {
      method: 'POST',
      body: JSON.stringify(registration),
    });
    if (registered.status === 201 || registered.status === 409) break;
    expect(registered.status).toBe(503);
  }
  for (;;) {
    const login = await json(base, '/api/authentication/login', {
      method: 'POST',
      body: JSON.stringify({ username: registration.email, password: registration.password }),
    });
    if (login.status === 200) return login.body?.token as string;
    expect(login.status).toBe(503);
  }
}

/**
 * One client's loop until `until()` says stop: saves a booking, retrying a 503 with the same
 * Idempotency-Key as the web app does, then opens its payment. Every answer is tallied.
 */
async function client(
  base: string,
  token: string,
  body: BookingRequest,
  until: () => boolean,
  t: Tally,
) {
  const headers = { authorization: `Bearer ${token}` };
  while (!until()) {
    const key = randomUUID();
    let saved: string | null = null;
    for (let attempt = 0; attempt < 20 && !until(); attempt++) {
      let answer: Awaited<ReturnType<typeof json>>;
      try {
        answer = await json(base, '/api/tour/save', {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': key },
          body: JSON.stringify(body),
        });
      } catch {
        // Refused or reset (the server is gone, or going): nothing was confirmed; try again.
        count(t, 'network');
        await pause(50);
        continue;
      }
      count(t, answer.status);
      if (answer.status === 201 || answer.status === 200) {
        saved = answer.body?.code as string;
        t.confirmed.add(saved);
        break;
      }
      if (answer.status !== 503) break;
      await pause(50); // the client's own back-off before retrying
    }
    if (!saved) continue;
    try {
      const paid = await json(base, '/api/tour/payment/add', {
        method: 'POST',
        headers,
        body: JSON.stringify({ bookingId: saved, amount: body.amount, amountStr: body.amountStr }),
      });
      count(t, `payment ${paid.status}`);
    } catch {
      count(t, 'network');
    }
  }
}

/** The bookings of these codes that exist whole: with their purchase in the ledger and slots. */
async function wholeBookings(codes: Iterable<string>): Promise<Set<string>> {
  const list = [...codes];
  if (list.length === 0) return new Set();
  const { rows } = await admin.query<{ code: string }>(
    `select b.code from bookings b
     where b.code = any($1)
       and exists (select 1 from ledger_entries l where l.booking_id = b.id and l.kind = 'purchase')
       and exists (select 1 from passenger_slots s where s.booking_id = b.id)`,
    [list],
  );
  return new Set(rows.map((row) => row.code));
}

async function halfWritten(): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `select count(*)::int as n from bookings b
     where not exists (select 1 from ledger_entries l where l.booking_id = b.id and l.kind = 'purchase')
        or not exists (select 1 from passenger_slots s where s.booking_id = b.id)`,
  );
  return rows[0]?.n ?? -1;
}

const summary = (t: Tally) => Object.fromEntries([...t.statuses].map(([k, v]) => [String(k), v]));

describe.runIf(isPostgres)('the API and its database restarting', () => {
  it('keeps serving through a storm of killed connections, loses no confirmed booking, and is ready again within 5 s', async () => {
    const server = serve({ RECONCILE_INTERVAL_SECONDS: '1', RECONCILE_AFTER_SECONDS: '0' });
    const base = await server.ready();
    const tour = tourSchema.parse((await json(base, '/api/tour/100401')).body);
    const body = bookingFor(tour, { adults: 1 });
    const tokens = await Promise.all([1, 2, 3, 4].map(() => customer(base)));

    const t = tally();
    const stopAt = Date.now() + 6000;
    const over = () => Date.now() > stopAt;
    let killed = 0;
    const storm = (async () => {
      await pause(500);
      while (!over()) {
        const { rows } = await admin.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
           where datname = current_database() and application_name = $1`,
          [APPLICATION_NAME],
        );
        killed += rows[0]?.n ?? 0;
        await pause(250); // the attacker's cadence
      }
    })();
    await Promise.all([...tokens.map((token) => client(base, token, body, over, t)), storm]);

    // After the storm: ready again within 5 s, without anyone restarting anything.
    const readyBy = Date.now() + 5000;
    let ready = 0;
    while (Date.now() < readyBy) {
      ready = (await fetch(`${base}/api/ready`)).status;
      if (ready === 200) break;
      await pause(100);
    }
    expect(ready).toBe(200);

    const figures = summary(t);
    // biome-ignore lint/suspicious/noConsole: the storm's figures are this test's report.
    console.info(`storm: ${killed} connections killed; answers ${JSON.stringify(figures)}`);
    expect(server.child.exitCode).toBeNull();
    expect(killed).toBeGreaterThan(0);
    expect(server.output()).toContain('database connection lost');
    expect(server.output()).not.toMatch(/Unhandled 'error' event|unhandled error/);
    // One transaction's queries run one after the other on its connection (pg's warning).
    expect(server.output()).not.toContain('already executing a query');
    // No 5xx other than 503, and no request that could not reach the server.
    for (const key of t.statuses.keys()) {
      const status = Number(String(key).replace('payment ', ''));
      expect(Number.isNaN(status) ? key : status < 500 || status === 503, `${key}`).toBe(true);
    }
    expect(t.confirmed.size).toBeGreaterThan(0);
    // Every booking confirmed to a client exists, whole; nothing is half-written.
    expect([...(await wholeBookings(t.confirmed))].sort()).toEqual([...t.confirmed].sort());
    expect(await halfWritten()).toBe(0);

    // No connection leaked in the storm: the pool closes at once and the process exits 0.
    const stoppingAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output().slice(-2000)).toBe(0);
    expect(Date.now() - stoppingAt).toBeLessThan(5000);
  }, 60_000);

  it('shuts down on SIGTERM under load: in-flight requests finish, exit 0, every confirmed booking kept', async () => {
    const server = serve({ SHUTDOWN_TIMEOUT_SECONDS: '10', RECONCILE_INTERVAL_SECONDS: '1' });
    const base = await server.ready();
    const tour = tourSchema.parse((await json(base, '/api/tour/100401')).body);
    const body = bookingFor(tour, { adults: 1 });
    const tokens = await Promise.all([1, 2, 3, 4].map(() => customer(base)));

    const t = tally();
    let exited = false;
    void server.exited.then(() => {
      exited = true;
    });
    const load = Promise.all(tokens.map((token) => client(base, token, body, () => exited, t)));
    // Under way: a few bookings confirmed, then the signal.
    while (t.confirmed.size < 12 && server.child.exitCode === null) await pause(20);
    expect(t.confirmed.size).toBeGreaterThanOrEqual(12);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const took = Date.now() - signalledAt;
    await load;

    // biome-ignore lint/suspicious/noConsole: the shutdown's figures are this test's report.
    console.info(`shutdown: exit ${code} after ${took} ms; answers ${JSON.stringify(summary(t))}`);
    expect(code).toBe(0);
    expect(took).toBeLessThan(10_000);
    expect(server.output()).toContain('stopped');
    expect([...(await wholeBookings(t.confirmed))].sort()).toEqual([...t.confirmed].sort());
    expect(await halfWritten()).toBe(0);
  }, 60_000);
});
