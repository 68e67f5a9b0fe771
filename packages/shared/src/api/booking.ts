import * as z from 'zod/mini';
import { CustomerTypeId } from '../ids.ts';
import { fromCents } from '../rules/money.ts';
import { amountString, type BookingSelection, type Quote } from '../rules/pricing.ts';
import { isoDate } from './auth.ts';
import { filledText, key } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/** Spec §9 payment modes: total (T) or partial, the 50% deposit (P). */
export const paymentMode = lazySchema(() => z.enum(['T', 'P']));
export type PaymentMode = z.infer<typeof paymentMode>;

export const MAX_PASSENGERS_PER_TYPE = 99;

const id = lazySchema(() => filledText('required', 64));
const count = lazySchema(() =>
  z
    .number({ error: key('invalidInput') })
    .check(
      z.int({ error: key('invalidInput') }),
      z.minimum(0, { error: key('invalidInput') }),
      z.maximum(MAX_PASSENGERS_PER_TYPE, { error: key('invalidInput') }),
    ),
);
/** US dollars, as the browser computed them; the server compares, never stores, these. */
const dollars = lazySchema(() =>
  z
    .number({ error: key('invalidInput') })
    .check(
      z.minimum(0, { error: key('invalidInput') }),
      z.maximum(10_000_000, { error: key('invalidInput') }),
    ),
);

export const bookingServiceLine = lazySchema(() =>
  z.object({
    name: z._default(z.string().check(z.maxLength(200)), ''),
    tourAdditionalServiceId: id,
    quantity: z
      .number({ error: key('invalidInput') })
      .check(z.int(), z.minimum(0), z.maximum(99, { error: key('invalidInput') })),
    amountUnit: dollars,
    amountTotal: dollars,
  }),
);

export const bookingHotelLine = lazySchema(() =>
  z.object({
    hoteTypeId: id,
    roomTypeId: id,
    /** Per room and night. */
    price: dollars,
    /** Rooms. */
    quantity: z
      .number({ error: key('hotelAllData') })
      .check(
        z.int({ error: key('hotelAllData') }),
        z.minimum(1, { error: key('hotelAllData') }),
        z.maximum(99, { error: key('invalidInput') }),
      ),
    amount: dollars,
  }),
);

/** POST tour/save (spec §3 "Booking request"). */
export const bookingRequest = lazySchema(() =>
  z
    .object({
      tourId: z.uuid({ error: key('invalidInput') }),
      categoryId: filledText('selectTypeAndCategory', 64),
      tourTypeId: filledText('selectTypeAndCategory', 64),
      startDate: isoDate,
      endDate: isoDate,
      adultPassengers: count,
      studentPassengers: count,
      childrenPassengers: count,
      babyPassengers: count,
      adultPrice: dollars,
      studentPrice: dollars,
      childrenPrice: dollars,
      amount: dollars,
      amountStr: z
        .string({ error: key('invalidInput') })
        .check(z.regex(/^\d{1,12}$/, { error: key('invalidInput') })),
      debt: dollars,
      contactId: z.optional(z.string().check(z.maxLength(64))),
      isPassager: z._default(z.boolean(), false),
      additionalServices: z._default(z.array(bookingServiceLine).check(z.maxLength(50)), []),
      hotels: z._default(z.array(bookingHotelLine).check(z.maxLength(20)), []),
      /** Which amount is paid first; the spec's T and P (an addition to its booking request). */
      paymentMode: z._default(paymentMode, 'T'),
      /** Sent by the corporate booking page: a booking on credit for the user's company. */
      corporate: z._default(z.optional(z.boolean()), false),
    })
    .check(
      z.refine((body) => body.endDate === body.startDate, {
        path: ['endDate'],
        error: key('invalidDate'),
      }),
    ),
);
export type BookingRequest = z.input<typeof bookingRequest>;
export type ParsedBookingRequest = z.output<typeof bookingRequest>;

/** The server's figures for a booking, in the booking request's terms (dollars). */
export const bookingQuote = lazySchema(() =>
  z.object({
    passengers: z.array(
      z.object({
        customerTypeId: z.string(),
        quantity: z.number(),
        unitPrice: z.number(),
        total: z.number(),
      }),
    ),
    hotels: z.array(
      z.object({
        hoteTypeId: z.string(),
        roomTypeId: z.string(),
        quantity: z.number(),
        nights: z.number(),
        price: z.number(),
        amount: z.number(),
      }),
    ),
    additionalServices: z.array(
      z.object({
        tourAdditionalServiceId: z.string(),
        quantity: z.number(),
        amountUnit: z.number(),
        amountTotal: z.number(),
      }),
    ),
    total: z.number(),
    partial: z.number(),
    paymentMode,
    amount: z.number(),
    amountStr: z.string(),
    debt: z.number(),
  }),
);
export type BookingQuote = z.infer<typeof bookingQuote>;

/** The answer to POST tour/save. The transaction fields are filled once payments exist. */
export const bookingSaveResponse = lazySchema(() =>
  z.object({
    bookingId: z.string(),
    code: z.string(),
    transactionId: z.nullable(z.string()),
    transactionKey: z.nullable(z.string()),
    total: z.number(),
    amount: z.number(),
    amountStr: z.string(),
  }),
);
export type BookingSaveResponse = z.infer<typeof bookingSaveResponse>;

/** The amount paid first for a payment mode. */
export function amountToPayCents(quote: Quote, mode: PaymentMode): number {
  return mode === 'P' ? quote.partialCents : quote.totalCents;
}

/** A quote in the booking request's terms. */
export function quoteToWire(quote: Quote, mode: PaymentMode): BookingQuote {
  const amountCents = amountToPayCents(quote, mode);
  return {
    passengers: quote.passengers.map((line) => ({
      customerTypeId: line.customerTypeId,
      quantity: line.quantity,
      unitPrice: fromCents(line.unitCents),
      total: fromCents(line.totalCents),
    })),
    hotels: quote.hotels.map((line) => ({
      hoteTypeId: line.hotelTypeId,
      roomTypeId: line.roomTypeId,
      quantity: line.rooms,
      nights: line.nights,
      price: fromCents(line.unitCents),
      amount: fromCents(line.totalCents),
    })),
    additionalServices: quote.services.map((line) => ({
      tourAdditionalServiceId: line.offerId,
      quantity: line.quantity,
      amountUnit: fromCents(line.unitCents),
      amountTotal: fromCents(line.totalCents),
    })),
    total: fromCents(quote.totalCents),
    partial: fromCents(quote.partialCents),
    paymentMode: mode,
    amount: fromCents(amountCents),
    amountStr: amountString(amountCents),
    debt: fromCents(quote.totalCents - amountCents),
  };
}

/** The selection a booking request describes (passenger counts by fixed customer-type id). */
export function selectionFromRequest(body: ParsedBookingRequest): BookingSelection {
  return {
    categoryId: body.categoryId,
    typeId: body.tourTypeId,
    passengers: [
      { customerTypeId: CustomerTypeId.adult, quantity: body.adultPassengers },
      { customerTypeId: CustomerTypeId.student, quantity: body.studentPassengers },
      { customerTypeId: CustomerTypeId.child, quantity: body.childrenPassengers },
      { customerTypeId: CustomerTypeId.baby, quantity: body.babyPassengers },
    ],
    hotels: body.hotels.map((hotel) => ({
      hotelTypeId: hotel.hoteTypeId,
      roomTypeId: hotel.roomTypeId,
      rooms: hotel.quantity,
    })),
    services: body.additionalServices.map((service) => ({
      offerId: service.tourAdditionalServiceId,
      quantity: service.quantity,
    })),
  };
}

/** The booking request for a priced selection (what the booking page sends). */
export function requestFromQuote(input: {
  tourId: string;
  date: string;
  selection: BookingSelection;
  quote: Quote;
  mode: PaymentMode;
  contactId?: string;
  isPassager: boolean;
  serviceNames?: Record<string, string>;
}): BookingRequest {
  const wire = quoteToWire(input.quote, input.mode);
  const countOf = (customerTypeId: string) =>
    input.selection.passengers
      .filter((passenger) => passenger.customerTypeId === customerTypeId)
      .reduce((total, passenger) => total + passenger.quantity, 0);
  const unitOf = (customerTypeId: string) =>
    wire.passengers.find((line) => line.customerTypeId === customerTypeId)?.unitPrice ?? 0;
  return {
    tourId: input.tourId,
    categoryId: input.selection.categoryId,
    tourTypeId: input.selection.typeId,
    startDate: input.date,
    endDate: input.date,
    adultPassengers: countOf(CustomerTypeId.adult),
    studentPassengers: countOf(CustomerTypeId.student),
    childrenPassengers: countOf(CustomerTypeId.child),
    babyPassengers: countOf(CustomerTypeId.baby),
    adultPrice: unitOf(CustomerTypeId.adult),
    studentPrice: unitOf(CustomerTypeId.student),
    childrenPrice: unitOf(CustomerTypeId.child),
    amount: wire.amount,
    amountStr: wire.amountStr,
    debt: wire.debt,
    ...(input.contactId ? { contactId: input.contactId } : {}),
    isPassager: input.isPassager,
    additionalServices: wire.additionalServices.map((line) => ({
      name: input.serviceNames?.[line.tourAdditionalServiceId] ?? '',
      ...line,
    })),
    hotels: wire.hotels.map(({ nights: _nights, ...line }) => line),
    paymentMode: input.mode,
  };
}
