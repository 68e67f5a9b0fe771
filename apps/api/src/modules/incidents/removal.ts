import {
  bookingMinimum,
  fromCents,
  removalCreditCents,
  removalPenaltyPercent,
  removalProblem,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  bookingPassengerLines,
  bookingServiceLines,
  bookings,
  clients,
  ledgerEntries,
  passengerSlots,
  paymentAttempts,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PaymentGateway } from '../../gateways/gateway.ts';
import { lockBooking } from '../access/bookings.ts';
import { recordAudit } from '../audit/record.ts';
import { guardComeback } from '../departures/seats.ts';
import { ledgerTotals } from '../ledger/ledger.ts';
import { retireAttempt } from '../payments/attempts.ts';

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

/** The slots a request removes: its one slot, or every slot of the booking, in order. */
function slotsToRemove(tx: Transaction, bookingId: string, request: RemovalRequest) {
  const ofBooking = eq(passengerSlots.bookingId, bookingId);
  if (request.targetEveryPassenger) {
    return tx.select().from(passengerSlots).where(ofBooking).orderBy(asc(passengerSlots.position));
  }
  if (!request.targetSlotId) return Promise.resolve([]);
  return tx
    .select()
    .from(passengerSlots)
    .where(and(eq(passengerSlots.id, request.targetSlotId), ofBooking));
}

/**
 * Frees the passenger slots a request removes (one, or every one: a cancellation): the slots,
 * and their passengers from the lines of their types (a line goes at 0); refused when the rules
 * refuse it on the booking as it is now (locked by the caller).
 */
async function removePassengers(tx: Transaction, booking: BookingRow, request: RemovalRequest) {
  const bookingId = booking.id;
  const slots = await slotsToRemove(tx, bookingId, request);
  const [first] = slots;
  if (!first) throw new AppError('BUSINESS_RULE', 'removalTargetGone');
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
  const removed = request.targetEveryPassenger
    ? {
        everyPassenger: true,
        slots: slots.map((slot) => ({ slotId: slot.id, position: slot.position })),
      }
    : { slotId: first.id, position: first.position };
  return { priceCents, removed };
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

/**
 * A booking left with no passenger is cancelled: its pending payment attempts are closed at the
 * gateway and given up (`retireAttempt`), in the removal's transaction, so that no checkout left
 * open can take money afterwards. One the gateway is already taking a card for, or took one
 * for, is left pending: settlement records it (then a refund is due), it is never lost. Locks
 * the attempts after the booking (locked by the caller), the order settlement keeps.
 * Answers what came of each, for the audit trail.
 */
async function closeCheckouts(tx: Transaction, gateway: PaymentGateway, bookingId: string) {
  const [left] = await tx
    .select({ n: count() })
    .from(passengerSlots)
    .where(eq(passengerSlots.bookingId, bookingId));
  if ((left?.n ?? 0) > 0) return undefined;
  const pending = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.bookingId, bookingId), eq(paymentAttempts.status, 'pending')))
    .for('update');
  const closed: { attemptId: string; outcome: string }[] = [];
  for (const attempt of pending) {
    const outcome = await retireAttempt(tx, gateway, attempt, 'cancelled');
    closed.push({ attemptId: attempt.id, outcome });
  }
  return closed;
}

/**
 * Applies an accepted removal; answers the credit given, in cents. A removal that leaves the
 * booking with no passenger cancels it, and closes its open checkouts with `gateway`.
 */
export async function applyRemoval(
  tx: Transaction,
  request: RemovalRequest,
  by: { staffUserId: string; gateway: PaymentGateway },
): Promise<number> {
  const booking = await lockBooking(tx, eq(bookings.id, request.bookingId));
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
  const checkouts =
    request.target === 'passenger'
      ? await closeCheckouts(tx, by.gateway, request.bookingId)
      : undefined;
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
      ...(checkouts ? { cancelled: true, checkouts } : {}),
    },
  });
  await comeback();
  return creditCents;
}
