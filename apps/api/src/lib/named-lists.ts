import { type Language, type NamedItem, nameIn } from '@cusco/shared';
import { asc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

type Text = AnyPgColumn<{ data: string; notNull: true }>;

/** A reference list's table (namedList() in db/schema.ts): an id, two names and an order. */
export type NamedListTable = PgTable & {
  id: Text;
  nameEn: Text;
  nameEs: Text;
  sortOrder: AnyPgColumn<{ data: number; notNull: true }>;
};

/** A reference list's items (those matching `where`, if given), in order, named in a language. */
export async function namedListIn(
  db: Executor,
  table: NamedListTable,
  language: Language,
  where?: SQL,
): Promise<NamedItem[]> {
  const rows = await db
    .select({ id: table.id, nameEn: table.nameEn, nameEs: table.nameEs })
    .from(table)
    .where(where)
    .orderBy(asc(table.sortOrder), asc(table.nameEn));
  return rows.map((row) => ({ id: row.id, name: nameIn(row, language) }));
}
