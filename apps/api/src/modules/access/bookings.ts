import { and, asc, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';

/** Whoever reads a customer's booking: a user, and their company (null for a customer). */
export type Reader = Pick<AuthenticatedUser, 'userId' | 'corporateClientId'>;

/**
 * Who may see a booking, said once: its customer, and every user of its company. Every query
 * for a customer's booking (and its passengers, requests, services, payments and documents) goes
 * through it, so that another's booking is a 404, never a leak: with the reader's values
 * (`visibleTo`), or with placeholders that a prepared statement is given when it runs
 * (`visibleToPlaceholders`). A customer's company is null, and `corporate_client_id = null`
 * holds for no booking (SQL's null equals nothing), so a customer sees only their own.
 */
function visibility(userId: string | Placeholder, companyId: string | null | Placeholder): SQL {
  return or(
    eq(bookings.userId, userId),
    eq(bookings.corporateClientId, companyId ?? sql`null`),
  ) as SQL;
}

/** The bookings `reader` may see (the policy, with the reader's values). */
export function visibleTo(reader: Reader): SQL {
  return visibility(reader.userId, reader.corporateClientId);
}

/**
 * The same policy in a prepared statement: the reader is given when it runs, as
 * `visibleToValues(reader)`.
 */
export const visibleToPlaceholders = visibility(
  sql.placeholder('userId'),
  sql.placeholder('companyId'),
);

/** The values of `visibleToPlaceholders` for a reader. */
export const visibleToValues = (reader: Reader) => ({
  userId: reader.userId,
  companyId: reader.corporateClientId,
});

/** Reservation codes are written in capitals; accept them in any case. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The booking named `code`, if `reader` may see it. */
const visibleWithCode = (reader: Reader, code: string) =>
  and(eq(bookings.code, normalizeCode(code)), visibleTo(reader)) as SQL;

/** The booking with this code if the user may see it; 404 otherwise. */
export async function findVisibleBooking(db: Executor, reader: Reader, code: string) {
  const [booking] = await db.select().from(bookings).where(visibleWithCode(reader, code));
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

/**
 * Locks the bookings whose rows a transaction is about to write through something they share (a
 * passenger's record, seated on several), in the order of their ids: the one lock order of the
 * API is a booking's row before any row of it (writing a row of a booking also moves the
 * booking's revision, which locks it), and several bookings by id, so that two such
 * transactions never wait for each other crosswise.
 */
export async function lockBookings(tx: Transaction, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(inArray(bookings.id, ids))
    .orderBy(asc(bookings.id))
    .for('update');
}

/** `lockBooking` of the booking with this code, if the user may see it; 404 otherwise. */
export function lockVisibleBooking(tx: Transaction, reader: Reader, code: string) {
  return lockBooking(tx, visibleWithCode(reader, code));
}
