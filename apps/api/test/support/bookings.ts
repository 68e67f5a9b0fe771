import {
  addYears,
  type BookingRequest,
  type BookingSelection,
  CustomerTypeId,
  type PaymentMode,
  pricingCatalogFromTour,
  quoteBooking,
  requestFromQuote,
  type Tour,
  todayInLima,
  tour as tourSchema,
} from '@cusco/shared';
import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './accounts.ts';

let spread = 0;

/**
 * Starts a test file's travel dates over (the setup file calls it before each file): with module
 * state shared by the files of a worker, each file still books from a year on.
 */
export function resetTestDates() {
  spread = 0;
}

/**
 * A travel date a year or so ahead, on a day every seeded tour runs (never in February, when the
 * Inca Trail is closed): each call the next such day, so that a test file's bookings do not fill
 * one departure's seats (issue 14: every date has the tour's seats).
 */
export function nextTestDate(onWeekdays?: number[]): string {
  let day = dayjs(addYears(todayInLima(), 1)).add(spread++, 'day');
  while (day.month() === 1 || (onWeekdays && !onWeekdays.includes(day.day()))) {
    day = day.add(1, 'day');
  }
  return day.format('YYYY-MM-DD');
}

export async function loadTour(app: FastifyInstance, code: string): Promise<Tour> {
  const response = await app.inject({ url: `/api/tour/${code}` });
  expect(response.statusCode).toBe(200);
  return tourSchema.parse(response.json());
}

export interface BookingOptions {
  adults?: number;
  students?: number;
  children?: number;
  babies?: number;
  /** Service offers by index in the tour's flattened offers, with quantities. */
  services?: { offer: number; quantity: number }[];
  /** Hotel lines by index into the tour's hotel types and rooms. */
  hotels?: { type: number; room: number; rooms: number }[];
  date?: string;
  mode?: PaymentMode;
  category?: number;
  type?: number;
  isPassager?: boolean;
}

/** The offers of a tour, flattened as the booking page lists them. */
export function offersOf(tour: Tour) {
  return tour.additionalServices.flatMap((service) =>
    service.prices.map((price) => ({ ...price, name: service.name })),
  );
}

/** A booking request priced the way the booking page prices it (shared rules on the tour). */
export function bookingFor(tour: Tour, options: BookingOptions = {}): BookingRequest {
  const offers = offersOf(tour);
  const selection: BookingSelection = {
    categoryId: tour.categories[options.category ?? 0]?.value ?? '',
    typeId: tour.types[options.type ?? 0]?.value ?? '',
    passengers: [
      { customerTypeId: CustomerTypeId.adult, quantity: options.adults ?? 2 },
      { customerTypeId: CustomerTypeId.student, quantity: options.students ?? 0 },
      { customerTypeId: CustomerTypeId.child, quantity: options.children ?? 0 },
      { customerTypeId: CustomerTypeId.baby, quantity: options.babies ?? 0 },
    ],
    hotels: (options.hotels ?? []).map((hotel) => ({
      hotelTypeId: tour.hotel?.types[hotel.type]?.value ?? '',
      roomTypeId: tour.hotel?.rooms[hotel.room]?.value ?? '',
      rooms: hotel.rooms,
    })),
    services: (options.services ?? []).map((service) => ({
      offerId: offers[service.offer]?.id ?? '',
      quantity: service.quantity,
    })),
  };
  const result = quoteBooking(pricingCatalogFromTour(tour), selection);
  if (!result.ok) throw new Error(`cannot price the test booking: ${result.error.code}`);
  return requestFromQuote({
    tourId: tour.id,
    date: options.date ?? nextTestDate(),
    selection,
    quote: result.quote,
    mode: options.mode ?? 'T',
    isPassager: options.isPassager ?? false,
    serviceNames: Object.fromEntries(offers.map((offer) => [offer.id, offer.name])),
  });
}

export function postBooking(
  app: FastifyInstance,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/tour/save',
    headers: { ...bearer(token), ...headers },
    payload: body as object,
  });
}
