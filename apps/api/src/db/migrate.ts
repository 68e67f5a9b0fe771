import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { apiRoot } from '../config.ts';
import type { Database, DatabaseHandle } from './client.ts';
import * as schema from './schema.ts';

export const migrationsFolder = path.join(apiRoot, 'drizzle');

/** An arbitrary, fixed key: several nodes starting at once migrate and seed one at a time. */
const STARTUP_LOCK = 727_117_001;

/**
 * Applies the committed migrations, then runs `afterMigrate` (the seed) while still holding the
 * start-up lock, so that nodes starting together on one PostgreSQL never race.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  options: { postgresUrl?: string; afterMigrate?: (db: Database) => Promise<void> } = {},
) {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<typeof schema>, {
      migrationsFolder,
    });
    await options.afterMigrate?.(handle.db);
    return;
  }
  if (!options.postgresUrl) throw new Error('postgresUrl is required to migrate PostgreSQL');
  const client = new pg.Client({ connectionString: options.postgresUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    const db = drizzlePg({ client, schema });
    await migratePg(db, { migrationsFolder });
    await options.afterMigrate?.(db as unknown as Database);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    await client.end();
  }
}
