import { and, asc, eq, exists, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { bookings, clientDocuments, clients, passengerSlots } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { lockBookings, normalizeCode, type Reader, visibleTo } from '../access/bookings.ts';

/**
 * The passenger data of a customer is reached only through the bookings they may see
 * (modules/access/bookings.ts): a slot or a client of another customer's booking is a 404.
 */

export interface VisibleSlot {
  id: string;
  bookingId: string;
  bookingCode: string;
  customerTypeId: string;
  clientId: string | null;
  /** The booking's travel date: the day passengers' ages are counted on. */
  travelDate: string;
}

/**
 * The first slot (by position) matching `condition` of the booking named `bookingCode`, if the
 * user may see that booking; 404 otherwise.
 */
async function visibleSlot(
  db: Executor,
  user: Reader,
  bookingCode: string,
  condition: SQL,
): Promise<VisibleSlot> {
  const [slot] = await db
    .select({
      id: passengerSlots.id,
      bookingId: passengerSlots.bookingId,
      bookingCode: bookings.code,
      customerTypeId: passengerSlots.customerTypeId,
      clientId: passengerSlots.clientId,
      travelDate: bookings.travelDate,
    })
    .from(passengerSlots)
    .innerJoin(bookings, eq(bookings.id, passengerSlots.bookingId))
    .where(and(condition, eq(bookings.code, normalizeCode(bookingCode)), visibleTo(user)))
    .orderBy(asc(passengerSlots.position))
    .limit(1);
  if (!slot) throw new AppError('NOT_FOUND', 'notFound');
  return slot;
}

/** A slot of a booking the user may see, that belongs to the booking named `bookingCode`. */
export function findVisibleSlot(
  db: Executor,
  user: Reader,
  slotId: string,
  bookingCode: string,
): Promise<VisibleSlot> {
  return visibleSlot(db, user, bookingCode, eq(passengerSlots.id, slotId));
}

/** The slot that links a client to the booking named `bookingCode`, which the user may see. */
export function findClientSlot(
  db: Executor,
  user: Reader,
  clientId: string,
  bookingCode: string,
): Promise<VisibleSlot> {
  return visibleSlot(db, user, bookingCode, eq(passengerSlots.clientId, clientId));
}

/** Every slot a client fills, in any booking: its type and its booking's travel date. */
export function slotsOfClient(db: Executor, clientId: string) {
  return db
    .select({ customerTypeId: passengerSlots.customerTypeId, travelDate: bookings.travelDate })
    .from(passengerSlots)
    .innerJoin(bookings, eq(bookings.id, passengerSlots.bookingId))
    .where(eq(passengerSlots.clientId, clientId));
}

/** The bookings a client is seated on (their ids). */
export async function bookingsOfClient(db: Executor, clientId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: passengerSlots.bookingId })
    .from(passengerSlots)
    .where(eq(passengerSlots.clientId, clientId));
  return rows.map((row) => row.id);
}

/** True when the client fills a slot of some booking the user may see. */
function linkedToVisibleBooking(db: Executor, user: Reader) {
  return exists(
    db
      .select({ one: passengerSlots.id })
      .from(passengerSlots)
      .innerJoin(bookings, eq(bookings.id, passengerSlots.bookingId))
      .where(and(eq(passengerSlots.clientId, clients.id), visibleTo(user))),
  );
}

/**
 * A client that fills a slot of a booking the user may see; 404 otherwise. With `lock`, the
 * client's row stays locked until the transaction ends (document replacement).
 */
export async function findVisibleClient(
  db: Executor,
  user: Reader,
  clientId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select({
      ...getTableColumns(clients),
      hasDocument: sql<boolean>`exists (select 1 from ${clientDocuments} where ${clientDocuments.clientId} = ${clients.id})`,
    })
    .from(clients)
    .where(and(eq(clients.id, clientId), linkedToVisibleBooking(db, user)));
  if (!options.lock) {
    const [client] = await query;
    if (!client) throw new AppError('NOT_FOUND', 'notFound');
    return client;
  }
  // The bookings it is seated on first, then the record (the one lock order).
  await lockBookings(db as Transaction, await bookingsOfClient(db, clientId));
  const [client] = await query.for('update', { of: clients });
  if (!client) throw new AppError('NOT_FOUND', 'notFound');
  return client;
}
