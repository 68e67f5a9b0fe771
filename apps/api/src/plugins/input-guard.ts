import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** How deep a request's JSON is searched; anything deeper is refused as not ours. */
const MAX_DEPTH = 64;

/** A NUL character, or half of a UTF-16 surrogate pair without its other half. */
const forbidden = {
  test: (text: string) =>
    text.includes('\u0000') || !(text as string & { isWellFormed(): boolean }).isWellFormed(),
};

/**
 * Where a value holds a string PostgreSQL cannot store (NUL) or that is not well-formed
 * Unicode (a lone surrogate): the dotted path of the first one, or null when there is none.
 * Walks without recursion, so that a deeply nested body cannot exhaust the stack.
 */
export function findForbiddenText(value: unknown): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof item.value === 'string') {
      if (forbidden.test(item.value)) return item.path;
      continue;
    }
    if (!item.value || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_DEPTH) return item.path;
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (forbidden.test(key)) return path;
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}

/**
 * Refuses, with a 400 that names the field, any request whose body, query or path parameters
 * carry a NUL or a lone surrogate, before any route sees it: every route, the unauthenticated
 * gateway notifications included.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const part of ['params', 'query', 'body'] as const) {
      const path = findForbiddenText(request[part]);
      if (path !== null) {
        throw new AppError('VALIDATION', 'invalidCharacters', {
          ...(path ? { field: path } : {}),
        });
      }
    }
  });
}
