import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Executor, rowsOf } from '../client.ts';
import { migrationsFolder } from '../migrate.ts';
import {
  type AppliedMigration,
  quoteIdent,
  type SequenceValue,
  type TableDigest,
  TableHasher,
  type TableSection,
} from './format.ts';

/** The migrations this version knows, in order: tag, created_at (the journal's `when`), hash. */
export function knownMigrations(): { tag: string; createdAt: number; hash: string }[] {
  const journal = readMigrationFiles({ migrationsFolder });
  const tags = journalTags();
  return journal.map((migration, index) => ({
    tag: tags[index] ?? `#${index}`,
    createdAt: migration.folderMillis,
    hash: migration.hash,
  }));
}

function journalTags(): string[] {
  // The journal's entries, in the order readMigrationFiles reads them.
  const { entries } = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  return entries.map((entry) => entry.tag);
}

async function run<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** The migrations applied to this database (none when it has no schema yet). */
export async function appliedMigrations(db: Executor): Promise<AppliedMigration[]> {
  const [present] = await run<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present?.present) return [];
  const known = new Map(knownMigrations().map((m) => [m.createdAt, m.tag]));
  const rows = await run<{ hash: string; created_at: string | number }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((row) => {
    const createdAt = Number(row.created_at);
    return { tag: known.get(createdAt) ?? null, createdAt, hash: row.hash };
  });
}

/** The tables of the public schema, parents before children (cycles broken by name). */
export async function tablesInDependencyOrder(db: Executor): Promise<string[]> {
  const tables = (
    await run<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    )
  ).map((row) => row.name);
  const edges = await run<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = k.connamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map<string, Set<string>>(tables.map((table) => [table, new Set()]));
  for (const edge of edges) {
    if (edge.child !== edge.parent) parents.get(edge.child)?.add(edge.parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table) && [...(parents.get(table) ?? [])].every((p) => placed.has(p)),
    );
    // A cycle (users ↔ clients, ledger ↔ attempts): take the first left by name. Restores load
    // with the foreign keys set aside and put back after (restore.ts), so order is for readers.
    const next =
      ready.length > 0 ? ready : tables.filter((table) => !placed.has(table)).slice(0, 1);
    for (const table of next) {
      placed.add(table);
      ordered.push(table);
    }
  }
  return ordered;
}

/** A table's columns, in order, and whether each is generated. */
export async function tableColumns(db: Executor, table: string): Promise<TableSection> {
  const columns = await run<{ name: string; generated: boolean }>(
    db,
    sql`select a.attname as name, a.attgenerated <> '' as generated
        from pg_attribute a
        where a.attrelid = ${`public.${quoteIdent(table)}`}::regclass
          and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
  );
  return { name: table, columns };
}

/** The public schema's sequences and where each stands. */
export async function sequenceValues(db: Executor): Promise<SequenceValue[]> {
  const names = await run<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const values: SequenceValue[] = [];
  for (const { name } of names) {
    const [row] = await run<{ last_value: string; is_called: boolean }>(
      db,
      sql.raw(`select last_value::text as last_value, is_called from public.${quoteIdent(name)}`),
    );
    if (row) values.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return values;
}

/** Rows of a query read through a cursor, a batch at a time (the caller is in a transaction). */
export async function* cursorRows(
  db: Executor,
  query: string,
  batch = 500,
): AsyncGenerator<string> {
  const cursor = `backup_${Math.random().toString(36).slice(2)}`;
  await db.execute(sql.raw(`declare ${cursor} no scroll cursor for ${query}`));
  try {
    for (;;) {
      const rows = rowsOf<{ j: string }>(
        await db.execute(sql.raw(`fetch forward ${batch} from ${cursor}`)),
      );
      for (const row of rows) yield row.j;
      if (rows.length < batch) break;
    }
  } finally {
    await db.execute(sql.raw(`close ${cursor}`));
  }
}

/** The query that reads a table's rows as JSON text (one column, `j`). */
export const rowsQuery = (table: string) =>
  `select row_to_json(t)::text as j from public.${quoteIdent(table)} t`;

/**
 * Each table's row count and checksum, read from the database (inside a transaction with
 * SESSION_SETTINGS, so that the JSON text is the backup's).
 */
export async function tableDigests(db: Executor, tables: string[]): Promise<TableDigest[]> {
  const digests: TableDigest[] = [];
  for (const name of tables) {
    const hasher = new TableHasher();
    for await (const row of cursorRows(db, rowsQuery(name), 2000)) hasher.add(row);
    digests.push({ name, rows: hasher.rows, sha256: hasher.digest() });
  }
  return digests;
}
