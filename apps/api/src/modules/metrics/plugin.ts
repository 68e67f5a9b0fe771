import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../../db/client.ts';
import type { DatabaseProblem } from '../../db/errors.ts';
import { AppError } from '../../errors.ts';
import type { Telemetry } from '../../lib/telemetry.ts';
import type { DatabaseGauges } from './gauges.ts';

/**
 * GET /metrics in Prometheus's text format (issue 34, ADR 0054), loaded only when METRICS_TOKEN
 * is set: per node, requests by route pattern and status, the database pool, 503s while the
 * database is away, statement timeouts, the background workers' outcomes and passes, and, read
 * at scrape time from the database, the outbox's backlog, receipts to send, the reconciliation's
 * lag, seat holds and locked sign-ins; with prom-client's process metrics. docs/operations.md
 * lists them all.
 */

export interface MetricsOptions {
  token: string;
  databaseKind: 'pglite' | 'postgres';
  /** PostgreSQL's pool figures; absent on PGlite, which has one embedded connection. */
  poolStats?: (() => PoolStats) | undefined;
  /** The scrape-time figures of the database (modules/metrics/gauges.ts). */
  readGauges: () => Promise<DatabaseGauges>;
  /** The named rate limits, so that each has its refusal series from the start. */
  rateLimitNames: string[];
}

/** The route label of a request no route matched (a 404): one series, whatever the path. */
export const UNMATCHED_ROUTE = 'unmatched';
/** The longest a scrape waits for the database's figures before answering without them. */
export const GAUGES_WAIT_MS = 3000;
/** An Authorization header longer than this is refused without being hashed. */
const MAX_AUTHORIZATION_LENGTH = 1024;

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const SEND_OUTCOMES = {
  mail: ['sent', 'retrying', 'failed', 'skipped'],
  receipts: ['accepted', 'rejected', 'retrying', 'given_up'],
} as const;
const DATABASE_PROBLEMS: DatabaseProblem[] = ['connection', 'statement_timeout', 'deadlock'];

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A constant-time check of `Authorization: Bearer <token>`, whatever the header's length. */
export function bearerMatches(header: unknown, expectedDigest: Buffer): boolean {
  if (typeof header !== 'string' || header.length > MAX_AUTHORIZATION_LENGTH) return false;
  const match = /^Bearer +(\S+)$/i.exec(header);
  const given = createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  // Both sides are SHA-256 digests: equal lengths, compared in constant time.
  return timingSafeEqual(given, expectedDigest) && match !== null;
}

/** The metrics of one app: its registry, the telemetry it is told, and the plugin serving them. */
export function createMetrics(options: MetricsOptions): {
  telemetry: Telemetry;
  plugin: FastifyPluginAsync;
} {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // The database's own figures are kept apart: when it cannot be read they are left out of the
  // scrape (no stale value stands for them), and cusco_db_up says why.
  const databaseRegistry = new Registry();

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to its answer sent, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [registry],
  });
  const unavailable = new Counter({
    name: 'cusco_db_unavailable_responses_total',
    help: 'Requests answered 503 because the database was away or gave up, by reason.',
    labelNames: ['reason'],
    registers: [registry],
  });
  const statementTimeouts = new Counter({
    name: 'cusco_db_statement_timeouts_total',
    help: 'Statements cancelled by statement_timeout, in requests and in background passes.',
    labelNames: ['source'],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'cusco_rate_limit_refusals_total',
    help: 'Requests refused 429 by a named rate limit.',
    labelNames: ['limit'],
    registers: [registry],
  });
  const jobPasses = new Counter({
    name: 'cusco_job_passes_total',
    help: 'Passes of the background jobs, by job and outcome (ok, failed).',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobLastSuccess = new Gauge({
    name: 'cusco_job_last_success_timestamp_seconds',
    help: 'When each background job last finished a pass without failing (Unix time).',
    labelNames: ['job'],
    registers: [registry],
  });
  const mailSends = new Counter({
    name: 'cusco_mail_sends_total',
    help: 'E-mails the outbox worker handled, by outcome (sent, retrying, failed, skipped).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const receiptSends = new Counter({
    name: 'cusco_receipt_sends_total',
    help: 'Receipts and voidings sent to the issuer, by outcome (accepted, rejected, retrying, given_up).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'cusco_db_info',
    help: 'The database this node uses (kind: pglite or postgres); always 1.',
    labelNames: ['kind'],
    registers: [registry],
  }).set({ kind: options.databaseKind }, 1);
  const databaseUp = new Gauge({
    name: 'cusco_db_up',
    help: "1 when this scrape's database query answered in time, else 0.",
    registers: [registry],
  });

  for (const reason of DATABASE_PROBLEMS) unavailable.inc({ reason }, 0);
  for (const source of ['request', 'job']) statementTimeouts.inc({ source }, 0);
  for (const limit of options.rateLimitNames) rateLimited.inc({ limit: snake(limit) }, 0);
  for (const outcome of SEND_OUTCOMES.mail) mailSends.inc({ outcome }, 0);
  for (const outcome of SEND_OUTCOMES.receipts) receiptSends.inc({ outcome }, 0);

  const poolStats = options.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'cusco_db_pool_connections',
      help: "PostgreSQL pool's open connections, by state (in_use, idle).",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'cusco_db_pool_max_connections',
      help: "PostgreSQL pool's size (DATABASE_POOL_SIZE).",
      registers: [registry],
      collect() {
        this.set(poolStats().max);
      },
    });
    new Gauge({
      name: 'cusco_db_pool_waiting_requests',
      help: 'Queries waiting for a free connection of the PostgreSQL pool.',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }

  const databaseGauges = databaseGaugesOf(databaseRegistry);

  const telemetry: Telemetry = {
    databaseUnavailable: (reason) => unavailable.inc({ reason }),
    statementTimeout: (source) => statementTimeouts.inc({ source }),
    rateLimited: (limit) => rateLimited.inc({ limit: snake(limit) }),
    jobPass(job, outcome) {
      jobPasses.inc({ job, outcome });
      if (outcome === 'ok') jobLastSuccess.set({ job }, Date.now() / 1000);
    },
    sendOutcomes(worker, outcomes) {
      const counter = worker === 'mail' ? mailSends : receiptSends;
      for (const [outcome, count] of Object.entries(outcomes)) {
        if (count > 0) counter.inc({ outcome: snake(outcome) }, count);
      }
    },
  };

  /** One database read for any number of scrapes at once: they all wait for the same one. */
  let reading: Promise<boolean> | undefined;
  const readDatabase = () => {
    reading ??= withTimeout(options.readGauges(), GAUGES_WAIT_MS)
      .then((values) => {
        databaseGauges.set(values);
        return true;
      })
      .catch(() => false)
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  const plugin = fp(
    async (app: FastifyInstance) => {
      // One child per (method, status, route): the label set is hashed once, not per request.
      const series = new Map<
        string,
        { count: Counter.Internal; duration: Histogram.Internal<string> }
      >();
      app.addHook('onResponse', (request, reply, done) => {
        const method = KNOWN_METHODS.has(request.method) ? request.method : 'OTHER';
        const route = routeOf(request);
        const key = `${method} ${reply.statusCode} ${route}`;
        let child = series.get(key);
        if (!child) {
          const labels = { method, route, status_code: String(reply.statusCode) };
          child = { count: requests.labels(labels), duration: durations.labels(labels) };
          series.set(key, child);
        }
        child.count.inc();
        child.duration.observe(reply.elapsedTime / 1000);
        done();
      });

      const expected = createHash('sha256').update(options.token).digest();
      const refusals = app.rateLimited('metricsRefusal');
      app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
        if (!bearerMatches(request.headers.authorization, expected)) {
          // Guessing is bounded per address; a scraper with the right token is never limited.
          await refusals(request, reply);
          throw new AppError('UNAUTHENTICATED', 'metricsTokenRequired', {
            headers: { 'www-authenticate': 'Bearer realm="metrics"' },
          });
        }
        const up = await readDatabase();
        databaseUp.set(up ? 1 : 0);
        const text = (await registry.metrics()) + (up ? await databaseRegistry.metrics() : '');
        return reply
          .header('content-type', registry.contentType)
          .header('cache-control', 'no-store')
          .send(text);
      });
    },
    { name: 'metrics', dependencies: ['rate-limits'] },
  );

  return { telemetry, plugin };
}

/** The route pattern of a request (`/api/tour/booking/:code`), never its path. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The gauges read from the database at scrape time, in their own registry. */
function databaseGaugesOf(registry: Registry) {
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const outboxPending = gauge(
    'cusco_outbox_pending_messages',
    'E-mails waiting in the outbox (all nodes).',
  );
  const outboxRetrying = gauge(
    'cusco_outbox_retrying_messages',
    'Pending e-mails whose last try failed, waiting for the next (all nodes).',
  );
  const outboxOldest = gauge(
    'cusco_outbox_oldest_pending_age_seconds',
    'Age of the oldest pending e-mail (0 when none waits).',
  );
  const outboxOldestDue = gauge(
    'cusco_outbox_oldest_due_seconds',
    'How late the outbox worker is: seconds since the longest-due pending e-mail could have been taken (0 when none is due).',
  );
  const receiptsToSend = gauge(
    'cusco_receipts_to_send',
    'Receipts and voidings due to be sent to the issuer, by state (due, retrying).',
    ['state'],
  );
  const entriesWaiting = gauge(
    'cusco_receipt_entries_waiting',
    'Payments and refunds whose receipt waits for a missing fact (a rate, a document).',
  );
  const attemptsDue = gauge(
    'cusco_payment_attempts_due',
    'Pending payment attempts older than RECONCILE_AFTER_SECONDS, which reconciliation asks about.',
  );
  const lag = gauge(
    'cusco_payment_reconciliation_lag_seconds',
    'Longest time a due payment attempt has waited since it became due or was last asked about.',
  );
  const holds = gauge(
    'cusco_seat_holds',
    'Unpaid bookings whose hold on their seats still runs (ADR 0035).',
  );
  const holdSeats = gauge('cusco_seat_hold_seats', 'Seats held by those unpaid bookings.');
  const locked = gauge(
    'cusco_login_throttle_locked',
    'Sign-in keys locked by the throttle now, by scope (account, address).',
    ['scope'],
  );
  return {
    set(values: DatabaseGauges) {
      outboxPending.set(values.outboxPending);
      outboxRetrying.set(values.outboxRetrying);
      outboxOldest.set(values.outboxOldestAgeSeconds);
      outboxOldestDue.set(values.outboxOldestDueSeconds);
      receiptsToSend.set({ state: 'due' }, values.receiptsToSend - values.receiptsRetrying);
      receiptsToSend.set({ state: 'retrying' }, values.receiptsRetrying);
      entriesWaiting.set(values.receiptEntriesWaiting);
      attemptsDue.set(values.paymentAttemptsDue);
      lag.set(values.reconciliationLagSeconds);
      holds.set(values.seatHolds);
      holdSeats.set(values.seatHoldSeats);
      locked.set({ scope: 'account' }, values.lockedAccounts);
      locked.set({ scope: 'address' }, values.lockedAddresses);
    },
  };
}
