import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The app as a route plugin sees it: its routes typed by their zod schemas. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
