import { errorBody, healthResponse } from '@cusco/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** For load balancers: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: { tags: ['operations'], response: { 200: healthResponse, 503: errorBody } },
      logLevel: 'warn',
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({
          statusCode: 503,
          code: 'UNAVAILABLE',
          error: 'Service Unavailable',
          message: 'database unreachable',
        });
      }
      return { status: 'ok' as const };
    },
  );
};
