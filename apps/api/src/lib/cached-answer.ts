import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A serialized answer kept to be sent again, with its ETag and, made on first demand, its
 * compressed forms. The identity bytes are kept too: a client that accepts no compression (an
 * API client, a reseller's server) is sent the same bytes every time instead of a string encoded
 * again (issue 33).
 */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** A serialized answer, ready to be kept. */
export function cachedAnswer(text: string): CachedAnswer {
  const body = Buffer.from(text, 'utf8');
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

const CODINGS = ['br', 'gzip'];

/**
 * The codings we offer a client: both, less any it refuses by name with `q=0`. The negotiator
 * gives `*` the first coding offered even when the same header refuses it (`br;q=0, *`).
 */
function offeredTo(accepted: string): string[] {
  if (!accepted.includes('q=0')) return CODINGS;
  const refused = new Set<string>();
  for (const item of accepted.split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) refused.add(name);
  }
  return CODINGS.filter((coding) => !refused.has(coding));
}

/** If-None-Match against an ETag, with the weak comparison GET calls use (RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === bare);
}

/**
 * Sends a kept answer: 304 when the client holds the same bytes, else the bytes in the best
 * encoding the client accepts (brotli, gzip, or none), each compressed once.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  options: { cacheControl: string; vary: string; type: string },
): FastifyReply {
  reply
    .header('etag', answer.etag)
    .header('vary', options.vary)
    .header('cache-control', options.cacheControl);
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();

  reply.type(options.type);
  // Content codings are case-insensitive (RFC 9110 §8.4.1); the negotiator compares them as
  // written, and `GZIP` would get the identity bytes compressed again by @fastify/compress.
  const accepted = (request.headers['accept-encoding'] ?? '').toLowerCase();
  const encoding = negotiate(accepted, offeredTo(accepted));
  if (encoding === 'br') {
    answer.br ??= brotliCompressSync(answer.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
    });
    return reply.header('content-encoding', 'br').send(answer.br);
  }
  if (encoding === 'gzip') {
    answer.gzip ??= gzipSync(answer.body, { level: 9 });
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  }
  return reply.send(answer.body);
}
