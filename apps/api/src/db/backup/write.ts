import { createWriteStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../client.ts';
import {
  appliedMigrations,
  cursorRows,
  rowsQuery,
  sequenceValues,
  tableColumns,
  tablesInDependencyOrder,
} from './catalog.ts';
import { backupFileName, ensureFolder, finish, partialName } from './files.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupHeader,
  SESSION_SETTINGS,
  type TableDigest,
  TableHasher,
} from './format.ts';

export interface BackupResult {
  /** The backup's full path. */
  file: string;
  bytes: number;
  tookMs: number;
  createdAt: string;
  migrations: number;
  tables: TableDigest[];
}

export interface BackupTarget {
  /** A folder: the file gets a dated name of its own there. */
  folder?: string;
  /** Or an exact file name, refused if it exists. */
  file?: string;
}

/** The backup's lines, read in the snapshot transaction `tx`. */
async function* backupLines(
  tx: Executor,
  source: 'pglite' | 'postgres',
  createdAt: string,
  digests: TableDigest[],
): AsyncGenerator<string> {
  const tables = await tablesInDependencyOrder(tx);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt,
    source,
    migrations: await appliedMigrations(tx),
    tables,
  };
  yield `${JSON.stringify(['header', header])}\n`;
  let total = 0;
  for (const name of tables) {
    yield `${JSON.stringify(['table', await tableColumns(tx, name)])}\n`;
    const hasher = new TableHasher();
    let chunk = '';
    for await (const row of cursorRows(tx, rowsQuery(name))) {
      hasher.add(row);
      chunk += `${row}\n`;
      if (chunk.length > 256 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
    const digest = { name, rows: hasher.rows, sha256: hasher.digest() };
    digests.push(digest);
    total += digest.rows;
    yield `${JSON.stringify(['end-table', digest])}\n`;
  }
  // Read last: a sequence is not rolled back nor held by the snapshot, so its value now is at
  // least that of any row above, and numbering after a restore never reuses one.
  yield `${JSON.stringify(['sequences', await sequenceValues(tx)])}\n`;
  yield `${JSON.stringify(['end', { tables: tables.length, rows: total }])}\n`;
}

/**
 * Writes a backup of the whole database: every table of the public schema (documents and
 * receipts included), the migrations applied, the sequences. One REPEATABLE READ, read-only
 * transaction reads everything, so the file is one consistent moment even while bookings are
 * being taken (on PGlite, other queries wait for it: one connection). The file is written under
 * a temporary name and renamed only once whole and flushed.
 */
export async function writeBackup(
  db: Database,
  source: 'pglite' | 'postgres',
  target: BackupTarget,
): Promise<BackupResult> {
  const started = performance.now();
  const createdAt = new Date().toISOString();
  const wanted = target.file
    ? path.resolve(target.file)
    : path.join(path.resolve(target.folder ?? '.'), backupFileName(new Date(createdAt)));
  await ensureFolder(path.dirname(wanted));
  const partial = partialName(path.dirname(wanted));
  const digests: TableDigest[] = [];
  let migrations = 0;
  try {
    await db.transaction(
      async (tx) => {
        for (const setting of SESSION_SETTINGS) await tx.execute(sql.raw(setting));
        migrations = (await appliedMigrations(tx)).length;
        await pipeline(
          Readable.from(backupLines(tx, source, createdAt, digests)),
          createGzip({ level: 6 }),
          createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
        );
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  } catch (error) {
    await unlink(partial).catch(() => {});
    throw error;
  }
  const file = await finish(partial, wanted, { exact: Boolean(target.file) });
  return {
    file,
    bytes: (await stat(file)).size,
    tookMs: Math.round(performance.now() - started),
    createdAt,
    migrations,
    tables: digests,
  };
}
