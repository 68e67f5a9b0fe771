import {
  customerTypeKind,
  octoAvailabilityId,
  octoBookingStatus,
  octoCancellable,
  octoNetCents,
  octoOptionId,
  octoRefund,
  todayInLima,
} from '@cusco/shared';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bookingPassengerLines,
  bookings,
  ledgerEntries,
  passengerSlots,
  tours,
} from '../../db/schema.ts';
import { holdsSeats } from '../departures/holdings.ts';
import {
  availabilityAnswers,
  type OctoTour,
  type OctoView,
  octoDays,
  priceOf,
  utc,
} from './catalogue.ts';
import type { Booking, Contact, UnitItem } from './types.ts';

/**
 * An OCTO booking as OCTO answers it, read from the booking itself: its status from the booking's
 * life (ADR 0037), its units from its passenger places, its prices from its lines and the
 * reseller's discount when it was made.
 */

/** The columns of an OCTO booking its answer reads. */
export const octoBookingColumns = {
  id: bookings.id,
  code: bookings.code,
  tourId: bookings.tourId,
  tourCode: tours.code,
  typeId: bookings.typeId,
  categoryId: bookings.categoryId,
  travelDate: bookings.travelDate,
  octoUuid: bookings.octoUuid,
  octoHold: bookings.octoHold,
  octoContact: bookings.octoContact,
  resellerReference: bookings.resellerReference,
  netDiscountBps: bookings.netDiscountBps,
  observation: bookings.observation,
  createdAt: bookings.createdAt,
  octoUpdatedAt: bookings.octoUpdatedAt,
  holdUntil: bookings.holdUntil,
  confirmedAt: bookings.confirmedAt,
  cancelledBy: bookings.cancelledBy,
  cancelledAt: bookings.cancelledAt,
  cancelReason: bookings.cancelReason,
  holdsSeats,
};

export type OctoBookingRow = Awaited<ReturnType<typeof readOctoBookings>>[number];

const CONTACT_FIELDS = [
  'fullName',
  'firstName',
  'lastName',
  'emailAddress',
  'phoneNumber',
  'postalCode',
  'country',
  'notes',
] as const;

/** OCTO's contact: every field present (null when not given), locales a list. */
export function contactOf(stored: Record<string, unknown> | null | undefined): Contact {
  const value = stored ?? {};
  const text = (name: string) => {
    const field = value[name];
    return typeof field === 'string' && field !== '' ? field : null;
  };
  const contact = Object.fromEntries(CONTACT_FIELDS.map((name) => [name, text(name)])) as Omit<
    Contact,
    'locales'
  >;
  const locales = Array.isArray(value.locales)
    ? value.locales.filter((locale): locale is string => typeof locale === 'string')
    : [];
  return { ...contact, locales };
}

/** Reads OCTO bookings' rows by a condition (the caller's company is always in it). */
export function readOctoBookings(db: Executor, where: SQL) {
  return db
    .select(octoBookingColumns)
    .from(bookings)
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .where(where)
    .orderBy(asc(bookings.travelDate), asc(bookings.createdAt))
    .limit(100);
}

/** What the policy kept of a cancelled booking, and the price it had before. */
async function cancellationFigures(db: Executor, bookingId: string) {
  const [row] = await db
    .select({
      cost: sql<number>`coalesce(sum(case
        when ${ledgerEntries.kind} in ('purchase', 'addition') then ${ledgerEntries.amountCents}
        when ${ledgerEntries.kind} = 'discount' then -${ledgerEntries.amountCents}
        else 0 end), 0)`.mapWith(Number),
      released: sql<number>`coalesce(sum(case
        when ${ledgerEntries.kind} = 'discount' and ${ledgerEntries.description} in ('cancellation', 'agency-cancellation')
        then ${ledgerEntries.amountCents} else 0 end), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId));
  return { kept: row?.cost ?? 0, price: (row?.cost ?? 0) + (row?.released ?? 0) };
}

/** The answers of OCTO bookings (their tours loaded through `load`). */
export async function octoBookingAnswers(
  db: Executor,
  rows: OctoBookingRow[],
  load: (code: string) => Promise<OctoTour | null>,
  view: OctoView,
  testMode: boolean,
): Promise<Booking[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const slots = await db
    .select()
    .from(passengerSlots)
    .where(inArray(passengerSlots.bookingId, ids))
    .orderBy(asc(passengerSlots.bookingId), asc(passengerSlots.position));
  const lines = await db
    .select()
    .from(bookingPassengerLines)
    .where(inArray(bookingPassengerLines.bookingId, ids));
  const answers: Booking[] = [];
  for (const row of rows) {
    const tour = await load(row.tourCode);
    const cancellation = row.cancelledBy ? await cancellationFigures(db, row.id) : null;
    answers.push(
      await answerOf(db, {
        row,
        tour,
        slots: slots.filter((slot) => slot.bookingId === row.id),
        lines: lines.filter((line) => line.bookingId === row.id),
        cancellation,
        view,
        testMode,
      }),
    );
  }
  return answers;
}

async function answerOf(
  db: Executor,
  input: {
    row: OctoBookingRow;
    tour: OctoTour | null;
    slots: (typeof passengerSlots.$inferSelect)[];
    lines: (typeof bookingPassengerLines.$inferSelect)[];
    cancellation: { kept: number; price: number } | null;
    view: OctoView;
    testMode: boolean;
  },
): Promise<Booking> {
  const { row, tour, view } = input;
  const status = octoBookingStatus({
    cancelled: row.cancelledBy !== null,
    onHold: row.octoHold,
    holdsSeats: row.holdsSeats,
  });
  const today = todayInLima();
  const optionId = octoOptionId(row.typeId, row.categoryId);
  const bookingView = { ...view, netDiscountBps: row.netDiscountBps };
  // The departure as it stands now (its prices are the booking's own, below). An option the
  // catalogue no longer prices still names the booking's departure.
  const option = { typeId: row.typeId, categoryId: row.categoryId, units: [] };
  const availability = tour
    ? availabilityAnswers(
        tour,
        option,
        await octoDays(db, tour, option, { from: row.travelDate, to: row.travelDate }, today),
        undefined,
        { ...bookingView, pricing: false },
      )[0]
    : undefined;
  const unitPrice = (customerTypeId: string) =>
    input.lines.find((line) => line.customerTypeId === customerTypeId)?.unitCents ?? 0;
  const confirmed = status === 'CONFIRMED';
  const unitItems: UnitItem[] = input.slots.map((slot) => {
    const retail = unitPrice(slot.customerTypeId);
    const item: UnitItem = {
      uuid: slot.octoUuid ?? slot.id,
      resellerReference: slot.resellerReference,
      supplierReference: slot.id,
      unitId: customerTypeKind(slot.customerTypeId),
      status,
      utcRedeemedAt: null,
      contact: contactOf(slot.octoContact),
      ticket: null,
    };
    if (view.pricing) item.pricing = priceOf(retail, bookingView);
    return item;
  });
  const retailTotal = input.slots.reduce((sum, slot) => sum + unitPrice(slot.customerTypeId), 0);
  const netTotal = input.slots.reduce(
    (sum, slot) => sum + octoNetCents(unitPrice(slot.customerTypeId), row.netDiscountBps),
    0,
  );
  const answer: Booking = {
    id: row.id,
    uuid: row.octoUuid ?? row.id,
    testMode: input.testMode,
    resellerReference: row.resellerReference,
    supplierReference: row.code,
    status,
    utcCreatedAt: utc(row.createdAt),
    // The last of what the reseller or the agency did to it.
    utcUpdatedAt: utc(
      Math.max(
        ...[row.createdAt, row.octoUpdatedAt, row.confirmedAt, row.cancelledAt].map((instant) =>
          instant ? new Date(instant).getTime() : 0,
        ),
      ),
    ),
    utcExpiresAt: status === 'ON_HOLD' || status === 'EXPIRED' ? utc(row.holdUntil) : null,
    utcRedeemedAt: null,
    utcConfirmedAt:
      status === 'ON_HOLD' || status === 'EXPIRED' || !row.confirmedAt
        ? null
        : utc(row.confirmedAt),
    productId: row.tourCode,
    optionId,
    cancellable:
      status === 'ON_HOLD' ||
      (confirmed && tour !== null && octoCancellable(row.travelDate, today, tour.cutoffDays)),
    cancellation:
      row.cancelledBy && input.cancellation
        ? {
            refund: octoRefund(input.cancellation.kept, input.cancellation.price),
            reason: row.cancelReason || null,
            utcCancelledAt: utc(row.cancelledAt ?? row.createdAt),
          }
        : null,
    freesale: false,
    availabilityId: octoAvailabilityId(row.travelDate),
    availability: availability ?? null,
    contact: contactOf(row.octoContact),
    notes: row.observation || null,
    deliveryMethods: ['VOUCHER'],
    voucher: {
      redemptionMethod: 'DIGITAL',
      utcRedeemedAt: null,
      // The booking code, as the QR code of its voucher: the guide's list names it.
      deliveryOptions: confirmed ? [{ deliveryFormat: 'QRCODE', deliveryValue: row.code }] : [],
    },
    unitItems,
  };
  if (view.pricing) answer.pricing = priceOf(retailTotal, bookingView, netTotal);
  return answer;
}
