/**
 * `npm run db:move -- --to postgres://… [--backup FILE]`: moves the embedded install (DATA_DIR,
 * stopped) into an EMPTY PostgreSQL database (ADR 0055, docs/operations.md). The embedded
 * database is read into a backup file, which is restored into PostgreSQL: the schema by the same
 * migrations, the rows in one transaction, the sequences set; then each table's rows and
 * checksum are read back from PostgreSQL and compared, and printed. With --backup FILE, that
 * backup is moved instead of the data folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fail, reason, settings } from './commands.ts';
import { checkMoveTarget, moveToPostgres } from './db/backup/move.ts';
import { digestTable, megabytes } from './db/backup/report.ts';
import { writeBackup } from './db/backup/write.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';

const { values } = parseArgs({
  options: { to: { type: 'string' }, backup: { type: 'string' } },
});
if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
  fail(
    'Usage: npm run db:move -- --to postgres://user:password@host:5432/database [--backup FILE]',
  );
}
const to = values.to;
const config = settings();

/** The data folder read into a backup file, the folder locked the whole time. */
async function readEmbedded(folder: string) {
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(config.dataDir, (error) =>
      fail(`Lost the data folder's lock: ${error.message}`),
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(
        `The data folder ${config.dataDir} is in use by a running server: stop it first (the move must see no new booking after it starts), or move a backup with --backup FILE. Nothing was changed.`,
      );
    }
    throw error;
  }
  try {
    // The target is checked before the data folder is read: unreachable or not empty, say so now.
    await checkMoveTarget(to);
    const source = await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
    try {
      return await writeBackup(source.db, 'pglite', { folder });
    } finally {
      await source.close();
    }
  } finally {
    await release();
  }
}

const scratch = await mkdtemp(path.join(tmpdir(), 'cusco-move-'));
try {
  let file = values.backup ? path.resolve(values.backup) : undefined;
  if (file) await checkMoveTarget(to);
  else {
    const written = await readEmbedded(scratch);
    process.stdout.write(
      `Read ${config.dataDir}: ${megabytes(written.bytes)} in ${(written.tookMs / 1000).toFixed(1)} s.\n`,
    );
    file = written.file;
  }
  const moved = await moveToPostgres(file, to);
  process.stdout.write(
    `${digestTable(moved.expected, moved.verified)}\n\n${
      moved.same
        ? `Moved into PostgreSQL in ${(moved.tookMs / 1000).toFixed(1)} s: every table's rows and checksum match. Start the server with DATABASE_URL set to this database.`
        : 'Some tables differ: do not use this database (see the table above).'
    }\n`,
  );
  if (!moved.same) process.exitCode = 1;
} catch (error) {
  fail(`The move failed: ${reason(error)}`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
