import rateLimit, { type FastifyRateLimitStoreCtor, normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitsConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { postgresRateLimitStore } from '../lib/rate-limit-store.ts';

export type RateLimitName = Exclude<keyof RateLimitsConfig, 'enabled'>;
type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that holds a route to its rate limits (per signed-in user and per address). */
    rateLimited(name: RateLimitName): Hook;
  }
}

export interface RateLimitsOptions {
  limits: RateLimitsConfig;
  /** Where the counters live: this process, the PostgreSQL database, or a Redis server. */
  store: { kind: 'memory' } | { kind: 'postgres'; db: Database } | { kind: 'redis'; url: string };
}

/**
 * The product's rate limits (docs/security.md), on @fastify/rate-limit: each named limit counts
 * requests per signed-in user and per client address, and answers 429 with Retry-After. The
 * counters are shared by every API node when they live in PostgreSQL or Redis.
 */
export const rateLimitsPlugin = fp(
  async (app, options: RateLimitsOptions) => {
    // The Redis client is loaded only when the counters live in Redis.
    const redis =
      options.store.kind === 'redis'
        ? new (await import('ioredis')).Redis(options.store.url, {
            connectTimeout: 500,
            maxRetriesPerRequest: 1,
            lazyConnect: true,
          })
        : undefined;
    if (redis) app.addHook('onClose', async () => void redis.disconnect());
    const store =
      options.store.kind === 'postgres'
        ? (function postgresStore() {
            return postgresRateLimitStore((options.store as { db: Database }).db);
          } as unknown as FastifyRateLimitStoreCtor)
        : undefined;
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'cusco-rate-' } : {}),
      ...(store ? { store } : {}),
      // A counter store that is down must not take the product down with it.
      skipOnError: true,
    });

    const limiters = (name: RateLimitName) => {
      const limit = options.limits[name];
      const timeWindow = limit.windowSeconds * 1000;
      return {
        address: app.createRateLimit({
          max: limit.perAddress,
          timeWindow,
          keyGenerator: (request) => `${name}:address:${normalizeIP(request.ip)}`,
        }),
        user: limit.perUser
          ? app.createRateLimit({
              max: limit.perUser,
              timeWindow,
              keyGenerator: (request) => `${name}:user:${request.user?.userId ?? ''}`,
            })
          : undefined,
      };
    };

    // One set of counters per name, however many routes share it (a guest's checkout counts
    // with sign-up's): in PostgreSQL or Redis the keys are shared anyway, in memory they are not.
    const made = new Map<RateLimitName, ReturnType<typeof limiters>>();
    app.decorate('rateLimited', (name: RateLimitName): Hook => {
      const { address, user } = made.get(name) ?? limiters(name);
      made.set(name, { address, user });
      return async (request) => {
        if (!options.limits.enabled) return;
        // The user's own limit first: a request it refuses does not use up the address's.
        const checks = [...(user && request.user ? [user] : []), address];
        for (const check of checks) {
          const result = await check(request);
          if (!result.isAllowed && result.isExceeded) {
            request.server.telemetry?.rateLimited(name);
            throw new AppError('TOO_MANY_REQUESTS', 'tooManyRequests', {
              headers: { 'retry-after': String(Math.max(1, result.ttlInSeconds)) },
            });
          }
        }
      };
    });
  },
  { name: 'rate-limits', dependencies: ['auth'] },
);
