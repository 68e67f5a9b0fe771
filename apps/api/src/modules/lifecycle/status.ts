import { AGENCY_TIME_ZONE, type BookingStatus, cuscoDateTime } from '@cusco/shared';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { depositOf, type HoldColumns, holdsSeatsOf } from '../departures/holdings.ts';
import { ledgerValue } from '../ledger/ledger.ts';

/**
 * The booking's named status (ADR 0037), in SQL: `bookingStatus` of shared's rules, over the same
 * facts, so that the customer's list and detail, the back office, the mails and the exports read
 * one column. `status.test` pins the two together.
 */

/** The columns of a booking the status reads (a query may read the booking under another name). */
export interface StatusColumns extends HoldColumns {
  travelDate: SQLWrapper;
}

/** The agency's today (Cusco), as a date. */
const todayInCusco = sql.raw(`(now() at time zone '${AGENCY_TIME_ZONE}')::date`);

export function bookingStatusOf(booking: StatusColumns): SQL<BookingStatus> {
  const byMoney = ledgerValue<BookingStatus>(
    booking.id,
    ({ payments, debt }) => sql`case
      when ${debt} <= 0 then 'paid'
      when ${payments} >= ${depositOf(booking)} then 'partly_paid'
      when ${booking.corporateClientId} is not null then 'confirmed'
      else 'pending_payment' end`,
  );
  return sql<BookingStatus>`(case
    when ${booking.cancelledBy} = 'customer' then 'cancelled_by_customer'
    when ${booking.cancelledBy} = 'agency' then 'cancelled_by_agency'
    when not ${holdsSeatsOf(booking)} then 'expired'
    when ${booking.travelDate} <= ${todayInCusco} then 'travelled'
    when ${booking.octoHold} then 'on_hold'
    else ${byMoney} end)`;
}

/**
 * When `bookingStatusOf` may next change with time alone (ms since the epoch; Infinity: never):
 * the end of the unpaid hold, or the travel date's first moment in Cusco, whichever comes first
 * after `readAt`, the database's `now()` when the status was read (`databaseNowMs`): its clock
 * decided the status, so a moment it had not reached yet is still to come, whatever this
 * machine's clock says. Until then only a change to the booking's rows (which moves its revision)
 * changes it: an answer showing the status may be given again until this moment.
 */
export function statusChangesAt(
  booking: { holdUntil: Date | null; travelDate: string },
  readAt: number,
): number {
  const moments = [booking.holdUntil?.getTime(), Date.parse(cuscoDateTime(booking.travelDate))];
  return Math.min(
    ...moments.filter((moment): moment is number => moment !== undefined && moment > readAt),
  );
}

/** The database's clock, in ms since the epoch, for a query's columns (see `statusChangesAt`). */
export const databaseNowMs = sql<number>`(extract(epoch from now()) * 1000)`.mapWith(Number);

/** The status of the `bookings` table of the query. */
export const bookingStatusSql = bookingStatusOf(bookings);

const of = alias(bookings, 'status_booking');

/**
 * The status of the booking whose id is `bookingId` (a column of the outer query), as a scalar
 * subquery built apart, for a relational query's extras (see `holdsSeatsById`).
 */
export function bookingStatusById(bookingId: AnyPgColumn): SQL<BookingStatus> {
  const query = new QueryBuilder()
    .select({ status: bookingStatusOf(of) })
    .from(of)
    .where(eq(of.id, bookingId));
  return sql<BookingStatus>`(${query})`;
}

/** The status of one booking; 404 for an unknown one. */
export async function statusOf(db: Executor, bookingId: string): Promise<BookingStatus> {
  const [row] = await db
    .select({ status: bookingStatusSql })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!row) throw new AppError('NOT_FOUND', 'bookingNotFound');
  return row.status;
}
