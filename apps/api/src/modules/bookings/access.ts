import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { AuthenticatedUser } from '../auth/sessions.ts';

/**
 * The bookings a user may see: their own, and a corporate user's company's. Every query for a
 * customer's booking goes through this, so another customer's booking is a 404, never a leak.
 */
export function visibleTo(user: AuthenticatedUser): SQL {
  const own = eq(bookings.userId, user.userId);
  return user.corporateClientId
    ? (or(own, eq(bookings.corporateClientId, user.corporateClientId)) as SQL)
    : own;
}

/**
 * `visibleTo` for a prepared statement: the user is given when it runs, as `visibleToValues`.
 * A customer's company is null, and `corporate_client_id = null` holds for no booking.
 */
export const visibleToPlaceholders = or(
  eq(bookings.userId, sql.placeholder('userId')),
  eq(bookings.corporateClientId, sql.placeholder('companyId')),
) as SQL;

export const visibleToValues = (user: AuthenticatedUser) => ({
  userId: user.userId,
  companyId: user.corporateClientId,
});

/** Reservation codes are written in capitals; accept them in any case. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The booking with this code if the user may see it; 404 otherwise. */
export async function findVisibleBooking(db: Executor, user: AuthenticatedUser, code: string) {
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.code, normalizeCode(code)), visibleTo(user)));
  if (!booking) throw new AppError('NOT_FOUND', 'bookingNotFound');
  return booking;
}

/**
 * Locks the booking that `where` finds (SELECT … FOR UPDATE) for the rest of the transaction,
 * and answers it; 404 when there is none. Whatever changes a booking's money or lines locks it
 * first, so that two changes of one booking run one after the other and each reads the other's
 * result.
 */
export async function lockBooking(tx: Transaction, where: SQL) {
  const [booking] = await tx.select().from(bookings).where(where).for('update');
  if (!booking) throw new AppError('NOT_FOUND', 'bookingNotFound');
  return booking;
}
