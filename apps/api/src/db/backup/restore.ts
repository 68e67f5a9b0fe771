import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database, DatabaseHandle, Executor } from '../client.ts';
import { rowsOf } from '../client.ts';
import { migrationsFolder } from '../migrate.ts';
import { knownMigrations, tableDigests } from './catalog.ts';
import {
  BackupError,
  type BackupHeader,
  quoteIdent,
  SESSION_SETTINGS,
  type TableDigest,
  TableHasher,
} from './format.ts';
import { readBackup, readHeader } from './read.ts';

export interface RestoreOptions {
  /** Replace whatever the target holds (its tables are dropped first). */
  force?: boolean;
}

export interface RestoreReport {
  /** The backup's own figures, each checked against the restored database before migrating up. */
  tables: TableDigest[];
  /** Migrations in the backup, and applied after it to reach this version. */
  backupMigrations: number;
  migratedUp: number;
  tookMs: number;
}

/**
 * Refuses a backup whose schema this version does not know (taken by a newer version): every
 * migration it lists must be one of ours, in our order.
 */
export function checkSchemaVersion(header: BackupHeader, file = 'The backup') {
  const known = knownMigrations();
  const last = known.at(-1)?.tag ?? 'none';
  const theirs = header.migrations;
  const unknown = theirs.findIndex((m, index) => known[index]?.createdAt !== m.createdAt);
  if (theirs.length > known.length || unknown !== -1) {
    throw new BackupError(
      `${file} comes from a newer version of the product: its database has ${theirs.length} migrations, this version knows ${known.length} (up to ${last}). Restore it with the version that wrote it, or a newer one. Nothing was changed.`,
    );
  }
  if (theirs.length === 0) {
    throw new BackupError(`${file} has no schema version (no migrations): it cannot be restored`);
  }
}

async function run<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

async function publicTables(db: Executor): Promise<string[]> {
  return (
    await run<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    )
  ).map((row) => row.name);
}

/** The tables of the target that hold rows (an empty target has none). */
export async function tablesWithRows(db: Executor): Promise<string[]> {
  const full: string[] = [];
  for (const table of await publicTables(db)) {
    const [row] = await run<{ some: boolean }>(
      db,
      sql.raw(`select exists (select 1 from public.${quoteIdent(table)}) as some`),
    );
    if (row?.some) full.push(table);
  }
  return full;
}

/** Drops the target's schema (its tables and the migrations' record). */
async function wipe(db: Database) {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema if exists public cascade`);
  await db.execute(sql`create schema public`);
}

/** Applies the first `count` migrations (all of them without `count`). */
export async function migrateTo(db: Database, count?: number) {
  const migrations = readMigrationFiles({ migrationsFolder });
  const internal = db as unknown as {
    dialect: { migrate(m: unknown, session: unknown, config: unknown): Promise<void> };
    session: unknown;
  };
  await internal.dialect.migrate(
    count === undefined ? migrations : migrations.slice(0, count),
    internal.session,
    { migrationsFolder },
  );
}

/** Rows go in by the megabyte: one statement each, the database parsing the JSON itself. */
const BATCH_CHARS = 2 * 1024 * 1024;

async function insertBatch(tx: Executor, table: string, columns: string[], rows: string[]) {
  if (rows.length === 0) return;
  const list = columns.map(quoteIdent).join(', ');
  const name = `public.${quoteIdent(table)}`;
  await tx.execute(
    sql`${sql.raw(`insert into ${name} (${list}) overriding system value select ${list} from json_populate_recordset(null::${name}, `)}${`[${rows.join(',')}]`}${sql.raw('::json)')}`,
  );
}

/** Loads the file's rows into the migrated, empty schema, in one transaction. */
async function load(db: Database, file: string): Promise<TableDigest[]> {
  return db.transaction(async (tx) => {
    for (const setting of SESSION_SETTINGS) await tx.execute(sql.raw(setting));
    const tables = await publicTables(tx);
    // The foreign keys are set aside while the rows go in (the schema has cycles: users and
    // clients, the ledger and the attempts), then put back, which checks every row against them.
    const keys = await run<{ table: string; name: string; definition: string }>(
      tx,
      sql`select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
          from pg_constraint k join pg_class c on c.oid = k.conrelid
          join pg_namespace n on n.oid = k.connamespace
          where k.contype = 'f' and n.nspname = 'public'`,
    );
    for (const key of keys) {
      await tx.execute(
        sql.raw(
          `alter table public.${quoteIdent(key.table)} drop constraint ${quoteIdent(key.name)}`,
        ),
      );
    }
    // The triggers (booking revisions, the audit trail's guards) would change the rows loaded.
    for (const table of tables) {
      await tx.execute(sql.raw(`alter table public.${quoteIdent(table)} disable trigger user`));
    }
    // Rows the migrations themselves wrote make way for the backup's.
    if (tables.length > 0) {
      await tx.execute(
        sql.raw(`truncate ${tables.map((table) => `public.${quoteIdent(table)}`).join(', ')}`),
      );
    }
    const expected: TableDigest[] = [];
    let current: { name: string; columns: string[]; hasher: TableHasher } | undefined;
    let batch: string[] = [];
    let batchChars = 0;
    for await (const event of readBackup(file)) {
      if (event.kind === 'table') {
        const { name, columns } = event.table;
        if (!tables.includes(name)) {
          throw new BackupError(`${file} has a table this schema lacks: ${name}`);
        }
        current = {
          name,
          columns: columns.filter((column) => !column.generated).map((column) => column.name),
          hasher: new TableHasher(),
        };
      } else if (event.kind === 'row' && current) {
        current.hasher.add(event.json);
        batch.push(event.json);
        batchChars += event.json.length;
        if (batchChars >= BATCH_CHARS || batch.length >= 5000) {
          await insertBatch(tx, current.name, current.columns, batch);
          batch = [];
          batchChars = 0;
        }
      } else if (event.kind === 'end-table' && current) {
        await insertBatch(tx, current.name, current.columns, batch);
        batch = [];
        batchChars = 0;
        const digest = event.digest;
        if (
          digest.name !== current.name ||
          digest.rows !== current.hasher.rows ||
          digest.sha256 !== current.hasher.digest()
        ) {
          throw new BackupError(
            `${file} is damaged: table ${current.name}'s rows do not match its checksum`,
          );
        }
        expected.push(digest);
        current = undefined;
      } else if (event.kind === 'sequences') {
        const present = new Set(
          (
            await run<{ name: string }>(
              tx,
              sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
                  where n.nspname = 'public' and c.relkind = 'S'`,
            )
          ).map((row) => row.name),
        );
        for (const sequence of event.sequences) {
          if (!present.has(sequence.name) || !/^-?\d+$/.test(String(sequence.lastValue))) continue;
          await tx.execute(
            sql`select setval(${`public.${quoteIdent(sequence.name)}`}::regclass, ${String(sequence.lastValue)}::bigint, ${Boolean(sequence.isCalled)})`,
          );
        }
      }
    }
    for (const key of keys) {
      await tx.execute(
        sql.raw(
          `alter table public.${quoteIdent(key.table)} add constraint ${quoteIdent(key.name)} ${key.definition}`,
        ),
      );
    }
    for (const table of tables) {
      await tx.execute(sql.raw(`alter table public.${quoteIdent(table)} enable trigger user`));
    }
    // What the database now holds, read back: the same rows, byte for byte, as the file's.
    const restored = await tableDigests(
      tx,
      expected.map((digest) => digest.name),
    );
    for (const [index, digest] of expected.entries()) {
      const got = restored[index];
      if (got?.rows !== digest.rows || got.sha256 !== digest.sha256) {
        throw new BackupError(
          `The restored table ${digest.name} differs from the backup (${got?.rows} rows against ${digest.rows}): nothing was restored`,
        );
      }
    }
    return expected;
  });
}

/**
 * Restores a backup file into the database `handle`: refused when the file is not a whole backup
 * of this product or comes from a newer schema, and when the target holds rows (unless `force`).
 * The schema is built by the migrations up to the backup's version, the rows are loaded and
 * checked in one transaction, then the later migrations bring it up to this version.
 */
export async function restoreBackup(
  handle: Pick<DatabaseHandle, 'db'>,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreReport> {
  const started = performance.now();
  const header = await readHeader(file);
  checkSchemaVersion(header, file);
  const db = handle.db;
  const full = await tablesWithRows(db);
  if (full.length > 0 && !options.force) {
    throw new BackupError(
      `The target database is not empty (${full.slice(0, 3).join(', ')}${full.length > 3 ? ` and ${full.length - 3} more tables` : ''} hold rows). Restore into an empty database or data folder, or add --force to replace everything in it. Nothing was changed.`,
    );
  }
  const [schema] = await run<{ tables: number; drizzle: boolean }>(
    db,
    sql`select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public') as tables,
               exists (select 1 from pg_namespace where nspname = 'drizzle') as drizzle`,
  );
  if ((schema?.tables ?? 0) > 0 || schema?.drizzle) await wipe(db);
  await migrateTo(db, header.migrations.length);
  const tables = await load(db, file);
  const before = header.migrations.length;
  await migrateTo(db);
  return {
    tables,
    backupMigrations: before,
    migratedUp: knownMigrations().length - before,
    tookMs: Math.round(performance.now() - started),
  };
}
