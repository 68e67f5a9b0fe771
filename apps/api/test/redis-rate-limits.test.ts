import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { newRegistration } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';

/**
 * With REDIS_URL, the rate limits count in Redis: two API nodes share the counters. Runs where a
 * Redis server is given (CI starts one and sets TEST_REDIS_URL).
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (process.env.CI === 'true' && !redisUrl) {
  throw new Error(
    'CI=true but TEST_REDIS_URL is not set: the Redis rate-limit test cannot be skipped',
  );
}

let ctx: TestContext;
beforeAll(async () => {
  if (redisUrl && !isPostgres) ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe.runIf(redisUrl && !isPostgres)('rate limits counted in Redis', () => {
  it('are shared by two nodes', async () => {
    const config = testConfig({
      redisUrl,
      rateLimits: {
        ...testConfig().rateLimits,
        enabled: true,
        // A window of its own, so that reruns never meet an earlier run's counters.
        signUp: { perAddress: 2, windowSeconds: 60 },
      },
    });
    const apps = await Promise.all([1, 2].map(() => buildApp({ db: ctx.database.db, config })));
    const address = `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    try {
      const signUp = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/authentication/client/register',
          remoteAddress: address,
          payload: newRegistration({ email: `r.${randomUUID().slice(0, 8)}@example.com` }),
        });
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      expect((await signUp(a)).statusCode).toBe(201);
      expect((await signUp(b)).statusCode).toBe(201);
      const refused = await signUp(a);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signUp(b)).statusCode).toBe(429);
    } finally {
      for (const app of apps) await app.close();
    }
  });
});
