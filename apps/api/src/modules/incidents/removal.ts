import { fromCents, removalCreditCents, removalPenaltyPercent, todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import {
  bookingPassengerLines,
  bookingServiceLines,
  bookings,
  ledgerEntries,
  passengerSlots,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import { lockBooking } from '../bookings/access.ts';
import { guardComeback } from '../departures/seats.ts';

/**
 * An accepted request to remove a passenger or a service (issue 13): the slot or the line goes,
 * the booking's amounts follow, and the cancellation policy's credit (removal.ts in shared) is
 * added to the ledger as a discount saying why; all in the answer's transaction, audited.
 * The others' prices are left as they were booked: a group tier is not re-priced by a removal.
 */

export interface RemovalRequest {
  incidentId: string;
  bookingId: string;
  target: 'passenger' | 'service';
  targetSlotId: string | null;
  targetServiceLineId: string | null;
}

const usd = (cents: number) => `$${fromCents(cents).toFixed(2)}`;

/** Takes a removed item's price off the booking's amounts: off its part, and off the total. */
async function takeOffBooking(
  tx: Transaction,
  bookingId: string,
  part: 'passengersCents' | 'servicesCents',
  cents: number,
) {
  await tx
    .update(bookings)
    .set({
      [part]: sql`${bookings[part]} - ${cents}`,
      totalCents: sql`${bookings.totalCents} - ${cents}`,
    })
    .where(eq(bookings.id, bookingId));
}

/** Frees a passenger slot: the slot, and one passenger of its line (the line goes at 0). */
async function removePassenger(tx: Transaction, bookingId: string, slotId: string | null) {
  const [slot] = slotId
    ? await tx
        .select()
        .from(passengerSlots)
        .where(and(eq(passengerSlots.id, slotId), eq(passengerSlots.bookingId, bookingId)))
    : [];
  if (!slot) throw new AppError('BUSINESS_RULE', 'removalTargetGone');
  const lineOf = and(
    eq(bookingPassengerLines.bookingId, bookingId),
    eq(bookingPassengerLines.customerTypeId, slot.customerTypeId),
  );
  const [line] = await tx.select().from(bookingPassengerLines).where(lineOf);
  if (!line) throw new AppError('BUSINESS_RULE', 'removalTargetGone');
  await tx.delete(passengerSlots).where(eq(passengerSlots.id, slot.id));
  if (line.quantity <= 1) {
    await tx.delete(bookingPassengerLines).where(lineOf);
  } else {
    await tx
      .update(bookingPassengerLines)
      .set({ quantity: line.quantity - 1, totalCents: line.unitCents * (line.quantity - 1) })
      .where(lineOf);
  }
  await takeOffBooking(tx, bookingId, 'passengersCents', line.unitCents);
  return { priceCents: line.unitCents, removed: { slotId: slot.id, position: slot.position } };
}

/** Removes a service line. */
async function removeService(tx: Transaction, bookingId: string, lineId: string | null) {
  const [line] = lineId
    ? await tx
        .select()
        .from(bookingServiceLines)
        .where(
          and(eq(bookingServiceLines.id, lineId), eq(bookingServiceLines.bookingId, bookingId)),
        )
    : [];
  if (!line) throw new AppError('BUSINESS_RULE', 'removalTargetGone');
  await tx.delete(bookingServiceLines).where(eq(bookingServiceLines.id, line.id));
  await takeOffBooking(tx, bookingId, 'servicesCents', line.totalCents);
  return {
    priceCents: line.totalCents,
    removed: { serviceLineId: line.id, quantity: line.quantity },
  };
}

/** Applies an accepted removal; answers the credit given, in cents. */
export async function applyRemoval(
  tx: Transaction,
  request: RemovalRequest,
  staffUserId: string,
): Promise<number> {
  const booking = await lockBooking(tx, eq(bookings.id, request.bookingId));
  // A lower deposit may confirm a booking that gave its seats back: only if they are still free.
  const comeback = await guardComeback(tx, request.bookingId);
  const { priceCents, removed } =
    request.target === 'passenger'
      ? await removePassenger(tx, request.bookingId, request.targetSlotId)
      : await removeService(tx, request.bookingId, request.targetServiceLineId);
  const daysBefore = dayjs(booking.travelDate).diff(dayjs(todayInLima()), 'day');
  const penaltyPercent = removalPenaltyPercent({
    daysBefore,
    corporate: booking.corporateClientId !== null,
    item: request.target,
  });
  const creditCents = removalCreditCents(priceCents, penaltyPercent);
  if (creditCents > 0) {
    await tx.insert(ledgerEntries).values({
      bookingId: request.bookingId,
      kind: 'discount',
      amountCents: creditCents,
      description: `removal-credit|${100 - penaltyPercent}|${usd(priceCents)}`,
    });
  }
  await recordAudit(tx, {
    staffUserId,
    action: `incident.remove-${request.target}`,
    bookingId: request.bookingId,
    subjectId: request.incidentId,
    before: { ...removed, price: fromCents(priceCents) },
    after: { daysBefore, penaltyPercent, credit: fromCents(creditCents) },
  });
  await comeback();
  return creditCents;
}
