import { mkdirSync } from 'node:fs';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { migrateDatabase } from './db/migrate.ts';
import { importLegacyDocuments } from './modules/passengers/documents.ts';
import { seedDatabase } from './seed/index.ts';

export interface OpenOptions {
  /** Told of every PostgreSQL connection lost; the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}

/** Opens the configured database: a PostgreSQL server, or embedded PGlite in its locked folder. */
async function open(config: Config, options: OpenOptions): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return openDatabase({
      kind: 'postgres',
      url: config.databaseUrl,
      poolSize: config.databasePoolSize,
      timeouts: config.databaseTimeouts,
      ...(options.onConnectionError ? { onConnectionError: options.onConnectionError } : {}),
    });
  }
  mkdirSync(config.dataDir, { recursive: true });
  const release = await lockDataDir(config.dataDir, (error) => {
    // Another process may now write the same files: stop before either loses data.
    console.error(`The lock on the data folder ${config.dataDir} was lost: ${error.message}`);
    process.exit(1);
  });
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
    return {
      ...handle,
      async close() {
        await handle.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/** Opens the configured database, brings its schema up to date and loads the seed data. */
export async function openConfiguredDatabase(
  config: Config,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const handle = await open(config, options);
  try {
    await migrateDatabase(handle, {
      ...(config.databaseUrl ? { postgresUrl: config.databaseUrl } : {}),
      afterMigrate: async (db) => {
        await seedDatabase(db, { demo: config.seedDemoData });
        // Scans kept on disk by earlier versions move into the database (docs/security.md).
        await importLegacyDocuments(db, config.dataDir);
      },
    });
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
