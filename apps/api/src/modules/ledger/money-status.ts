import type { AdminBookingStatus } from '@cusco/shared';
import { eq, getTableName, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, passengerSlots, paymentAttempts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { debtSql, ledgerTotalsLateral } from './ledger.ts';

/**
 * A booking's money standing (the back office's `AdminBookingStatus`), defined once, in SQL, so
 * that the bookings list, its filter and count, the dashboard and the one-booking read all select
 * the same column (issue 26: it was computed in TypeScript and again in SQL).
 */

/**
 * The outer query's booking id, always with its table's name: Drizzle names the columns of a
 * one-table query's fields without it, and in a subquery a bare "id" would be the subquery's own.
 */
const outerBookingId = sql`${sql.identifier(getTableName(bookings))}.${sql.identifier(bookings.id.name)}`;

/** The booking is cancelled (ADR 0037: its stored status, written by modules/lifecycle). */
export const isCancelledSql = sql<boolean>`(${bookings.cancelledBy} is not null)`;

/** The booking's passengers. */
export const passengersOf = sql<number>`(select count(*) from ${passengerSlots} where ${passengerSlots.bookingId} = ${outerBookingId})::integer`;

/** A payment of the booking was taken when it could not be recorded, and awaits its refund. */
const refundRequired = sql<boolean>`exists (select 1 from ${paymentAttempts} where ${paymentAttempts.bookingId} = ${outerBookingId} and ${paymentAttempts.status} = 'refund_required')`;

/**
 * The standing of the booking of the outer query, from its ledger sums (`ledgerTotalsLateral`
 * joined to it):
 * - `refund_due`: the ledger owes the customer (debt below 0: paid more than the booking now
 *   costs, a cancelled one included), or a payment awaits its refund (taken when nothing more
 *   was owed, or after the booking was cancelled);
 * - `cancelled`: cancelled (by the customer or the agency) and nothing is owed back (what the
 *   cancellation policy kept is not chased as a balance);
 * - `paid` at zero debt; `deposit` when part was paid; `unpaid` when nothing was.
 */
export function moneyStatusSql(totals: ReturnType<typeof ledgerTotalsLateral>) {
  const debt = debtSql(totals);
  return sql<AdminBookingStatus>`(case
    when ${debt} < 0 or ${refundRequired} then 'refund_due'
    when ${isCancelledSql} then 'cancelled'
    when ${debt} = 0 then 'paid'
    when ${totals.payments} > 0 then 'deposit'
    else 'unpaid' end)`;
}

/** The standing of one booking (the back office's booking page); 404 for an unknown one. */
export async function moneyStatusOf(db: Executor, bookingId: string): Promise<AdminBookingStatus> {
  const totals = ledgerTotalsLateral(db, bookings.id);
  const [row] = await db
    .select({ status: moneyStatusSql(totals) })
    .from(bookings)
    .leftJoinLateral(totals, sql`true`)
    .where(eq(bookings.id, bookingId));
  if (!row) throw new AppError('NOT_FOUND', 'bookingNotFound');
  return row.status;
}

/** Whether the booking is cancelled. */
export async function bookingCancelled(db: Executor, bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ cancelled: isCancelledSql })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.cancelled ?? false;
}
