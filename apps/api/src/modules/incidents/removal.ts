import {
  bookingMinimum,
  fromCents,
  removalCreditCents,
  removalPenaltyPercent,
  removalProblem,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  bookingPassengerLines,
  bookingServiceLines,
  bookings,
  clients,
  ledgerEntries,
  passengerSlots,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PaymentGateway } from '../../gateways/gateway.ts';
import { lockBooking } from '../access/bookings.ts';
import { recordAudit } from '../audit/record.ts';
import { cancelLockedBooking } from '../changes/service.ts';
import { guardComeback } from '../departures/seats.ts';
import { ledgerTotals } from '../ledger/ledger.ts';
import { assertSlotsNotLockedAway } from '../operations/locks.ts';

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
  /** A remove-passenger request about every passenger: a cancellation. */
  targetEveryPassenger: boolean;
}

const usd = (cents: number) => `$${fromCents(cents).toFixed(2)}`;

type BookingRow = typeof bookings.$inferSelect;

/**
 * Refuses (422, field `targetId`) removing the passenger slots `removing` from the booking as it
 * is now, when the shared rules refuse it (`removalProblem`: a minor left without an adult, a
 * group left under its minimum; everybody at once is a cancellation). The customer's filing and
 * the staff's acceptance both call it; the acceptance with the booking locked.
 */
export async function checkPassengerRemoval(
  db: Executor,
  booking: Pick<BookingRow, 'id' | 'travelDate' | 'corporateClientId' | 'createdAt'>,
  removing: string[],
) {
  const passengers = await db
    .select({
      id: passengerSlots.id,
      customerTypeId: passengerSlots.customerTypeId,
      birthDate: clients.birthDate,
    })
    .from(passengerSlots)
    .leftJoin(clients, eq(clients.id, passengerSlots.clientId))
    .where(eq(passengerSlots.bookingId, booking.id));
  const minimum = bookingMinimum({
    corporate: booking.corporateClientId !== null,
    travelDate: booking.travelDate,
    bookedOn: todayInLima(booking.createdAt),
  });
  const problem = removalProblem({
    passengers,
    removing,
    travelDate: booking.travelDate,
    minimum,
  });
  if (problem) {
    throw new AppError('BUSINESS_RULE', problem.message, {
      field: 'targetId',
      ...(problem.params ? { params: problem.params } : {}),
    });
  }
}

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

/** The slot a request removes. */
function slotsToRemove(tx: Transaction, bookingId: string, request: RemovalRequest) {
  const ofBooking = eq(passengerSlots.bookingId, bookingId);
  if (!request.targetSlotId) return Promise.resolve([]);
  return tx
    .select()
    .from(passengerSlots)
    .where(and(eq(passengerSlots.id, request.targetSlotId), ofBooking));
}

/**
 * Frees the passenger slot a request removes: the slot, and its passenger from the line of its
 * type (a line goes at 0); refused when the rules refuse it on the booking as it is now (locked
 * by the caller).
 */
async function removePassengers(tx: Transaction, booking: BookingRow, request: RemovalRequest) {
  const bookingId = booking.id;
  const slots = await slotsToRemove(tx, bookingId, request);
  const [first] = slots;
  if (!first) throw new AppError('BUSINESS_RULE', 'removalTargetGone');
  // Issue 29: a passenger something is bought for stays until that purchase is cancelled.
  await assertSlotsNotLockedAway(
    tx,
    slots.map((slot) => slot.id),
    'targetId',
  );
  await checkPassengerRemoval(
    tx,
    booking,
    slots.map((slot) => slot.id),
  );
  const byType = new Map<string, number>();
  for (const slot of slots)
    byType.set(slot.customerTypeId, (byType.get(slot.customerTypeId) ?? 0) + 1);
  let priceCents = 0;
  for (const [customerTypeId, removed] of byType) {
    const lineOf = and(
      eq(bookingPassengerLines.bookingId, bookingId),
      eq(bookingPassengerLines.customerTypeId, customerTypeId),
    );
    const [line] = await tx.select().from(bookingPassengerLines).where(lineOf);
    if (!line) throw new AppError('BUSINESS_RULE', 'removalTargetGone');
    const left = line.quantity - removed;
    if (left <= 0) {
      await tx.delete(bookingPassengerLines).where(lineOf);
    } else {
      await tx
        .update(bookingPassengerLines)
        .set({ quantity: left, totalCents: line.unitCents * left })
        .where(lineOf);
    }
    priceCents += line.unitCents * removed;
  }
  await tx.delete(passengerSlots).where(
    inArray(
      passengerSlots.id,
      slots.map((slot) => slot.id),
    ),
  );
  await takeOffBooking(tx, bookingId, 'passengersCents', priceCents);
  return { priceCents, removed: { slotId: first.id, position: first.position } };
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

/** Whether a passenger removal leaves nobody: every passenger, or the last one. */
async function removesEverybody(tx: Transaction, request: RemovalRequest): Promise<boolean> {
  if (request.targetEveryPassenger) return true;
  const slots = await tx
    .select({ id: passengerSlots.id })
    .from(passengerSlots)
    .where(eq(passengerSlots.bookingId, request.bookingId));
  return slots.length === 1 && slots[0]?.id === request.targetSlotId;
}

/**
 * Applies an accepted removal; answers the credit given, in cents. A request to remove every
 * passenger (or the last one) is the booking's cancellation under its policy (ADR 0037: it keeps its passengers,
 * gives its seats back, closes its open checkouts and refunds what the policy gives back, as the
 * customer's own cancellation does), audited with the request.
 */
export async function applyRemoval(
  tx: Transaction,
  request: RemovalRequest,
  by: { staffUserId: string; gateway: PaymentGateway },
): Promise<number> {
  const booking = await lockBooking(tx, eq(bookings.id, request.bookingId));
  // Cancelled since the request was filed: there is nothing more to remove.
  if (booking.cancelledBy !== null) {
    throw new AppError('BUSINESS_RULE', 'changeCancelled', { field: 'targetId' });
  }
  if (request.target === 'passenger' && (await removesEverybody(tx, request))) {
    const cancelled = await cancelLockedBooking(
      tx,
      {
        reader: 'staff',
        actorUserId: by.staffUserId,
        language: booking.language ?? 'es',
        gateway: by.gateway,
        reason: `request ${request.incidentId}`,
      },
      booking,
    );
    await recordAudit(tx, {
      staffUserId: by.staffUserId,
      action: 'incident.remove-passenger',
      bookingId: request.bookingId,
      subjectId: request.incidentId,
      before: request.targetEveryPassenger
        ? { everyPassenger: true }
        : { slotId: request.targetSlotId, lastPassenger: true },
      after: {
        cancelled: true,
        status: cancelled.status,
        kept: fromCents(cancelled.quote.totalCents),
        refund: fromCents(cancelled.quote.refundCents),
      },
    });
    return cancelled.quote.refundCents;
  }
  // A lower deposit may confirm a booking that gave its seats back: only if they are still free.
  const comeback = await guardComeback(tx, request.bookingId);
  const { priceCents, removed } =
    request.target === 'passenger'
      ? await removePassengers(tx, booking, request)
      : await removeService(tx, request.bookingId, request.targetServiceLineId);
  const daysBefore = dayjs(booking.travelDate).diff(dayjs(todayInLima()), 'day');
  const penaltyPercent = removalPenaltyPercent({
    daysBefore,
    corporate: booking.corporateClientId !== null,
    item: request.target,
  });
  // What the booking still costs: no credit gives back money it was never charged.
  const totals = await ledgerTotals(tx, request.bookingId);
  const costCents = totals.purchases + totals.additions - totals.discounts;
  const creditCents = removalCreditCents(priceCents, penaltyPercent, costCents);
  if (creditCents > 0) {
    await tx.insert(ledgerEntries).values({
      bookingId: request.bookingId,
      kind: 'discount',
      amountCents: creditCents,
      description: `removal-credit|${100 - penaltyPercent}|${usd(priceCents)}`,
    });
  }
  await recordAudit(tx, {
    staffUserId: by.staffUserId,
    action: `incident.remove-${request.target}`,
    bookingId: request.bookingId,
    subjectId: request.incidentId,
    before: { ...removed, price: fromCents(priceCents) },
    after: {
      daysBefore,
      penaltyPercent,
      credit: fromCents(creditCents),
    },
  });
  await comeback();
  return creditCents;
}
