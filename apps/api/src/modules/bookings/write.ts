import { passengerAgeProblem, type Quote } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import {
  bookingHotelLines,
  bookingPassengerLines,
  bookingServiceLines,
  bookings,
  clients,
  passengerSlots,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { newBookingCode } from './codes.ts';

/** The quote's passenger, hotel and service lines, as the booking's own (their fields are its columns). */
export async function insertQuoteLines(tx: Transaction, bookingId: string, quote: Quote) {
  await tx
    .insert(bookingPassengerLines)
    .values(quote.passengers.map((line) => ({ ...line, bookingId })));
  if (quote.hotels.length > 0) {
    await tx
      .insert(bookingHotelLines)
      .values(quote.hotels.map((line, position) => ({ ...line, bookingId, position })));
  }
  if (quote.services.length > 0) {
    await tx
      .insert(bookingServiceLines)
      .values(quote.services.map((line) => ({ ...line, bookingId })));
  }
}

/** One empty slot per passenger, adults first, typed by customer type. */
export function insertSlots(tx: Transaction, bookingId: string, quote: Quote) {
  const slotTypes = quote.passengers.flatMap((line) =>
    Array.from({ length: line.quantity }, () => line.customerTypeId),
  );
  return tx
    .insert(passengerSlots)
    .values(
      slotTypes.map((customerTypeId, index) => ({
        bookingId,
        customerTypeId,
        position: index + 1,
      })),
    )
    .returning({ id: passengerSlots.id, customerTypeId: passengerSlots.customerTypeId });
}

/**
 * Inserts the booking under a new code; a code already taken (rare) is drawn again. The taken
 * code is skipped by `on conflict do nothing` (no row comes back), not caught as an error, so
 * no savepoint is needed: two round trips fewer per booking.
 */
export async function insertWithFreshCode(
  tx: Transaction,
  values: Omit<typeof bookings.$inferInsert, 'code'>,
) {
  for (let attempt = 0; attempt < 6; attempt++) {
    const [row] = await tx
      .insert(bookings)
      .values({ ...values, code: newBookingCode() })
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
  const slot = slots.find(
    (candidate) => !passengerAgeProblem(candidate.customerTypeId, birthDate, travelDate),
  );
  if (!slot) {
    const first = slots[0];
    throw new AppError(
      'BUSINESS_RULE',
      (first && passengerAgeProblem(first.customerTypeId, birthDate, travelDate)) ?? 'invalidInput',
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
