import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { bookings, paymentAttempts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { lockBooking } from '../access/bookings.ts';

/**
 * The one lock order of payments (docs/payments.md, rule 6): a transaction that locks a payment
 * attempt, or its gateway's charge, first locks the attempt's booking, then the attempt, then
 * anything else (the sandbox's charge, through the gateway port). Every transaction taking the
 * same first lock, two of them never wait for each other crosswise: settling a notification,
 * reconciliation, opening another amount, refunding and cancelling never deadlock (issue 26:
 * reconciliation closed the charge, then waited for the attempt that a customer's new amount had
 * locked while it waited for the charge).
 */

type Attempt = typeof paymentAttempts.$inferSelect;
type Booking = typeof bookings.$inferSelect;

/** Locks the booking, then its attempt, and answers both as they are now; 404 for neither. */
export async function lockBookingAndAttempt(
  tx: Transaction,
  bookingId: string,
  attemptId: string,
): Promise<{ booking: Booking; attempt: Attempt }> {
  const booking = await lockBooking(tx, eq(bookings.id, bookingId));
  const [attempt] = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.bookingId, bookingId)))
    .for('update');
  if (!attempt) throw new AppError('NOT_FOUND', 'paymentNotFound');
  return { booking, attempt };
}

/** `lockBookingAndAttempt` from the attempt's id alone (its booking never changes). */
export async function lockAttempt(
  tx: Transaction,
  attemptId: string,
): Promise<{ booking: Booking; attempt: Attempt }> {
  const [known] = await tx
    .select({ bookingId: paymentAttempts.bookingId })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId));
  if (!known) throw new AppError('NOT_FOUND', 'paymentNotFound');
  return lockBookingAndAttempt(tx, known.bookingId, attemptId);
}
