import { and, desc, eq, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { exchangeRates } from '../../db/schema.ts';

/** The rate of `day`, or of the last day before it with one; null when none is known. */
export async function rateOn(db: Executor, currency: string, day: string): Promise<string | null> {
  const [row] = await db
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currency, currency), lte(exchangeRates.day, day)))
    .orderBy(desc(exchangeRates.day))
    .limit(1);
  return row?.rate ?? null;
}
