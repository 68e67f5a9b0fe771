import {
  addYears,
  BOOKING_DATE_RANGE_YEARS,
  type BookingSelection,
  bookingMinimum,
  type ChangeRequestParsed,
  CORPORATE_EARLY_DAYS,
  CORPORATE_MIN_EARLY,
  closureReason,
  corporateMinimum,
  dateClosure,
  type Language,
  type PricingError,
  type Quote,
  quoteBooking,
  type RepricedChange,
  removalProblem,
  selectionLimitProblem,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, max } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  bookingHotelLines,
  bookingPassengerLines,
  bookingServiceLines,
  bookings,
  clients,
  customerTypes,
  ledgerEntries,
  passengerSlots,
  personPurchases,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { loadTourPricing, nameOf, type TourPricing } from '../bookings/catalogue.ts';
import { holdSeats } from '../departures/seats.ts';
import { assertSlotsNotLockedAway } from '../operations/locks.ts';
import type { BookingRow } from './facts.ts';

/**
 * The changes the catalogue re-prices (issue 27): a date, a type or category, a passenger removed
 * or added. The booking's passengers and hotels are priced again with shared's `quoteBooking` on
 * the tour's prices as they are now (the group's tier follows its new size); its services stay as
 * bought. Every rule a new booking keeps is checked again: the date's rules and seats, the
 * group's size, a minor left without an adult, a corporate group's minimum.
 */

type Repriced = Exclude<ChangeRequestParsed, { kind: 'cancel' }>;

/** What the booking becomes: its new selection and date, and their price. */
export interface Repricing {
  change: RepricedChange;
  pricing: TourPricing;
  selection: BookingSelection;
  travelDate: string;
  quote: Quote;
  /** The slot a removal takes away. */
  removedSlotId: string | null;
  /** The customer type of the passenger an addition brings. */
  addedTypeId: string | null;
}

/** The booking's selection as its lines hold it (services apart: they are not re-priced). */
async function currentSelection(db: Executor, booking: BookingRow) {
  const passengers = await db
    .select({
      customerTypeId: bookingPassengerLines.customerTypeId,
      quantity: bookingPassengerLines.quantity,
    })
    .from(bookingPassengerLines)
    .where(eq(bookingPassengerLines.bookingId, booking.id));
  const hotels = await db
    .select({
      hotelTypeId: bookingHotelLines.hotelTypeId,
      roomTypeId: bookingHotelLines.roomTypeId,
      rooms: bookingHotelLines.rooms,
    })
    .from(bookingHotelLines)
    .where(eq(bookingHotelLines.bookingId, booking.id))
    .orderBy(bookingHotelLines.position);
  const services = await db
    .select({ offerId: bookingServiceLines.offerId, quantity: bookingServiceLines.quantity })
    .from(bookingServiceLines)
    .where(eq(bookingServiceLines.bookingId, booking.id));
  return {
    selection: {
      categoryId: booking.categoryId,
      typeId: booking.typeId,
      passengers,
      hotels,
      services: [],
    } satisfies BookingSelection,
    services,
  };
}

const withQuantity = (
  passengers: BookingSelection['passengers'],
  customerTypeId: string,
  by: number,
) => {
  const found = passengers.some((line) => line.customerTypeId === customerTypeId);
  const lines = found ? passengers : [...passengers, { customerTypeId, quantity: 0 }];
  return lines
    .map((line) =>
      line.customerTypeId === customerTypeId ? { ...line, quantity: line.quantity + by } : line,
    )
    .filter((line) => line.quantity > 0);
};

/** A new date must be one a new booking could take (past, lead time, closed month, weekday). */
function checkDate(pricing: TourPricing, date: string, current: string, language: Language) {
  const today = todayInLima();
  if (date === current)
    throw new AppError('BUSINESS_RULE', 'changeNothing', { field: 'travelDate' });
  if (date > addYears(today, BOOKING_DATE_RANGE_YEARS)) {
    throw new AppError('VALIDATION', 'invalidDate', { field: 'travelDate' });
  }
  const closure = dateClosure(date, today, pricing.availability);
  if (closure) {
    throw new AppError('BUSINESS_RULE', 'departureNotRunning', {
      field: 'travelDate',
      params: { reason: closureReason(closure, date, pricing.availability, language) },
    });
  }
}

/**
 * Issue 29: a permit or ticket is bought for one date and cannot move; a booking with one
 * bought in a passenger's name for its date keeps its date (409) until staff cancel them.
 */
async function refuseBoughtForDate(db: Executor, booking: BookingRow) {
  const [bought] = await db
    .select({ id: personPurchases.id })
    .from(personPurchases)
    .innerJoin(passengerSlots, eq(passengerSlots.id, personPurchases.passengerSlotId))
    .where(
      and(
        eq(passengerSlots.bookingId, booking.id),
        eq(personPurchases.date, booking.travelDate),
        eq(personPurchases.status, 'bought'),
      ),
    )
    .limit(1);
  if (bought) throw new AppError('CONFLICT', 'lockedDateMove', { field: 'travelDate' });
}

/** The slot a removal names, if it is the booking's; and whether the rules let it go. */
async function removableSlot(db: Executor, booking: BookingRow, slotId: string) {
  const slots = await db
    .select({
      id: passengerSlots.id,
      customerTypeId: passengerSlots.customerTypeId,
      birthDate: clients.birthDate,
    })
    .from(passengerSlots)
    .leftJoin(clients, eq(clients.id, passengerSlots.clientId))
    .where(eq(passengerSlots.bookingId, booking.id));
  const slot = slots.find((candidate) => candidate.id === slotId);
  if (!slot) throw new AppError('VALIDATION', 'removalTargetGone', { field: 'slotId' });
  // Issue 29: a passenger something is bought for is not removed (staff cancel it first).
  await assertSlotsNotLockedAway(db, [slot.id], 'slotId');
  // Everybody leaving is a cancellation, with its own terms.
  if (slots.length === 1)
    throw new AppError('BUSINESS_RULE', 'changeRemoveLast', { field: 'slotId' });
  const problem = removalProblem({
    passengers: slots,
    removing: [slotId],
    travelDate: booking.travelDate,
    minimum: bookingMinimum({
      corporate: booking.corporateClientId !== null,
      travelDate: booking.travelDate,
      bookedOn: todayInLima(booking.createdAt),
    }),
  });
  if (problem) {
    // The request's wording tells staff to remove everybody; a customer's change says cancel.
    const message =
      problem.message === 'removalBelowMinimum' ? 'changeBelowMinimum' : 'changeLeavesMinorAlone';
    throw new AppError('BUSINESS_RULE', message, {
      field: 'slotId',
      ...(problem.params ? { params: problem.params } : {}),
    });
  }
  return slot;
}

/** Why the tour's prices cannot price the booking as changed (422, naming what has no price). */
function pricingRefusal(
  error: PricingError,
  pricing: TourPricing,
  selection: BookingSelection,
  language: Language,
): AppError {
  if (error.code === 'hotelNotConfigured') {
    return new AppError('BUSINESS_RULE', 'hotelNotConfigured', {
      params: {
        hotel: nameOf(pricing.hotelTypes, error.hotelTypeId, language),
        room: nameOf(pricing.roomTypes, error.roomTypeId, language),
      },
    });
  }
  const customerTypeId = error.code === 'noPrices' ? error.customerTypeId : '';
  return new AppError('BUSINESS_RULE', 'noPrices', {
    params: {
      customerType: nameOf(pricing.customerTypes, customerTypeId, language),
      category: nameOf(pricing.categories, selection.categoryId, language),
      type: nameOf(pricing.types, selection.typeId, language),
    },
  });
}

/**
 * Prices `request` on `booking` (locked by the caller), after every rule a new booking keeps:
 * the new selection and date, their quote, and the change as `quoteChange` takes it.
 */
export async function reprice(
  tx: Transaction,
  booking: BookingRow,
  request: Repriced,
  language: Language,
): Promise<Repricing> {
  const pricing = await loadTourPricing(tx, booking.tourId);
  if (!pricing) throw new AppError('BUSINESS_RULE', 'tourInactive');
  const { selection: current, services } = await currentSelection(tx, booking);
  let selection = current;
  let travelDate = booking.travelDate;
  let removedSlotId: string | null = null;
  let addedTypeId: string | null = null;
  let travellersOut = 0;
  switch (request.kind) {
    case 'date':
      checkDate(pricing, request.travelDate, booking.travelDate, language);
      await refuseBoughtForDate(tx, booking);
      travelDate = request.travelDate;
      break;
    case 'option':
      if (request.typeId === booking.typeId && request.categoryId === booking.categoryId) {
        throw new AppError('BUSINESS_RULE', 'changeNothing', { field: 'typeId' });
      }
      if (!pricing.types.some((type) => type.id === request.typeId)) {
        throw new AppError('VALIDATION', 'selectTypeAndCategory', { field: 'typeId' });
      }
      if (!pricing.categories.some((category) => category.id === request.categoryId)) {
        throw new AppError('VALIDATION', 'selectTypeAndCategory', { field: 'categoryId' });
      }
      selection = { ...current, typeId: request.typeId, categoryId: request.categoryId };
      break;
    case 'removePassenger': {
      const slot = await removableSlot(tx, booking, request.slotId);
      removedSlotId = slot.id;
      travellersOut = 1;
      selection = {
        ...current,
        passengers: withQuantity(current.passengers, slot.customerTypeId, -1),
      };
      break;
    }
    case 'addPassenger': {
      const [type] = await tx
        .select({ id: customerTypes.id })
        .from(customerTypes)
        .where(eq(customerTypes.id, request.customerTypeId));
      if (!type) throw new AppError('VALIDATION', 'invalidInput', { field: 'customerTypeId' });
      addedTypeId = type.id;
      selection = {
        ...current,
        passengers: withQuantity(current.passengers, request.customerTypeId, 1),
      };
      break;
    }
  }
  const limit = selectionLimitProblem({ ...selection, services }, pricing.limits);
  if (limit) {
    throw new AppError('BUSINESS_RULE', limit.message, {
      field: limit.field,
      ...(limit.params ? { params: limit.params } : {}),
    });
  }
  const result = quoteBooking(pricing.catalog, selection);
  if (!result.ok) throw pricingRefusal(result.error, pricing, selection, language);
  const travellers = selection.passengers.reduce((sum, line) => sum + line.quantity, 0);
  // A corporate booking moved to another date keeps the minimum a new booking of that date needs.
  if (request.kind === 'date' && booking.corporateClientId !== null) {
    const minimum = corporateMinimum(travelDate, todayInLima());
    if (travellers < minimum) {
      const early = minimum === CORPORATE_MIN_EARLY;
      throw new AppError(
        'BUSINESS_RULE',
        early ? 'corporateMinimumEarly' : 'corporateMinimumLate',
        {
          field: 'travelDate',
          params: { count: minimum, days: CORPORATE_EARLY_DAYS },
        },
      );
    }
  }
  // The seats of the departure it goes to, its own seats not counted against it.
  await holdSeats(
    tx,
    {
      tourId: booking.tourId,
      date: travelDate,
      typeId: selection.typeId,
      categoryId: selection.categoryId,
      passengers: travellers,
      bookingId: booking.id,
    },
    pricing.availability,
  );
  return {
    change: {
      kind: request.kind,
      priceBeforeCents: booking.passengersCents + booking.hotelsCents,
      priceAfterCents: result.quote.passengersCents + result.quote.hotelsCents,
      travellersOut,
    },
    pricing,
    selection,
    travelDate,
    quote: result.quote,
    removedSlotId,
    addedTypeId,
  };
}

/** The ledger's description of each part of a re-priced change. */
const described = (part: 'price' | 'kept' | 'fee', kind: RepricedChange['kind']) =>
  `change-${part}|${kind}`;

/**
 * Writes a re-priced change on the locked booking: its new date, type and category, its lines
 * and amounts as the new quote prices them, the slot removed or added, and the ledger entries of
 * the quote's lines (the price's difference, what is kept of a removed passenger, the fee).
 */
export async function applyRepricing(
  tx: Transaction,
  booking: BookingRow,
  repricing: Repricing,
  lines: { kind: string; cents: number }[],
) {
  const { quote, selection } = repricing;
  const moved = dayjs(repricing.travelDate).diff(dayjs(booking.travelDate), 'day');
  await tx.delete(bookingPassengerLines).where(eq(bookingPassengerLines.bookingId, booking.id));
  await tx
    .insert(bookingPassengerLines)
    .values(quote.passengers.map((line) => ({ ...line, bookingId: booking.id })));
  if (quote.hotels.length > 0) {
    await tx.delete(bookingHotelLines).where(eq(bookingHotelLines.bookingId, booking.id));
    await tx
      .insert(bookingHotelLines)
      .values(quote.hotels.map((line, position) => ({ ...line, bookingId: booking.id, position })));
  }
  await tx
    .update(bookings)
    .set({
      travelDate: repricing.travelDate,
      endDate: dayjs(booking.endDate).add(moved, 'day').format('YYYY-MM-DD'),
      typeId: selection.typeId,
      categoryId: selection.categoryId,
      passengersCents: quote.passengersCents,
      hotelsCents: quote.hotelsCents,
      totalCents: quote.passengersCents + quote.hotelsCents + booking.servicesCents,
    })
    .where(eq(bookings.id, booking.id));
  if (repricing.removedSlotId) {
    await tx.delete(passengerSlots).where(eq(passengerSlots.id, repricing.removedSlotId));
  }
  if (repricing.addedTypeId) {
    const [last] = await tx
      .select({ position: max(passengerSlots.position) })
      .from(passengerSlots)
      .where(eq(passengerSlots.bookingId, booking.id));
    await tx.insert(passengerSlots).values({
      bookingId: booking.id,
      customerTypeId: repricing.addedTypeId,
      position: (last?.position ?? 0) + 1,
    });
  }
  for (const line of lines) {
    if (line.cents === 0 || line.kind === 'refund' || line.kind === 'forgiven') continue;
    const part = line.kind === 'price' ? 'price' : line.kind === 'kept' ? 'kept' : 'fee';
    await tx.insert(ledgerEntries).values({
      bookingId: booking.id,
      kind: line.cents > 0 ? 'addition' : 'discount',
      amountCents: Math.abs(line.cents),
      description: described(part, repricing.change.kind),
    });
  }
}
