import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client.ts';
import { appMeta } from '../db/schema.ts';

/**
 * Counters in app_meta that tell every API node an in-process cache is out of date:
 * - `catalogue_version`: tours, prices, services or reference lists changed;
 * - `sessions_version`: a session was revoked or a signed-in user's own data changed.
 * The change and its bump are written in the same transaction; each node reads a counter at
 * most once a second (`VersionWatch`), so another node's change is seen within that second.
 */
export type VersionKey = 'catalogue_version' | 'sessions_version';

export async function readVersion(db: Executor, key: VersionKey): Promise<string> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
  return row?.value ?? '0';
}

export async function bumpVersion(db: Executor, key: VersionKey): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key, value: '1' })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: sql`(${appMeta.value}::bigint + 1)::text`, updatedAt: sql`now()` },
    });
}

/** Marks the catalogue as changed: every node drops its cached answers within a second. */
export const bumpCatalogueVersion = (db: Executor) => bumpVersion(db, 'catalogue_version');

/**
 * Follows one counter for the caches of one database: `ensureFresh()` reads it when the last read
 * is older than `everyMs` (one read at a time, shared by concurrent callers) and tells every
 * listener at once when it moved. While the database is away, the last known version stands and a
 * warning is logged.
 *
 * There is one watch per database and counter (`VersionWatch.of`), so every cache that follows
 * it drops its values at the same moment. With a watch each, a cache built from another's values
 * (the booking answers from the detail's rows) could clear itself, then read the inner cache
 * before that one's own read was due, and keep the old names until the next write.
 */
export class VersionWatch {
  private static readonly shared = new WeakMap<object, Map<VersionKey, VersionWatch>>();

  /** The one watch of `key` in `db`, made on first use. */
  static of(db: Executor, key: VersionKey): VersionWatch {
    let watches = VersionWatch.shared.get(db);
    if (!watches) {
      watches = new Map();
      VersionWatch.shared.set(db, watches);
    }
    let watch = watches.get(key);
    if (!watch) {
      watch = new VersionWatch(db, key, 1000);
      watches.set(key, watch);
    }
    return watch;
  }

  private version: string | null = null;
  private checkedAt = 0;
  private checking: Promise<void> | null = null;
  /**
   * The caches told of a move, held weakly: a cache of an app that was closed (tests build many
   * on one database) goes with its app instead of being kept by the watch.
   */
  private readonly listeners = new Set<WeakRef<{ clear(): void }>>();

  constructor(
    private readonly db: Executor,
    private readonly key: VersionKey,
    private readonly everyMs: number,
  ) {}

  /** Empties `cache` each time the version is seen to move. */
  listen(cache: { clear(): void }): void {
    this.listeners.add(new WeakRef(cache));
  }

  /**
   * Reads the version when the last read is a second old, or the clock went back since (a
   * stepped clock would otherwise stop the reads until it caught up); `log` is told of a failure.
   */
  async ensureFresh(log: FastifyBaseLogger): Promise<void> {
    const elapsed = Date.now() - this.checkedAt;
    if (elapsed >= 0 && elapsed < this.everyMs) return;
    this.checking ??= this.check(log);
    await this.checking;
  }

  private async check(log: FastifyBaseLogger) {
    try {
      const version = await readVersion(this.db, this.key);
      if (version !== this.version) {
        for (const listener of this.listeners) {
          const cache = listener.deref();
          if (cache) cache.clear();
          else this.listeners.delete(listener);
        }
        this.version = version;
      }
    } catch (error) {
      log.warn({ err: error }, `could not read ${this.key}`);
    } finally {
      this.checkedAt = Date.now();
      this.checking = null;
    }
  }
}

/** How far an in-process cache may go. */
export interface CacheLimits {
  /** A bound on the entries held; past it, the cache starts again. */
  maxEntries?: number;
}

/**
 * The API's caches' one shape: values by key, at most `maxEntries` of them (past that, it starts
 * again), all dropped when a version in `app_meta` moves, which `ensureFresh()` reads at most
 * once a second, through the one watch of that version that every cache of the process shares.
 */
export class WatchedMap<V> {
  private readonly map = new Map<string, V>();
  private readonly watch: VersionWatch;
  private readonly maxEntries: number;
  private cleared = 0;

  constructor(
    db: Executor,
    private readonly log: FastifyBaseLogger,
    key: VersionKey,
    limits: CacheLimits,
  ) {
    this.maxEntries = limits.maxEntries ?? 5000;
    this.watch = VersionWatch.of(db, key);
    this.watch.listen(this);
  }

  /** Reads the version when it is due (call before reading the map). */
  ensureFresh(): Promise<void> {
    return this.watch.ensureFresh(this.log);
  }

  get size(): number {
    return this.map.size;
  }

  /**
   * How many times values were dropped for a change (its version moved, `clear()`, `drop()`): a
   * value read before that is not to be set, lest it bring back what the change dropped.
   */
  get generation(): number {
    return this.cleared;
  }

  get(key: string): V | undefined {
    return this.map.get(key);
  }

  set(key: string, value: V): void {
    if (!this.map.has(key) && this.map.size >= this.maxEntries) this.map.clear();
    this.map.set(key, value);
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  clear(): void {
    this.cleared++;
    this.map.clear();
  }

  /** Drops the values `changed` says a change made stale, and moves the generation. */
  drop(changed: (value: V) => boolean): void {
    this.cleared++;
    for (const [key, value] of this.map) if (changed(value)) this.map.delete(key);
  }

  entries(): IterableIterator<[string, V]> {
    return this.map.entries();
  }
}
