/**
 * `npm run backup -- [--out FILE]`: one file with the whole database (ADR 0055,
 * docs/operations.md). On PostgreSQL (DATABASE_URL) it reads a consistent snapshot itself. On
 * the embedded database it opens the data folder when no server holds it; when the server is
 * running, it asks that server (the only process that may open the folder) through the token of
 * its control file, and the server writes the backup into its backup folder. Without --out the
 * file goes into BACKUP_DIR under a dated name. `--pg-dump` (PostgreSQL): pg_dump's own archive
 * instead, for pg_restore.
 */

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BackupTaken } from '@cusco/shared';
import { fail, reason, settings } from './commands.ts';
import type { Config } from './config.ts';
import { backupFileName, ensureFolder, finish, partialName } from './db/backup/files.ts';
import { megabytes } from './db/backup/report.ts';
import { writeBackup } from './db/backup/write.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { readControlFile } from './modules/backups/control-file.ts';
import { LOCAL_TOKEN_HEADER } from './modules/backups/routes.ts';

const { values } = parseArgs({
  options: { out: { type: 'string' }, 'pg-dump': { type: 'boolean', default: false } },
});
const config = settings();
const out = values.out ? path.resolve(values.out) : undefined;
if (out && existsSync(out))
  fail(`${out} already exists: choose another name (nothing was replaced).`);
const target = out ? { file: out } : { folder: config.backups.folder };

/**
 * `--pg-dump` on PostgreSQL: pg_dump's own archive (custom format), for pg_restore, written under
 * a temporary name and renamed once pg_dump succeeded.
 */
async function pgDump() {
  if (!config.databaseUrl)
    fail('--pg-dump is for PostgreSQL (DATABASE_URL): the embedded database has no pg_dump.');
  const wanted =
    out ?? path.join(config.backups.folder, backupFileName().replace(/\.jsonl\.gz$/, '.dump'));
  await ensureFolder(path.dirname(wanted));
  const partial = partialName(path.dirname(wanted));
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      'pg_dump',
      ['--format=custom', `--file=${partial}`, `--dbname=${config.databaseUrl}`],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('error', (error) => {
      process.stderr.write(`pg_dump could not run: ${error.message} (is it on PATH?)\n`);
      resolve(null);
    });
    child.on('close', resolve);
  });
  if (code !== 0) {
    await unlink(partial).catch(() => {});
    fail('pg_dump failed (see above): no backup file was left under the final name.');
  }
  await chmod(partial, 0o600);
  const file = await finish(partial, wanted, { exact: Boolean(out) });
  return {
    file,
    bytes: (await stat(file)).size,
    tookMs: Math.round(performance.now() - started),
    rows: 0,
  };
}

async function direct(kind: 'pglite' | 'postgres') {
  const database =
    kind === 'postgres'
      ? await openDatabase({ kind, url: config.databaseUrl ?? '', poolSize: 2 })
      : await openDatabase({ kind, dataDir: config.dataDir });
  try {
    const result = await writeBackup(database.db, kind, target);
    const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
    return { file: result.file, bytes: result.bytes, tookMs: result.tookMs, rows };
  } finally {
    await database.close();
  }
}

/** The running embedded server takes the backup; a copy goes to --out when asked for. */
async function askServer(settingsOf: Config) {
  const control = readControlFile(settingsOf.dataDir);
  if (!control) {
    fail(
      `The data folder ${settingsOf.dataDir} is in use by a process that is not answering as the server does (no control file). Stop it, or wait for it to finish, and run the command again.`,
    );
  }
  const response = await fetch(`${control.url}/api/system/backup`, {
    method: 'POST',
    headers: { [LOCAL_TOKEN_HEADER]: control.token },
  }).catch((error: unknown) =>
    fail(
      `The server holding ${settingsOf.dataDir} did not answer at ${control.url}: ${reason(error)}`,
    ),
  );
  const body = (await response.json().catch(() => ({}))) as BackupTaken & { message?: string };
  if (response.status !== 201) {
    fail(
      `The server refused the backup (${response.status}): ${body.message ?? 'no reason given'}`,
    );
  }
  const written = path.join(settingsOf.backups.folder, body.file);
  if (!out) return { ...body, file: written };
  await ensureFolder(path.dirname(out));
  const partial = partialName(path.dirname(out));
  try {
    await copyFile(written, partial);
  } catch (error) {
    await unlink(partial).catch(() => {});
    throw error;
  }
  return { ...body, file: await finish(partial, out, { exact: true }) };
}

async function embedded() {
  if (!existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    fail(`There is no embedded database in ${config.dataDir} (DATA_DIR): nothing to back up.`);
  }
  let release: (() => Promise<void>) | undefined;
  try {
    release = await lockDataDir(config.dataDir, (error) =>
      fail(`Lost the data folder's lock: ${error.message}`),
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) return askServer(config);
    throw error;
  }
  try {
    return await direct('pglite');
  } finally {
    await release();
  }
}

try {
  const result = values['pg-dump']
    ? await pgDump()
    : config.databaseUrl
      ? await direct('postgres')
      : await embedded();
  const rows = values['pg-dump'] ? 'a pg_dump archive' : `${result.rows} rows`;
  process.stdout.write(
    `Backup written: ${result.file}\n${megabytes(result.bytes)}, ${rows}, in ${(result.tookMs / 1000).toFixed(1)} s.\n`,
  );
} catch (error) {
  fail(`The backup failed: ${reason(error)}. No backup file was left under the final name.`);
}
