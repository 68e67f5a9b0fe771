import { sql } from 'drizzle-orm';
import { openDatabase } from '../client.ts';
import { tableDigests } from './catalog.ts';
import { BackupError, SESSION_SETTINGS, type TableDigest } from './format.ts';
import { restoreBackup, tablesWithRows } from './restore.ts';

export interface MoveReport {
  /** The backup's figures per table. */
  expected: TableDigest[];
  /** The same figures read back from PostgreSQL once the restore committed. */
  verified: TableDigest[];
  same: boolean;
  tookMs: number;
}

/**
 * Restores a backup into an EMPTY PostgreSQL database (refused otherwise), then reads every
 * table back on a new connection and compares its rows and checksum with the backup's. When the
 * backup's schema is older than this version the migrations after it change the tables, so the
 * comparison is the one the restore made before migrating up.
 */
/** Refuses a PostgreSQL database that holds rows: a move goes into a new, empty one. */
async function refuseFull(db: Parameters<typeof tablesWithRows>[0]) {
  const full = await tablesWithRows(db);
  if (full.length > 0) {
    throw new BackupError(
      `The PostgreSQL database is not empty (${full.slice(0, 3).join(', ')} hold rows): move into a new, empty database. Nothing was changed.`,
    );
  }
}

/** Checks, before anything is read, that the target answers and is empty. */
export async function checkMoveTarget(url: string) {
  const target = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    await refuseFull(target.db);
  } finally {
    await target.close();
  }
}

export async function moveToPostgres(file: string, url: string): Promise<MoveReport> {
  const started = performance.now();
  const target = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    await refuseFull(target.db);
    const report = await restoreBackup(target, file);
    const verified =
      report.migratedUp > 0
        ? report.tables
        : await target.db.transaction(
            async (tx) => {
              for (const setting of SESSION_SETTINGS) await tx.execute(sql.raw(setting));
              return tableDigests(
                tx,
                report.tables.map((table) => table.name),
              );
            },
            { isolationLevel: 'repeatable read', accessMode: 'read only' },
          );
    const same = report.tables.every((digest, index) => {
      const other = verified[index];
      return other?.rows === digest.rows && other.sha256 === digest.sha256;
    });
    return {
      expected: report.tables,
      verified,
      same,
      tookMs: Math.round(performance.now() - started),
    };
  } finally {
    await target.close();
  }
}
