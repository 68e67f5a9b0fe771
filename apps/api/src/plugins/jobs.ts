import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseProblemOf } from '../db/errors.ts';
import { noTelemetry, type Telemetry } from '../lib/telemetry.ts';

/** A task run again and again in the background (reconciliation; later the outbox, reminders). */
export interface Job {
  name: string;
  /** The pause between the end of one pass and the start of the next. */
  everyMs: number;
  run(): Promise<void>;
}

/** The longest pause after failures: a long outage is retried every five minutes at most. */
export const MAX_BACKOFF_MS = 5 * 60_000;

/** The pause before the next pass: the job's own, doubled after each failure in a row. */
export function nextDelay(everyMs: number, failuresInARow: number): number {
  if (failuresInARow === 0) return everyMs;
  return Math.min(MAX_BACKOFF_MS, everyMs * 2 ** failuresInARow);
}

/**
 * Runs each job in the background as a chain of timers, so that passes never overlap. A pass
 * that fails (the database is away) is logged and the job backs off, then resumes: an outage
 * never stops a job for good. When the app closes, no new pass starts and the one in progress
 * is waited for.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: { jobs: Job[]; telemetry?: Telemetry }) => {
    const telemetry = options.telemetry ?? noTelemetry;
    let closing = false;
    const timers = new Set<NodeJS.Timeout>();
    const running = new Set<Promise<void>>();

    const schedule = (job: Job, failures: number) => {
      if (closing) return;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          const pass = job
            .run()
            .then(() => {
              telemetry.jobPass(job.name, 'ok');
              return 0;
            })
            .catch((error: unknown) => {
              telemetry.jobPass(job.name, 'failed');
              if (databaseProblemOf(error) === 'statement_timeout')
                telemetry.statementTimeout('job');
              app.log.warn(
                { err: error, job: job.name, failuresInARow: failures + 1 },
                `${job.name}: pass failed; retrying later`,
              );
              return failures + 1;
            })
            .then((next) => {
              running.delete(pass);
              schedule(job, next);
            });
          running.add(pass);
        },
        nextDelay(job.everyMs, failures),
      );
      timer.unref();
      timers.add(timer);
    };

    app.addHook('onReady', async () => {
      for (const job of options.jobs) schedule(job, 0);
    });
    app.addHook('onClose', async () => {
      closing = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
    });
  },
  { name: 'jobs' },
);
