import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { jobsPlugin, MAX_BACKOFF_MS, nextDelay } from '../src/plugins/jobs.ts';
import { isPostgres } from './support/app.ts';

/**
 * Background jobs survive an outage (the resilience issue, item 5): a failing pass is logged and
 * backed off, then the job resumes; closing waits for the pass in progress and starts no other.
 */
describe.runIf(!isPostgres)('background jobs', () => {
  it('back off after failures, up to five minutes, and return to their pace after a success', () => {
    expect(nextDelay(60_000, 0)).toBe(60_000);
    expect(nextDelay(60_000, 1)).toBe(120_000);
    expect(nextDelay(60_000, 2)).toBe(240_000);
    expect(nextDelay(60_000, 10)).toBe(MAX_BACKOFF_MS);
  });

  it('keep running through failing passes', async () => {
    const warnings: string[] = [];
    const app = Fastify({ logger: false });
    app.log.warn = ((_object: unknown, message: string) => warnings.push(message)) as never;
    let passes = 0;
    await app.register(jobsPlugin, {
      jobs: [
        {
          name: 'flaky',
          everyMs: 2,
          async run() {
            passes++;
            if (passes <= 3) throw new Error('connection terminated unexpectedly');
          },
        },
      ],
    });
    await app.ready();
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(6), { timeout: 5000 });
    await app.close();
    expect(warnings.filter((message) => message.includes('flaky: pass failed'))).toHaveLength(3);
  });

  it('finish the pass in progress when the app closes, and start no other', async () => {
    const app = Fastify({ logger: false });
    let release: () => void = () => {};
    let started = 0;
    let finished = 0;
    await app.register(jobsPlugin, {
      jobs: [
        {
          name: 'slow',
          everyMs: 1,
          run: () =>
            new Promise<void>((resolve) => {
              started++;
              release = () => {
                finished++;
                resolve();
              };
            }),
        },
      ],
    });
    await app.ready();
    await vi.waitFor(() => expect(started).toBe(1));
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await Promise.resolve();
    expect(closed).toBe(false);
    release();
    await closing;
    expect(closed).toBe(true);
    expect(finished).toBe(1);
    expect(started).toBe(1);
  });
});
