/**
 * `npm run restore -- FILE [--force]`: restores a backup (ADR 0055) into the database the server
 * uses: DATABASE_URL, or the embedded one in DATA_DIR (stop the server first). The target must be
 * empty unless --force, which replaces everything in it. A backup of a newer version is refused;
 * an older one is restored and then migrated up.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fail, reason, settings } from './commands.ts';
import { readHeader, verifyBackupFile } from './db/backup/read.ts';
import { digestTable } from './db/backup/report.ts';
import { checkSchemaVersion, restoreBackup } from './db/backup/restore.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) fail('Usage: npm run restore -- FILE [--force]');
const file = path.resolve(positionals[0] ?? '');
const config = settings();

async function run() {
  // The file is checked before any database is touched: not a backup, cut short, too new.
  checkSchemaVersion(await readHeader(file), file);
  await verifyBackupFile(file);
  if (config.databaseUrl) {
    const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2 });
    try {
      return await restoreBackup(database, file, { force: values.force });
    } finally {
      await database.close();
    }
  }
  mkdirSync(config.dataDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(config.dataDir, (error) =>
      fail(`Lost the data folder's lock: ${error.message}`),
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(
        `The data folder ${config.dataDir} is in use by a running server: stop it, then restore (a restore replaces the database under it). Nothing was changed.`,
      );
    }
    throw error;
  }
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
    try {
      return await restoreBackup(database, file, { force: values.force });
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

try {
  const report = await run();
  process.stdout.write(
    `${digestTable(report.tables)}\n\nRestored ${file} into ${config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.dataDir} in ${(report.tookMs / 1000).toFixed(1)} s: every table's rows and checksum verified${report.migratedUp > 0 ? `, then ${report.migratedUp} migrations applied to bring it up to this version` : ''}.\n`,
  );
} catch (error) {
  fail(`The restore failed: ${reason(error)}`);
}
