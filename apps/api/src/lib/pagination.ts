import { DEFAULT_PAGE_SIZE, type PageQuery } from '@cusco/shared';
import type { FastifyReply } from 'fastify';

export interface Page<T> {
  items: T[];
  total: number;
}

/** The first page, of the default size: what a list call answers when it names no page. */
export const FIRST_PAGE: PageQuery = { page: 1, pageSize: DEFAULT_PAGE_SIZE };

/** The SQL limit and offset of a page. */
export function limitOffset(page: PageQuery) {
  return { limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
}

/** Answers a page's items, with the number of items in all in `X-Total-Count`. */
export function sendPage<T>(reply: FastifyReply, result: Page<T>): T[] {
  reply.header('x-total-count', String(result.total));
  return result.items;
}
