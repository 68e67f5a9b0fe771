import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/client.ts';
import { type CachedAnswer, cachedAnswer, sendCachedAnswer } from '../lib/cached-answer.ts';
import { type CacheLimits, WatchedMap } from '../lib/versions.ts';

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

  private entry(
    key: string,
    load: () => Promise<string>,
    maxAgeMs?: number,
  ): Promise<CachedAnswer> {
    return this.hold(
      `answer:${key}`,
      () => load().then(cachedAnswer),
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
    return sendCachedAnswer(request, reply, entry, {
      cacheControl: `${options.audience}, no-cache`,
      vary: options.vary ?? 'Accept-Encoding, Accept-Language',
      type: options.type ?? 'application/json; charset=utf-8',
    });
  }
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
