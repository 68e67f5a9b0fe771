import {
  type addServicesBody,
  type addServicesResponse,
  fromCents,
  isCancelled,
  refusalFor,
} from '@cusco/shared';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Database, Transaction } from '../../db/client.ts';
import {
  additionalServices,
  bookingServiceLines,
  ledgerEntries,
  passengerSlots,
  tourAdditionalServices,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { once, type StoredAnswer } from '../../lib/idempotency.ts';
import { isUuidShaped } from '../../lib/uuid-shape.ts';
import { lockVisibleBooking } from '../access/bookings.ts';
import { ledgerTotals } from '../ledger/ledger.ts';
import { statusOf } from '../lifecycle/status.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';

export type PurchaseLines = z.output<typeof addServicesBody>;
export type AddServicesResponse = z.infer<typeof addServicesResponse>;

export interface AddServicesInput {
  user: AuthenticatedUser;
  bookingCode: string;
  lines: PurchaseLines;
  idempotencyKey?: string | undefined;
}

/**
 * POST tour/add/service?bookingId={code}: buys additional services for a booking the user may
 * see. Lines with a quantity of 0 or less are dropped (spec §5); none left is a 422. Every line
 * is priced from the tour's offer (the browser's unitPrice and total are ignored), and the
 * purchase is one ledger entry, so the debt rises by exactly what the lines cost.
 */
export async function addServices(
  db: Database,
  input: AddServicesInput,
): Promise<StoredAnswer<AddServicesResponse>> {
  const lines = input.lines.filter((line) => line.quantity > 0);
  if (lines.length === 0) throw new AppError('BUSINESS_RULE', 'noChanges');

  return once<AddServicesResponse>(
    db,
    {
      userId: input.user.userId,
      scope: 'tour/add/service',
      key: input.idempotencyKey,
      body: { bookingCode: input.bookingCode, lines: input.lines },
    },
    async (tx) => {
      // The booking, if the user may see it, locked: one purchase at a time per booking, so that
      // the debt answered is this purchase's.
      const booking = await lockVisibleBooking(tx, input.user, input.bookingCode);
      // A cancelled booking, or one that has travelled, buys nothing more (ADR 0037).
      const status = await statusOf(tx, booking.id);
      if (isCancelled(status) || status === 'travelled') {
        throw new AppError('BUSINESS_RULE', refusalFor(status));
      }
      const offers = await offersOf(tx, booking.tourId, lines);
      const priced = priceLines(booking.id, lines, offers);
      await checkPerPersonLimits(
        tx,
        booking.id,
        priced,
        new Set(offers.filter((offer) => offer.perPerson).map((offer) => offer.id.toLowerCase())),
      );
      const totalCents = await recordPurchase(tx, booking.id, priced);
      const { debt } = await ledgerTotals(tx, booking.id);
      return {
        statusCode: 201,
        body: { result: 1 as const, total: fromCents(totalCents), debt: fromCents(debt) },
      };
    },
  );
}

/** The tour's offers the lines name, with their prices (400 for a line naming no offer id). */
async function offersOf(tx: Transaction, tourId: string, lines: PurchaseLines) {
  if (lines.some((line) => !isUuidShaped(line.serviceId))) {
    throw new AppError('VALIDATION', 'invalidInput', { field: 'serviceId' });
  }
  return tx
    .select({
      id: tourAdditionalServices.id,
      priceCents: tourAdditionalServices.priceCents,
      perPerson: additionalServices.perPerson,
    })
    .from(tourAdditionalServices)
    .innerJoin(additionalServices, eq(additionalServices.id, tourAdditionalServices.serviceId))
    .where(
      and(
        eq(tourAdditionalServices.tourId, tourId),
        // An offer the agency withdrew is no longer sold (issue 14).
        isNull(tourAdditionalServices.withdrawnAt),
        inArray(
          tourAdditionalServices.id,
          lines.map((line) => line.serviceId),
        ),
      ),
    );
}

/** Each line priced from the tour's offer; a line of another tour's offer is a 400. */
function priceLines(
  bookingId: string,
  lines: PurchaseLines,
  offers: { id: string; priceCents: number }[],
) {
  const priceOf = new Map(offers.map((offer) => [offer.id.toLowerCase(), offer.priceCents]));
  return lines.map((line) => {
    const unitCents = priceOf.get(line.serviceId.toLowerCase());
    if (unitCents === undefined) {
      throw new AppError('VALIDATION', 'invalidInput', { field: 'serviceId' });
    }
    return {
      bookingId,
      offerId: line.serviceId,
      quantity: line.quantity,
      unitCents,
      totalCents: unitCents * line.quantity,
    };
  });
}

/** The lines, and one ledger entry for what they cost in all; answers that total. */
async function recordPurchase(
  tx: Transaction,
  bookingId: string,
  priced: ReturnType<typeof priceLines>,
): Promise<number> {
  const totalCents = priced.reduce((sum, line) => sum + line.totalCents, 0);
  await tx.insert(bookingServiceLines).values(priced);
  // A ledger amount is positive: lines of free offers are recorded, but add no entry.
  if (totalCents > 0) {
    await tx.insert(ledgerEntries).values({
      bookingId,
      kind: 'purchase',
      amountCents: totalCents,
      description: 'services',
    });
  }
  return totalCents;
}

/**
 * A per-person service is bought at most once per passenger of the booking, counting what was
 * bought before (422 naming the line).
 */
async function checkPerPersonLimits(
  tx: Transaction,
  bookingId: string,
  lines: { offerId: string; quantity: number }[],
  perPerson: Set<string>,
) {
  const [slots] = await tx
    .select({ n: count() })
    .from(passengerSlots)
    .where(eq(passengerSlots.bookingId, bookingId));
  const passengers = slots?.n ?? 0;
  const bought = await tx
    .select({
      offerId: bookingServiceLines.offerId,
      quantity: sql<number>`sum(${bookingServiceLines.quantity})`.mapWith(Number),
    })
    .from(bookingServiceLines)
    .where(eq(bookingServiceLines.bookingId, bookingId))
    .groupBy(bookingServiceLines.offerId);
  const taken = new Map(bought.map((row) => [row.offerId.toLowerCase(), row.quantity]));
  for (const [index, line] of lines.entries()) {
    const offer = line.offerId.toLowerCase();
    if (!perPerson.has(offer)) continue;
    const total = (taken.get(offer) ?? 0) + line.quantity;
    if (total > passengers) {
      throw new AppError('BUSINESS_RULE', 'serviceOverPassengers', {
        field: `${index}.quantity`,
        params: { max: passengers },
      });
    }
    taken.set(offer, total);
  }
}
