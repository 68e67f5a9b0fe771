import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { appMeta } from '../db/schema.ts';

const KEY = 'catalogue_version';

/**
 * The catalogue's version: a counter in app_meta that every change to tours, prices, services or
 * reference lists increases (in the same transaction as the change). Each API node compares it
 * with the version its cached answers were made from.
 */
export async function readCatalogueVersion(db: Executor): Promise<string> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  return row?.value ?? '0';
}

/** Marks the catalogue as changed: every node drops its cached answers within a second. */
export async function bumpCatalogueVersion(db: Executor): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key: KEY, value: '1' })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: sql`(${appMeta.value}::bigint + 1)::text`, updatedAt: sql`now()` },
    });
}
