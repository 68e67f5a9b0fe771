import { readFileSync } from 'node:fs';
import path from 'node:path';
import { errorBody, healthResponse, readyResponse } from '@cusco/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowsOf } from '../../db/client.ts';
import { migrationsFolder } from '../../db/migrate.ts';
import { RETRY_AFTER_SECONDS } from '../../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process begins to shut down: /api/ready answers 503 from then on. */
    draining: boolean;
  }
}

/** How many migrations this build ships (drizzle's journal). */
function shippedMigrations(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * For load balancers and orchestrators:
 * - GET /api/health, liveness: 200 while the process runs, whatever the database does (a node
 *   must not be restarted because its database restarts);
 * - GET /api/ready, readiness: 200 when the database answers and has every migration of this
 *   build, 503 with Retry-After otherwise, and from the moment the process starts shutting down.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const migrations = shippedMigrations();

  app.get(
    '/health',
    { schema: { tags: ['operations'], response: { 200: healthResponse } }, logLevel: 'warn' },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: { tags: ['operations'], response: { 200: readyResponse, 503: errorBody } },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const notReady = (message: string) =>
        reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ statusCode: 503, code: 'UNAVAILABLE', error: 'Service Unavailable', message });
      if (app.draining) return notReady('shutting down');
      try {
        const result = await app.db.execute(
          sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
        );
        const applied = Number(rowsOf<{ applied?: number }>(result)[0]?.applied ?? 0);
        if (applied < migrations) return notReady('database not migrated');
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: database unreachable');
        return notReady('database unreachable');
      }
      return { status: 'ready' as const };
    },
  );
};
