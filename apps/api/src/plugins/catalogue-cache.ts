import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/client.ts';
import { type CacheLimits, WatchedMap } from '../lib/versions.ts';

/**
 * A serialized answer, with its ETag and, made on first demand, its compressed forms. The
 * identity bytes are kept too: a client that accepts no compression (an API client, a reseller's
 * server) is sent the same bytes every time instead of a string encoded again (issue 33).
 */
interface Entry {
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

export type CatalogueCacheOptions = CacheLimits;

/**
 * The read-mostly answers (tours, countries, option lists) held in memory, serialized, keyed by
 * what they depend on (the call, the code, the language). They are dropped when the catalogue's
 * version in the database changes, which each node reads at most once a second. While the
 * database is away the cached answers keep being served.
 */
export class CatalogueCache {
  /**
   * The answers, and (under `value:` keys) the objects the server itself uses; those that change
   * without the catalogue (availability) with when they are read again.
   */
  private readonly held: WatchedMap<{ loading: Promise<unknown>; expiresAt?: number }>;

  constructor(db: Executor, log: FastifyInstance['log'], options: CatalogueCacheOptions = {}) {
    this.held = new WatchedMap(db, log, 'catalogue_version', {
      ...options,
      maxEntries: options.maxEntries ?? 5000,
    });
  }

  /** The number of answers and objects held (for tests). */
  get size() {
    return this.held.size;
  }

  /** Drops every answer now (this node only; other nodes see a version change). */
  clear() {
    this.held.clear();
  }

  /** Drops the answers whose key starts with `prefix` (this node only), e.g. a tour's seats. */
  forget(prefix: string) {
    for (const [key] of [...this.held.entries()]) {
      if (key.startsWith(`answer:${prefix}`)) this.held.delete(key);
    }
  }

  /**
   * What `load` gives under `key`, loaded once (or again after `maxAgeMs`); a failure or a null
   * (an unknown code) is not kept.
   */
  private async hold<T>(
    key: string,
    load: () => Promise<T>,
    keep: (value: T) => boolean,
    maxAgeMs?: number,
  ) {
    await this.held.ensureFresh();
    const held = this.held.get(key);
    if (held && (held.expiresAt === undefined || held.expiresAt > Date.now())) {
      return held.loading as Promise<T>;
    }
    const loading = load();
    const expiresAt = maxAgeMs === undefined ? undefined : Date.now() + maxAgeMs;
    this.held.set(key, { loading, ...(expiresAt === undefined ? {} : { expiresAt }) });
    // Dropped when it fails or is not to be kept, unless a newer load has taken its place.
    const drop = () => {
      if (this.held.get(key)?.loading === loading) this.held.delete(key);
    };
    loading.then((value) => {
      if (!keep(value)) drop();
    }, drop);
    return loading;
  }

  private entry(key: string, load: () => Promise<string>, maxAgeMs?: number): Promise<Entry> {
    return this.hold(
      `answer:${key}`,
      () =>
        load().then((text) => {
          const body = Buffer.from(text, 'utf8');
          return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
        }),
      () => true,
      maxAgeMs,
    );
  }

  /**
   * A catalogue object the server itself uses (a tour's pricing), from the cache, under the
   * same version as the answers. A missing one (null: an unknown id) is not kept.
   */
  value<T>(key: string, load: () => Promise<T | null>): Promise<T | null> {
    return this.hold(`value:${key}`, load, (value) => value !== null);
  }

  /**
   * Answers a GET from the cache: 304 when the client holds the same version, else the
   * serialized answer, compressed once per encoding. `load` gives the answer's object, which is
   * serialized by the route's own response schema, or, with `render`, by that function (a
   * server-rendered page: `type` then names what it is). An answer that also changes without
   * the catalogue (seats) is read again after `maxAgeMs`.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    options: {
      key: string;
      audience: 'public' | 'private';
      load: () => Promise<unknown>;
      maxAgeMs?: number;
      /** Turns the loaded value into the body; the route's response schema by default. */
      render?: (value: unknown) => string;
      /** The answer's content type; JSON by default. */
      type?: string;
      /** The request headers the answer depends on; `Accept-Encoding, Accept-Language` by default. */
      vary?: string;
    },
  ): Promise<FastifyReply> {
    const render = options.render ?? ((value: unknown) => String(reply.serialize(value)));
    const entry = await this.entry(
      options.key,
      async () => render(await options.load()),
      options.maxAgeMs,
    );
    reply
      .header('etag', entry.etag)
      .header('vary', options.vary ?? 'Accept-Encoding, Accept-Language')
      .header('cache-control', `${options.audience}, no-cache`);
    if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();

    reply.type(options.type ?? 'application/json; charset=utf-8');
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
    if (encoding === 'br') {
      entry.br ??= brotliCompressSync(entry.body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
      });
      return reply.header('content-encoding', 'br').send(entry.br);
    }
    if (encoding === 'gzip') {
      entry.gzip ??= gzipSync(entry.body, { level: 9 });
      return reply.header('content-encoding', 'gzip').send(entry.gzip);
    }
    return reply.send(entry.body);
  }
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

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueCache;
    /**
     * The seats answers (availability), held apart from the catalogue: their many ranges never
     * push the tours out of the catalogue cache.
     */
    seats: CatalogueCache;
    /** After a change to the catalogue or the departures: this node drops both at once. */
    catalogueChanged(): void;
  }
}

export const catalogueCachePlugin = fp(
  async (app: FastifyInstance, options: CatalogueCacheOptions & { db: Executor }) => {
    const catalogue = new CatalogueCache(options.db, app.log, options);
    const seats = new CatalogueCache(options.db, app.log, { ...options, maxEntries: 2000 });
    app.decorate('catalogue', catalogue);
    app.decorate('seats', seats);
    app.decorate('catalogueChanged', () => {
      catalogue.clear();
      seats.clear();
    });
  },
  { name: 'catalogue-cache' },
);
