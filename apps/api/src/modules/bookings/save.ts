import {
  addYears,
  amountToPayCents,
  BOOKING_DATE_RANGE_YEARS,
  type BookingChannel,
  type BookingSaveResponse,
  CORPORATE_EARLY_DAYS,
  CORPORATE_MIN_EARLY,
  CustomerTypeId,
  closureReason,
  corporateMinimum,
  dateClosure,
  fromCents,
  type Language,
  type ParsedBookingRequest,
  type PricingError,
  type Quote,
  quoteBooking,
  quoteToWire,
  selectionFromRequest,
  selectionLimitProblem,
  toCents,
  todayInLima,
} from '@cusco/shared';
import type { Database, Transaction } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { once } from '../../lib/idempotency.ts';
import type { AvailabilityTour } from '../departures/plan.ts';
import { holdSeats } from '../departures/seats.ts';
import { bookingConfirmation, enqueueMail } from '../outbox/outbox.ts';
import { type AttemptPolicy, openFirstAttempt } from '../payments/attempts.ts';
import type { UserWithCompany } from '../users/users.ts';
import { loadTourPricing, type Named, nameOf, type TourPricing } from './catalogue.ts';
import {
  insertBookingContents,
  insertWithFreshCode,
  seatTheCustomer,
  unpaidHold,
} from './write.ts';

/** Whose the booking is: the signed-in customer, or the customer the desk books for. */
export type BookingCustomer = Pick<
  UserWithCompany,
  'userId' | 'corporateClientId' | 'name' | 'lastName' | 'email'
>;

export interface SaveBookingInput {
  user: BookingCustomer;
  body: ParsedBookingRequest;
  idempotencyKey: string | undefined;
  language: Language;
  /** The agency's today; a parameter so that tests can fix it. */
  today?: string;
  /** How the first payment is opened (spec: the attempt for the total or the deposit). */
  payments: AttemptPolicy;
  /**
   * The tour's prices, when the caller has them already (the API's catalogue cache, the same
   * version as the tour the browser priced; null for an unknown tour). By default they are read
   * in the booking's transaction. (A cache read inside the transaction would wait for the
   * embedded database's only connection, which the transaction holds.)
   */
  pricing?: TourPricing | null;
  /**
   * The booking's own language (its e-mails'), when it is not the request's: a booking made at
   * the desk is in its customer's language, its refusals in the staff's (issue 28).
   */
  bookingLanguage?: Language;
  /** Where it is made (issue 31): the site by default, the desk, or a reseller through OCTO. */
  channel?: BookingChannel;
  /**
   * A reseller's OCTO hold (issue 31): its uuid and references, held for `holdMinutes` until the
   * reseller confirms it. It is on credit, sends no confirmation until confirmed, and the corporate
   * minimum of travellers does not apply (OCTO sells seats of group departures one by one).
   */
  octo?: {
    uuid: string;
    holdMinutes: number;
    resellerReference: string | null;
    contact: Record<string, unknown> | null;
    netDiscountBps: number;
  };
}

/**
 * Saves a booking whose every figure the server computed (spec §9): the tour's prices are read
 * from the database and the browser's figures must match them, or nothing is saved (409).
 */
export async function saveBooking(db: Database, input: SaveBookingInput) {
  return once<BookingSaveResponse>(
    db,
    { userId: input.user.userId, scope: 'tour/save', key: input.idempotencyKey, body: input.body },
    async (tx) => {
      const {
        id: _id,
        tourCode: _tour,
        totalCents: _total,
        ...answer
      } = await saveBookingIn(tx, input);
      return { statusCode: 201, body: answer };
    },
  );
}

/**
 * The save itself, in the caller's transaction: the one path from a booking request to a booking
 * (its checks, prices, seats, hold, first payment attempt and confirmation), whoever asks for it:
 * the customer (`saveBooking`) or the agency's desk for them (issue 28).
 */
export async function saveBookingIn(
  tx: Transaction,
  input: Omit<SaveBookingInput, 'idempotencyKey'>,
): Promise<BookingSaveResponse & { id: string; tourCode: string; totalCents: number }> {
  const { body, language } = input;
  // The corporate path is for a corporate client's users only (spec §6).
  if (body.corporate && !input.user.corporateClientId) {
    throw new AppError('FORBIDDEN', 'corporateOnly');
  }
  const pricing =
    input.pricing === undefined ? await loadTourPricing(tx, body.tourId) : input.pricing;
  if (!pricing) throw new AppError('NOT_FOUND', 'tourNotFound', { field: 'tourId' });
  // A reseller's OCTO hold is the company's, on credit; the minimum of a corporate group is not its.
  const corporate = Boolean(input.user.corporateClientId) && !input.octo;
  const today = input.today ?? todayInLima();
  const quote = checkAndPrice(pricing, body, { language, today, corporate });
  return insertBooking(tx, input, pricing, quote);
}

/** Validates the request against the tour and answers the server's quote. */
export function checkAndPrice(
  pricing: TourPricing,
  body: ParsedBookingRequest,
  context: { language: Language; today: string; corporate: boolean },
): Quote {
  const { language, today } = context;
  if (!pricing.categories.some((category) => category.id === body.categoryId)) {
    throw new AppError('VALIDATION', 'selectTypeAndCategory', { field: 'categoryId' });
  }
  if (!pricing.types.some((type) => type.id === body.tourTypeId)) {
    throw new AppError('VALIDATION', 'selectTypeAndCategory', { field: 'tourTypeId' });
  }
  if (body.startDate < today) {
    throw new AppError('BUSINESS_RULE', 'travelDateInPast', { field: 'startDate' });
  }
  if (body.startDate > addYears(today, BOOKING_DATE_RANGE_YEARS)) {
    throw new AppError('VALIDATION', 'invalidDate', { field: 'startDate' });
  }
  checkDateRules(pricing.availability, body, context);
  if (body.adultPassengers + body.studentPassengers < 1) {
    throw new AppError('BUSINESS_RULE', 'atLeastOneAdult', { field: 'adultPassengers' });
  }
  if (pricing.hasHotels && body.hotels.length === 0) {
    throw new AppError('BUSINESS_RULE', 'hotelMandatory', { field: 'hotels' });
  }
  if (!pricing.hasHotels && body.hotels.length > 0) {
    throw new AppError('VALIDATION', 'invalidInput', { field: 'hotels' });
  }

  const selection = selectionFromRequest(body);
  const limit = selectionLimitProblem(selection, pricing.limits);
  if (limit) {
    throw new AppError('BUSINESS_RULE', limit.message, {
      field: limit.field,
      ...(limit.params ? { params: limit.params } : {}),
    });
  }

  const result = quoteBooking(pricing.catalog, selection);
  if (!result.ok) throw pricingProblem(result.error, pricing, body, language);

  const quote = result.quote;
  const mismatches = compareFigures(body, quote);
  if (mismatches.length > 0) {
    throw new AppError('CONFLICT', 'pricesChanged', {
      details: { fields: mismatches, quote: quoteToWire(quote, body.paymentMode) },
    });
  }
  return quote;
}

/**
 * The tour's rules for a new booking's date (issue 14): its lead time, closed months and days of
 * the week (422 saying why); and a corporate booking's minimum passengers, 2 when made 60 days
 * ahead or more, else 4 (spec §9, corporate terms).
 */
function checkDateRules(
  tour: AvailabilityTour,
  body: ParsedBookingRequest,
  { language, today, corporate }: { language: Language; today: string; corporate: boolean },
) {
  const closure = dateClosure(body.startDate, today, tour);
  if (closure) {
    const reason = closureReason(closure, body.startDate, tour, language);
    throw new AppError('BUSINESS_RULE', 'departureNotRunning', {
      field: 'startDate',
      params: { reason },
    });
  }
  if (!corporate) return;
  const minimum = corporateMinimum(body.startDate, today);
  const passengers =
    body.adultPassengers + body.studentPassengers + body.childrenPassengers + body.babyPassengers;
  if (passengers < minimum) {
    const early = minimum === CORPORATE_MIN_EARLY;
    throw new AppError('BUSINESS_RULE', early ? 'corporateMinimumEarly' : 'corporateMinimumLate', {
      field: 'adultPassengers',
      params: { count: minimum, days: CORPORATE_EARLY_DAYS },
    });
  }
}

/**
 * Why the tour's prices cannot price the booking: a customer type without a price for the
 * category and type, or a room the hotel does not offer (422, naming them); an unknown service
 * (400).
 */
function pricingProblem(
  error: PricingError,
  pricing: TourPricing,
  body: ParsedBookingRequest,
  language: Language,
): AppError {
  const name = (rows: Named[], id: string) => nameOf(rows, id, language);
  if (error.code === 'noPrices') {
    const params = {
      customerType: name(pricing.customerTypes, error.customerTypeId),
      category: name(pricing.categories, body.categoryId),
      type: name(pricing.types, body.tourTypeId),
    };
    return new AppError('BUSINESS_RULE', 'noPrices', { field: 'passengers', params });
  }
  if (error.code === 'hotelNotConfigured') {
    const params = {
      hotel: name(pricing.hotelTypes, error.hotelTypeId),
      room: name(pricing.roomTypes, error.roomTypeId),
    };
    return new AppError('BUSINESS_RULE', 'hotelNotConfigured', { field: 'hotels', params });
  }
  return new AppError('VALIDATION', 'invalidInput', { field: 'additionalServices' });
}

/** The fields whose figure differs from the server's (compared in cents). */
export function compareFigures(body: ParsedBookingRequest, quote: Quote): string[] {
  const mismatches: string[] = [];
  const differs = (sent: number, cents: number) => toCents(sent) !== cents;
  const unit = (customerTypeId: string) =>
    quote.passengers.find((line) => line.customerTypeId === customerTypeId)?.unitCents ?? 0;

  if (body.adultPassengers > 0 && differs(body.adultPrice, unit(CustomerTypeId.adult)))
    mismatches.push('adultPrice');
  if (body.studentPassengers > 0 && differs(body.studentPrice, unit(CustomerTypeId.student))) {
    mismatches.push('studentPrice');
  }
  if (body.childrenPassengers > 0 && differs(body.childrenPrice, unit(CustomerTypeId.child))) {
    mismatches.push('childrenPrice');
  }
  body.hotels.forEach((hotel, index) => {
    const line = quote.hotels[index];
    if (!line || differs(hotel.price, line.unitCents)) mismatches.push(`hotels.${index}.price`);
    if (!line || differs(hotel.amount, line.totalCents)) mismatches.push(`hotels.${index}.amount`);
  });
  body.additionalServices
    .filter((service) => service.quantity > 0)
    .forEach((service, index) => {
      const line = quote.services[index];
      if (!line || differs(service.amountUnit, line.unitCents))
        mismatches.push(`additionalServices.${index}.amountUnit`);
      if (!line || differs(service.amountTotal, line.totalCents)) {
        mismatches.push(`additionalServices.${index}.amountTotal`);
      }
    });
  const amountCents = amountToPayCents(quote, body.paymentMode);
  if (differs(body.amount, amountCents)) mismatches.push('amount');
  if (body.amountStr !== String(amountCents)) mismatches.push('amountStr');
  if (differs(body.debt, quote.totalCents - amountCents)) mismatches.push('debt');
  return mismatches;
}

async function insertBooking(
  tx: Transaction,
  input: Omit<SaveBookingInput, 'idempotencyKey'>,
  pricing: TourPricing,
  quote: Quote,
): Promise<BookingSaveResponse & { id: string; tourCode: string; totalCents: number }> {
  const { body, user } = input;
  // The departure's seats first (its row locked): racing bookings take its last seats in turn.
  await holdSeats(
    tx,
    {
      tourId: pricing.tour.id,
      date: body.startDate,
      typeId: body.tourTypeId,
      categoryId: body.categoryId,
      passengers: quote.passengers.reduce((count, line) => count + line.quantity, 0),
    },
    pricing.availability,
  );
  const booking = await insertWithFreshCode(tx, {
    userId: user.userId,
    // A corporate client's user books on credit for the company, whatever page they used.
    corporateClientId: user.corporateClientId,
    tourId: pricing.tour.id,
    categoryId: body.categoryId,
    typeId: body.tourTypeId,
    travelDate: body.startDate,
    endDate: body.endDate,
    isPassenger: body.isPassager,
    paymentMode: body.paymentMode,
    passengersCents: quote.passengersCents,
    hotelsCents: quote.hotelsCents,
    servicesCents: quote.servicesCents,
    totalCents: quote.totalCents,
    language: input.bookingLanguage ?? input.language,
    // Its unpaid hold on the seats just taken (ADR 0035): its first attempt expires with it. A
    // reseller's hold lasts as long as they asked.
    ...unpaidHold(input.octo?.holdMinutes ?? input.payments.ttlMinutes),
    channel: input.octo ? 'octo' : (input.channel ?? 'site'),
    ...(input.octo
      ? {
          octoUuid: input.octo.uuid,
          octoHold: true,
          resellerReference: input.octo.resellerReference,
          octoContact: input.octo.contact,
          netDiscountBps: input.octo.netDiscountBps,
          octoUpdatedAt: new Date(),
        }
      : {}),
  });
  const slots = await insertBookingContents(tx, booking.id, quote);
  if (body.isPassager) await seatTheCustomer(tx, user.userId, body.startDate, slots);

  const amountCents = amountToPayCents(quote, body.paymentMode);
  // The payment attempt for the total or the deposit, as the customer chose (never zero);
  // a corporate booking is on credit and is never offered a payment.
  const attempt =
    amountCents > 0 && !user.corporateClientId
      ? await openFirstAttempt(
          tx,
          {
            booking: { ...booking, tourEn: pricing.tour.nameEn },
            customer: {
              userId: user.userId,
              name: user.name,
              lastName: user.lastName,
              email: user.email,
            },
            amountCents,
          },
          input.payments,
        )
      : null;
  // The confirmation (a corporate one also to the agency), sent once the booking is committed; a
  // reseller's hold has its own when the reseller confirms it.
  if (!input.octo)
    await enqueueMail(
      tx,
      bookingConfirmation({
        id: booking.id,
        userId: user.userId,
        corporate: Boolean(user.corporateClientId),
      }),
    );
  return {
    bookingId: booking.code,
    code: booking.code,
    transactionId: attempt?.transactionId ?? null,
    transactionKey: null,
    total: fromCents(quote.totalCents),
    amount: fromCents(amountCents),
    amountStr: String(amountCents),
    id: booking.id,
    tourCode: pricing.tour.code,
    totalCents: quote.totalCents,
  };
}
