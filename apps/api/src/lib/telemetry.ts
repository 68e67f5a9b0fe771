import type { DatabaseProblem } from '../db/errors.ts';

/**
 * What the app tells its metrics as it goes (issue 34, ADR 0054): the rare events the request
 * hook cannot see. The error handler, the rate limits and the background jobs report here; with
 * metrics off (no METRICS_TOKEN) every call is a no-op, and nothing of prom-client is loaded.
 */
export interface Telemetry {
  /** A request answered 503 because the database was away or gave up on its statement. */
  databaseUnavailable(problem: DatabaseProblem): void;
  /** A statement cancelled by PostgreSQL's statement_timeout, in a request or a background pass. */
  statementTimeout(source: 'request' | 'job'): void;
  /** A request refused with 429 by one of the named rate limits. */
  rateLimited(limit: string): void;
  /** A background job's pass ended, well or not. */
  jobPass(job: string, outcome: 'ok' | 'failed'): void;
  /** What a pass of the outbox worker or of the receipts' sender did, by outcome. */
  sendOutcomes(worker: 'mail' | 'receipts', outcomes: Record<string, number>): void;
}

export const noTelemetry: Telemetry = {
  databaseUnavailable() {},
  statementTimeout() {},
  rateLimited() {},
  jobPass() {},
  sendOutcomes() {},
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics' telemetry (issue 34): a no-op unless METRICS_TOKEN is set. */
    telemetry: Telemetry;
  }
}
