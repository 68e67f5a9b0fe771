import { allows, type BookingStatus, type Canceller, refusalFor } from '@cusco/shared';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { statusOf } from './status.ts';

/**
 * The transitions that people make (ADR 0037): the only code that writes a booking's stored
 * status (`cancelled_by`, `cancelled_at`, `cancel_reason`). Every other status follows from the
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
