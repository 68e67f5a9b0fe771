import type { Language } from '@cusco/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Database } from '../db/client.ts';
import { languageOf } from './language.ts';

export interface CatalogueAnswer {
  /** What the answer depends on besides the language (the call, a code): the cache key's head. */
  name: string;
  audience: 'public' | 'private';
  /** Reads the answer in a language from the app's database. */
  load: (db: Database, language: Language) => Promise<unknown>;
}

/**
 * Answers a catalogue GET (tours, countries, option lists) from the catalogue cache, under the
 * key `name:language`, in the request's language.
 */
export function sendCatalogue(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CatalogueAnswer,
): Promise<FastifyReply> {
  const language = languageOf(request);
  return app.catalogue.send(request, reply, {
    key: `${answer.name}:${language}`,
    audience: answer.audience,
    load: () => answer.load(app.db, language),
  });
}

/** Registers a catalogue GET at `url` whose answer depends on the language alone (a list). */
export function catalogueGet(
  app: FastifyInstance,
  route: CatalogueAnswer & { url: string; schema: FastifySchema },
) {
  const { url, schema, ...answer } = route;
  app.get(url, { schema }, async (request, reply) => sendCatalogue(app, request, reply, answer));
}
