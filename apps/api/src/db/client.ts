import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { ChangeFeed, watchWrites } from './change-feed.ts';
import type { PostgresTarget } from './postgres-pool.ts';
import * as relations from './relations.ts';
import * as tables from './schema.ts';
import { guardTransactions } from './transaction-guard.ts';

/** The tables and the relations between them (for relational queries). */
export const schema = { ...tables, ...relations };

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Either the database or an open transaction: what domain functions take. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  /** What this process and (on PostgreSQL) other processes change (change-feed.ts). */
  changes: ChangeFeed;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL's pool as it stands (the metrics, issue 34); PGlite has no pool. */
  poolStats?: () => PoolStats;
}

/** A connection pool's figures: its size, connections open, idle, and requests waiting for one. */
export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export type DatabaseTarget =
  | PostgresTarget
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

const changeFeeds = new WeakMap<Database, ChangeFeed>();

/**
 * The change feed of a database opened by `openDatabase` (undefined for any other: a cache then
 * asks the database on every read).
 */
export function changeFeedOf(db: Executor): ChangeFeed | undefined {
  return changeFeeds.get(db as Database);
}

/** Opens the database the configuration names: a PostgreSQL server, or embedded PGlite. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // Loaded only here: an embedded install never loads the PostgreSQL driver (a faster start).
    const [{ openPool }, { drizzle: drizzlePg }, { listenForChanges }] = await Promise.all([
      import('./postgres-pool.ts'),
      import('drizzle-orm/node-postgres'),
      import('./change-listener.ts'),
    ]);
    const pool = openPool(target);
    let stopListening: (() => Promise<void>) | undefined;
    const changes = new ChangeFeed({
      listen: (feed) => {
        stopListening = listenForChanges(feed, {
          url: target.url,
          ...(target.onConnectionError ? { onError: target.onConnectionError } : {}),
        });
      },
    });
    // Every statement goes through a connection's query, the pool's own included.
    pool.on('connect', (client) => watchWrites(client, 'query', changes));
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    if (target.guardTransactions) guardTransactions(db, pool);
    changeFeeds.set(db, changes);
    return {
      db,
      kind: 'postgres',
      changes,
      close: async () => {
        await stopListening?.();
        await pool.end();
      },
      poolStats: () => ({
        max: pool.options.max ?? 10,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    // PostgreSQL's 128 MB of shared buffers is sized for a server; the embedded database of a
    // single install fits in 32 MB, and the process then holds about 100 MB less and opens the
    // database about 300 ms sooner (measured on the demo data).
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  });
  // This process is the embedded database's only user: its own writes are every change.
  const changes = new ChangeFeed();
  watchWrites(client, 'query', changes);
  watchWrites(client, 'exec', changes);
  watchWrites(client, 'transaction', changes, { always: true });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  changeFeeds.set(db, changes);
  return { db, kind: 'pglite', changes, close: () => client.close() };
}

/**
 * Runs independent reads: side by side on the pool (each on its own connection), one after the
 * other inside a transaction, whose single connection runs one query at a time (pg would queue
 * them, and warns that it will stop doing so).
 */
export async function readAll<T extends readonly unknown[]>(
  db: Executor,
  reads: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) {
    return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  }
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

/** `readAll` with named reads: answers an object with each read's result under its name. */
export async function readEach<T extends Record<string, unknown>>(
  db: Executor,
  reads: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  const names = Object.keys(reads) as (keyof T)[];
  const results = await readAll(
    db,
    names.map((name) => reads[name]),
  );
  return Object.fromEntries(names.map((name, index) => [name, results[index]])) as T;
}

/** The rows of a raw query's result (`db.execute`), whichever driver ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
