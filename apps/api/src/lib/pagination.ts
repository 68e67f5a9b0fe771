import type { Language, PageQuery } from '@cusco/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type * as z from 'zod/mini';
import type { Database } from '../db/client.ts';
import { languageOf } from './language.ts';

export interface Page<T> {
  items: T[];
  total: number;
}

/** The SQL limit and offset of a page. */
export function limitOffset(page: PageQuery) {
  return { limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
}

/**
 * How many rows a query matches before its limit and offset, on each of its rows (a window
 * count): one statement reads a page and its total. A page past the end has no row to carry it.
 */
export function totalCount() {
  return sql<number>`count(*) over ()`.mapWith(Number);
}

/** A query of a list's rows, in its order, that a page's limit and offset can end. */
interface PageableQuery<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/**
 * One page of a list read in two statements: `rows`, the list in its order (limited here to the
 * page), then `counted`, the `count()` (as `n`) of every row the list matches (with the same
 * joins and filter), which gives the total even for a page past the end.
 */
export async function readPage<Row, T>(
  page: PageQuery,
  rows: PageableQuery<Row>,
  counted: PromiseLike<{ n: number }[]>,
  toItem: (row: Row) => T,
): Promise<Page<T>> {
  const { limit, offset } = limitOffset(page);
  const found = await rows.limit(limit).offset(offset);
  const [total] = await counted;
  return { items: found.map(toItem), total: total?.n ?? 0 };
}

/** Answers a page's items, with the number of items in all in `X-Total-Count`. */
export function sendPage<T>(reply: FastifyReply, result: Page<T>): T[] {
  reply.header('x-total-count', String(result.total));
  return result.items;
}

/** Reads one page of what a user may see (their bookings, their incidents), in a language. */
export type UserPageReader<T, User> = (
  db: Database,
  user: User,
  language: Language,
  page: PageQuery,
) => Promise<Page<T>>;

/**
 * Registers a GET answering one page (`schema` takes `pageQuery` as its querystring) of what
 * `read` finds for the request's user (as `user` finds them: the signed-in scope's), in the
 * request's language.
 */
export function userPageGet<T, User>(
  app: FastifyInstance,
  route: {
    url: string;
    schema: FastifySchema;
    user: (request: FastifyRequest) => User;
    read: UserPageReader<T, User>;
  },
) {
  app.get(route.url, { schema: route.schema }, async (request, reply) => {
    const page = request.query as PageQuery;
    return sendPage(
      reply,
      await route.read(app.db, route.user(request), languageOf(request), page),
    );
  });
}

/**
 * Registers a GET answering one page of a searched list (the back office's bookings, requests
 * and audit trail): `querystring` extends `pageQuery` with the search's filters, and `read`
 * finds the page in the request's language.
 */
export function searchPageGet<Query extends PageQuery, T>(
  app: FastifyInstance,
  route: {
    url: string;
    querystring: z.core.$ZodType<Query>;
    list: z.core.$ZodType<T[]>;
    read: (db: Database, query: Query, language: Language) => Promise<Page<T>>;
  },
) {
  app.get(
    route.url,
    { schema: { querystring: route.querystring, response: { 200: route.list } } },
    async (request, reply) =>
      sendPage(reply, await route.read(app.db, request.query as Query, languageOf(request))),
  );
}
