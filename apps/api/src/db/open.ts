import type { Config } from '../config.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { seedDatabase } from './seed/index.ts';

/** Opens the configured database, brings its schema up to date and loads the seed data. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = config.databaseUrl
    ? await openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
      })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  try {
    await migrateDatabase(handle, {
      ...(config.databaseUrl ? { postgresUrl: config.databaseUrl } : {}),
      afterMigrate: (db) => seedDatabase(db, { demo: config.seedDemoData }).then(() => {}),
    });
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
