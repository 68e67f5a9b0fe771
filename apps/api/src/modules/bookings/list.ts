import {
  type BookingListItem,
  type BookingStatus,
  fromCents,
  inLanguage,
  type Language,
  type PageQuery,
  todayInLima,
} from '@cusco/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { bookingPassengerLines, bookings } from '../../db/schema.ts';
import { limitOffset, type Page, totalCount } from '../../lib/pagination.ts';
import {
  type Reader,
  visibleTo,
  visibleToPlaceholders,
  visibleToValues,
} from '../access/bookings.ts';
import { ledgerTotalsLateral, totalsOf } from '../ledger/ledger.ts';
import { bookingStatusSql, databaseNowMs, statusChangesAt } from '../lifecycle/status.ts';
import { bookingsWithNames } from './names.ts';

/** The passengers of the outer query's booking, as a lateral subquery to join. */
function passengerCount(db: Executor) {
  return db
    .select({
      count: sql<number>`sum(${bookingPassengerLines.quantity})`.mapWith(Number).as('count'),
    })
    .from(bookingPassengerLines)
    .where(eq(bookingPassengerLines.bookingId, bookings.id))
    .as('passenger_count');
}

/**
 * One page of a user's bookings (a corporate user's: also the company's), newest travel date
 * first, with how many there are in all; prepared once per database.
 */
const pageStatement = prepared((db) => {
  const totals = ledgerTotalsLateral(db, bookings.id);
  const passengers = passengerCount(db);
  const newestFirst = [desc(bookings.travelDate), desc(bookings.createdAt), desc(bookings.id)];
  // The page's bookings are chosen first, from the bookings table alone, with how many the user
  // has in all (a window count, no second query); only they are then summed and named. Summing
  // before the limit made a customer with a thousand bookings pay for all of them on every page.
  const chosen = db
    .select({
      id: bookings.id,
      all: totalCount().as('all_count'),
    })
    .from(bookings)
    .where(visibleToPlaceholders)
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('chosen');
  return bookingsWithNames(db, {
    code: bookings.code,
    createdAt: bookings.createdAt,
    travelDate: bookings.travelDate,
    holdUntil: bookings.holdUntil,
    categoryId: bookings.categoryId,
    passengers: passengers.count,
    purchases: totals.purchases,
    additions: totals.additions,
    discounts: totals.discounts,
    payments: totals.payments,
    status: sql<BookingStatus>`${bookingStatusSql}`.as('status'),
    readAt: sql<number>`${databaseNowMs}`.mapWith(Number).as('read_at'),
    channel: bookings.channel,
    resellerReference: bookings.resellerReference,
    all: chosen.all,
  })
    .innerJoin(chosen, eq(chosen.id, bookings.id))
    .leftJoinLateral(totals, sql`true`)
    .leftJoinLateral(passengers, sql`true`)
    .orderBy(...newestFirst)
    .prepare('booking_list_page');
});

/**
 * One page of the user's bookings, how many there are in all, and when one of their statuses may
 * next change with time alone (`statusChangesAt`).
 */
export async function listBookings(
  db: Executor,
  user: Reader,
  language: Language,
  page: PageQuery,
): Promise<Page<BookingListItem> & { statusChangesAt: number }> {
  const rows = await pageStatement(db).execute({ ...visibleToValues(user), ...limitOffset(page) });
  const all =
    rows[0]?.all ??
    (await db.select({ n: count() }).from(bookings).where(visibleTo(user)))[0]?.n ??
    0;

  const items = rows.map((row) => {
    const sums = totalsOf(row);
    return {
      id: row.code,
      name: row.code,
      tourName: inLanguage(language, row.tourEn, row.tourEs),
      tourCode: row.tourCode,
      travelDate: row.travelDate,
      bookingDate: todayInLima(row.createdAt),
      type: inLanguage(language, row.typeEn, row.typeEs),
      idcategory: row.categoryId,
      category: inLanguage(language, row.categoryEn, row.categoryEs),
      passangers: row.passengers ?? 0,
      total: fromCents(sums.purchases + sums.additions - sums.discounts),
      paid: fromCents(sums.payments),
      pending: fromCents(sums.debt),
      expired: row.status === 'expired',
      status: row.status,
      channel: row.channel,
      resellerReference: row.resellerReference,
    };
  });
  return {
    items,
    total: all,
    statusChangesAt: Math.min(...rows.map((row) => statusChangesAt(row, row.readAt))),
  };
}
