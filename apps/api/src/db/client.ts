import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.ts';

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
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

/** Opens the database the configuration names: a PostgreSQL server, or embedded PGlite. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // A dropped connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}
