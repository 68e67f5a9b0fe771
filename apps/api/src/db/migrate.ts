import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { apiRoot } from '../config.ts';
import type { Database, DatabaseHandle } from './client.ts';
import type * as schema from './schema.ts';

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
  const [{ default: pg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // The lock is held by a connection of its own for the whole migration and seed, which run
  // through the handle's pool (so that independent reads of the seed may run side by side).
  const lock = new pg.Client({
    connectionString: options.postgresUrl,
    connectionTimeoutMillis: 10_000,
  });
  // A connection lost while migrating fails the start-up with its error, never as an unheard event.
  lock.on('error', () => {});
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    await migratePg(handle.db as unknown as NodePgDatabase<typeof schema>, { migrationsFolder });
    await options.afterMigrate?.(handle.db);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    await lock.end();
  }
}
