import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { counters } from '../../db/schema.ts';

/**
 * The next number of a gapless counter (a receipt series, a day's voidings), in the caller's
 * transaction: one INSERT … ON CONFLICT DO UPDATE … RETURNING, whose row lock holds any other
 * transaction taking the same counter until this one ends. A rolled-back transaction gives its
 * number back; two nodes never take the same one.
 */
export async function nextNumber(tx: Executor, name: string): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ name, lastValue: 1 })
    .onConflictDoUpdate({
      target: counters.name,
      set: { lastValue: sql`${counters.lastValue} + 1` },
    })
    .returning({ value: counters.lastValue });
  if (!row) throw new Error(`counter ${name} not taken`);
  return row.value;
}
