import { allows, type BookingStatus, type Canceller, refusalFor } from '@cusco/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { confirmedOf } from '../departures/holdings.ts';
import { statusOf } from './status.ts';

/**
 * The transitions that people make (ADR 0037): the only code that writes a booking's stored
 * status (`cancelled_by`, `cancelled_at`, `cancel_reason`) and the facts changes leave on it
 * (`confirmed_at`, `locked_keep_percent`). Every other status follows from the
 * ledger, the seat hold and the calendar. Runs with the booking locked by the caller; answers the
 * status the booking had, and the one it has now.
 */
export async function cancelBooking(
  tx: Transaction,
  bookingId: string,
  by: Canceller,
  reason: string,
): Promise<{ before: BookingStatus; after: BookingStatus }> {
  const before = await statusOf(tx, bookingId);
  if (!allows('cancel', before)) {
    throw new AppError('BUSINESS_RULE', refusalFor(before));
  }
  await tx
    .update(bookings)
    .set({ cancelledBy: by, cancelledAt: sql`now()`, cancelReason: reason })
    .where(eq(bookings.id, bookingId));
  return { before, after: by === 'agency' ? 'cancelled_by_agency' : 'cancelled_by_customer' };
}

/**
 * Records that a booking is confirmed (ADR 0035: its deposit down, or on credit), the first time
 * a change finds it so: its permits and tickets are bought from then on, and a later change that
 * raises its deposit above what was paid does not make that deposit refundable. Runs with the
 * booking locked, before the change.
 */
export async function recordConfirmation(tx: Transaction, bookingId: string): Promise<void> {
  await tx
    .update(bookings)
    .set({ confirmedAt: sql`now()` })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.confirmedAt), confirmedOf(bookings)));
}

/** Keeps the strictest share of the policy a booking reached, before its date moves. */
export async function lockKeepPercent(tx: Transaction, bookingId: string, percent: number) {
  await tx
    .update(bookings)
    .set({ lockedKeepPercent: sql`greatest(${bookings.lockedKeepPercent}, ${percent})` })
    .where(eq(bookings.id, bookingId));
}
