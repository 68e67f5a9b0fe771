import type { PurchaseKind } from '@cusco/shared';
import dayjs from 'dayjs';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { bookings, tourPurchaseItems } from '../../db/schema.ts';

/**
 * When a booking's passengers' data is needed by (issue 29): the earliest buy-by date of its
 * tour's items (the travel date less the longest `buyDaysBefore`), the permit's on the Inca
 * Trail. The passenger-data reminder goes ahead of it (mail/reminders.ts) and says the date.
 */

/** The longest days before travel an item of the tour (`tourId`, a column) is bought by; 0 if none. */
export function longestBuyDaysOf(tourId: AnyPgColumn): SQL<number> {
  return sql<number>`coalesce((select max(${tourPurchaseItems.buyDaysBefore}) from ${tourPurchaseItems} where ${tourPurchaseItems.tourId} = ${tourId}), 0)`;
}

/** The booking's earliest buy-by date and the kind of item bought then; null without items. */
export async function earliestBuyBy(
  db: Executor,
  bookingId: string,
): Promise<{ buyBy: string; kind: PurchaseKind } | null> {
  const [row] = await db
    .select({
      travelDate: bookings.travelDate,
      days: tourPurchaseItems.buyDaysBefore,
      kind: tourPurchaseItems.kind,
    })
    .from(bookings)
    .innerJoin(tourPurchaseItems, eq(tourPurchaseItems.tourId, bookings.tourId))
    .where(eq(bookings.id, bookingId))
    .orderBy(desc(tourPurchaseItems.buyDaysBefore), tourPurchaseItems.sortOrder)
    .limit(1);
  if (!row) return null;
  return {
    buyBy: dayjs(row.travelDate).subtract(row.days, 'day').format('YYYY-MM-DD'),
    kind: row.kind,
  };
}
