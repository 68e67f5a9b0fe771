import { passengerAgeProblem, type Quote } from '@cusco/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Transaction } from '../../db/client.ts';
import {
  bookingHotelLines,
  bookingPassengerLines,
  bookingServiceLines,
  bookings,
  clients,
  ledgerEntries,
  passengerSlots,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { newBookingCode } from './codes.ts';

/**
 * Everything a new booking holds besides its own row, in one statement (issue 11: one round trip
 * instead of four to six): the quote's passenger, hotel and service lines, one empty slot per
 * passenger (adults first, typed by customer type), and the purchase in the ledger. Each insert
 * is a data-modifying CTE, so all of them run, in the statement's one snapshot. Answers the slots.
 */
export async function insertBookingContents(tx: Transaction, bookingId: string, quote: Quote) {
  const slotTypes = quote.passengers.flatMap((line) =>
    Array.from({ length: line.quantity }, () => line.customerTypeId),
  );
  const parts: SQL[] = [
    sql`passenger_lines as (${tx
      .insert(bookingPassengerLines)
      .values(quote.passengers.map((line) => ({ ...line, bookingId })))
      .getSQL()})`,
    sql`slots as (${tx
      .insert(passengerSlots)
      .values(
        slotTypes.map((customerTypeId, index) => ({
          bookingId,
          customerTypeId,
          position: index + 1,
        })),
      )
      .returning({ id: passengerSlots.id, customerTypeId: passengerSlots.customerTypeId })
      .getSQL()})`,
    sql`purchase as (${tx
      .insert(ledgerEntries)
      .values({ bookingId, kind: 'purchase', amountCents: quote.totalCents, description: 'tour' })
      .getSQL()})`,
  ];
  if (quote.hotels.length > 0) {
    parts.push(
      sql`hotel_lines as (${tx
        .insert(bookingHotelLines)
        .values(quote.hotels.map((line, position) => ({ ...line, bookingId, position })))
        .getSQL()})`,
    );
  }
  if (quote.services.length > 0) {
    parts.push(
      sql`service_lines as (${tx
        .insert(bookingServiceLines)
        .values(quote.services.map((line) => ({ ...line, bookingId })))
        .getSQL()})`,
    );
  }
  const result = await tx.execute(
    sql`with ${sql.join(parts, sql`, `)} select id, customer_type_id from slots`,
  );
  // Slots come back in the order they were written: adults first, as the quote lists them.
  return rowsOf<{ id: string; customer_type_id: string }>(result).map((row) => ({
    id: row.id,
    customerTypeId: row.customer_type_id,
  }));
}

/**
 * The columns of a new booking's unpaid hold on its seats (ADR 0035): it ends `minutes` after the
 * transaction's start, and lasts as long whenever a payment takes the seats back after it ended.
 */
export function unpaidHold(minutes: number) {
  return { holdUntil: sql`now() + make_interval(mins => ${minutes})`, holdMinutes: minutes };
}

/**
 * Inserts the booking under a new code; a code already taken (rare) is drawn again. The taken
 * code is skipped by `on conflict do nothing` (no row comes back), not caught as an error, so
 * no savepoint is needed: two round trips fewer per booking.
 */
export async function insertWithFreshCode(
  tx: Transaction,
  values: Omit<typeof bookings.$inferInsert, 'code' | 'holdUntil'> & { holdUntil: Date | SQL },
  /** Where the codes come from (random; a test gives its own). */
  draw: () => string = newBookingCode,
) {
  for (let attempt = 0; attempt < 6; attempt++) {
    const [row] = await tx
      .insert(bookings)
      .values({ ...values, code: draw() })
      .onConflictDoNothing({ target: bookings.code })
      .returning({ id: bookings.id, code: bookings.code, currency: bookings.currency });
    if (row) return row;
  }
  throw new Error('no free booking code after 6 draws');
}

/**
 * "Are you a passenger?": the customer's own passenger record fills the first slot whose type
 * fits their age on the travel date (adults first); none fitting is refused with that type's
 * age rule, rather than seating them as a passenger they are not.
 */
export async function seatTheCustomer(
  tx: Transaction,
  userId: string,
  travelDate: string,
  slots: { id: string; customerTypeId: string }[],
) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new AppError('UNAUTHENTICATED', 'notSignedIn');
  // Locked as a passenger update locks it: one waits for the other, and each sees the other's
  // birth date or slot.
  const [own] = user.clientId
    ? await tx
        .select({ birthDate: clients.birthDate })
        .from(clients)
        .where(eq(clients.id, user.clientId))
        .for('update')
    : [];
  const birthDate = own?.birthDate ?? user.birthDate;
  // A guest's account has no birth date yet: the first slot (adults first) until their passenger
  // data says otherwise (the passenger form checks the age then).
  const slot =
    birthDate === null
      ? slots[0]
      : slots.find(
          (candidate) => !passengerAgeProblem(candidate.customerTypeId, birthDate, travelDate),
        );
  if (!slot) {
    const first = slots[0];
    throw new AppError(
      'BUSINESS_RULE',
      (first && birthDate !== null
        ? passengerAgeProblem(first.customerTypeId, birthDate, travelDate)
        : null) ?? 'invalidInput',
      { field: 'isPassager' },
    );
  }
  const clientId = user.clientId ?? (await newPassengerRecord(tx, user));
  await tx.update(passengerSlots).set({ clientId }).where(eq(passengerSlots.id, slot.id));
}

/** The customer's own passenger record, made from their account the first time they travel. */
async function newPassengerRecord(tx: Transaction, user: typeof users.$inferSelect) {
  const [client] = await tx
    .insert(clients)
    .values({
      firstName: user.name,
      lastName: user.lastName,
      email: user.email,
      mobile: user.telephone,
      birthDate: user.birthDate,
      countryId: user.countryId,
    })
    .returning({ id: clients.id });
  if (!client) throw new Error('client not inserted');
  await tx.update(users).set({ clientId: client.id }).where(eq(users.id, user.id));
  return client.id;
}
