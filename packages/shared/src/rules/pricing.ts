import { customerTypeKind } from '../ids.ts';

/**
 * The booking's prices (spec §9), one implementation for the booking page (live summary) and the
 * API (the figures it stores). All amounts are integer cents.
 */

export interface PriceRow {
  categoryId: string;
  typeId: string;
  customerTypeId: string;
  /** The group size the row applies to. */
  quantity: number;
  priceCents: number;
}

export interface HotelPriceRow {
  hotelTypeId: string;
  roomTypeId: string;
  /** Per room and night. */
  priceCents: number;
}

export interface ServiceOffer {
  offerId: string;
  priceCents: number;
}

/** What a tour's prices are made of. */
export interface PricingCatalog {
  prices: PriceRow[];
  hotelPrices: HotelPriceRow[];
  /** Nights of hotel per room booked (spec "hotelNight"). */
  hotelNights: number;
  services: ServiceOffer[];
}

export interface BookingSelection {
  categoryId: string;
  typeId: string;
  passengers: { customerTypeId: string; quantity: number }[];
  hotels: { hotelTypeId: string; roomTypeId: string; rooms: number }[];
  services: { offerId: string; quantity: number }[];
}

export interface PassengerLine {
  customerTypeId: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

export interface HotelLine {
  hotelTypeId: string;
  roomTypeId: string;
  rooms: number;
  nights: number;
  /** Per room and night. */
  unitCents: number;
  totalCents: number;
}

export interface ServiceLine {
  offerId: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

export interface Quote {
  passengers: PassengerLine[];
  hotels: HotelLine[];
  services: ServiceLine[];
  passengersCents: number;
  hotelsCents: number;
  servicesCents: number;
  totalCents: number;
  /** The deposit: half of passengers and hotels, services excluded, in whole dollars (§9). */
  partialCents: number;
}

export type PricingError =
  | { code: 'noPrices'; customerTypeId: string }
  | { code: 'hotelNotConfigured'; hotelTypeId: string; roomTypeId: string }
  | { code: 'unknownService'; offerId: string };

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; error: PricingError };

export const MAX_SERVICE_QUANTITY = 99;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The group size that picks the price tier (spec §9 "total passengers"): the passengers who pay
 * for a seat. Babies travel free on a lap; were they counted, free babies would buy a group
 * discount for the adults (1 adult + 5 babies on a private tour at the 6-person price).
 */
export function tierSize(passengers: { customerTypeId: string; quantity: number }[]): number {
  return sum(
    passengers
      .filter((passenger) => customerTypeKind(passenger.customerTypeId) !== 'baby')
      .map((passenger) => passenger.quantity),
  );
}

/**
 * The price row of a customer type: the row whose group size equals the total number of
 * passengers, else the row with the largest group size; null when the tour has none (§9).
 */
export function findPassengerPrice(
  prices: PriceRow[],
  selection: { categoryId: string; typeId: string; customerTypeId: string },
  totalPassengers: number,
): PriceRow | null {
  let exact: PriceRow | null = null;
  let largest: PriceRow | null = null;
  for (const row of prices) {
    if (
      row.categoryId !== selection.categoryId ||
      row.typeId !== selection.typeId ||
      row.customerTypeId !== selection.customerTypeId
    ) {
      continue;
    }
    if (row.quantity === totalPassengers) exact = row;
    if (!largest || row.quantity > largest.quantity) largest = row;
  }
  return exact ?? largest;
}

/** Price of a passenger type: its unit price times its count; null without a price row. */
export function passengerLine(
  catalog: Pick<PricingCatalog, 'prices'>,
  selection: Pick<BookingSelection, 'categoryId' | 'typeId'>,
  customerTypeId: string,
  quantity: number,
  totalPassengers: number,
): PassengerLine | null {
  const row = findPassengerPrice(
    catalog.prices,
    { categoryId: selection.categoryId, typeId: selection.typeId, customerTypeId },
    totalPassengers,
  );
  if (!row) return null;
  return {
    customerTypeId,
    quantity,
    unitCents: row.priceCents,
    totalCents: row.priceCents * quantity,
  };
}

/** Hotel line: price per room and night × nights × rooms; null when the pair has no price. */
export function hotelLine(
  catalog: Pick<PricingCatalog, 'hotelPrices' | 'hotelNights'>,
  hotel: { hotelTypeId: string; roomTypeId: string; rooms: number },
): HotelLine | null {
  const row = catalog.hotelPrices.find(
    (price) => price.hotelTypeId === hotel.hotelTypeId && price.roomTypeId === hotel.roomTypeId,
  );
  if (!row) return null;
  return {
    ...hotel,
    nights: catalog.hotelNights,
    unitCents: row.priceCents,
    totalCents: row.priceCents * catalog.hotelNights * hotel.rooms,
  };
}

/** The deposit of spec §9: half of passengers and hotels (services excluded), whole dollars. */
export function partialAmountCents(passengersCents: number, hotelsCents: number): number {
  return Math.floor((passengersCents + hotelsCents) / 200) * 100;
}

/**
 * Prices a whole selection. Passenger types and services with a quantity of 0 make no line.
 * The first missing price is reported; nothing is guessed.
 */
export function quoteBooking(catalog: PricingCatalog, selection: BookingSelection): QuoteResult {
  const counted = selection.passengers.filter((passenger) => passenger.quantity > 0);
  const totalPassengers = tierSize(counted);

  const passengers: PassengerLine[] = [];
  for (const passenger of counted) {
    const line = passengerLine(
      catalog,
      selection,
      passenger.customerTypeId,
      passenger.quantity,
      totalPassengers,
    );
    if (!line)
      return { ok: false, error: { code: 'noPrices', customerTypeId: passenger.customerTypeId } };
    passengers.push(line);
  }

  const hotels: HotelLine[] = [];
  for (const hotel of selection.hotels) {
    const line = hotelLine(catalog, hotel);
    if (!line) {
      return {
        ok: false,
        error: {
          code: 'hotelNotConfigured',
          hotelTypeId: hotel.hotelTypeId,
          roomTypeId: hotel.roomTypeId,
        },
      };
    }
    hotels.push(line);
  }

  const services: ServiceLine[] = [];
  for (const service of selection.services) {
    if (service.quantity <= 0) continue;
    const offer = catalog.services.find((candidate) => candidate.offerId === service.offerId);
    if (!offer) return { ok: false, error: { code: 'unknownService', offerId: service.offerId } };
    services.push({
      offerId: service.offerId,
      quantity: service.quantity,
      unitCents: offer.priceCents,
      totalCents: offer.priceCents * service.quantity,
    });
  }

  const passengersCents = sum(passengers.map((line) => line.totalCents));
  const hotelsCents = sum(hotels.map((line) => line.totalCents));
  const servicesCents = sum(services.map((line) => line.totalCents));
  return {
    ok: true,
    quote: {
      passengers,
      hotels,
      services,
      passengersCents,
      hotelsCents,
      servicesCents,
      totalCents: passengersCents + hotelsCents + servicesCents,
      partialCents: partialAmountCents(passengersCents, hotelsCents),
    },
  };
}

/** Spec §3: amountStr is the amount times 100, as text. */
export function amountString(amountCents: number): string {
  return String(amountCents);
}

/**
 * Numeric inputs (passenger counts, rooms, service quantities) are whole numbers: what is typed
 * after a decimal separator is dropped ("1.5" and "1,5" are 1, not 15: ADR 0023), then minus
 * signs, letters and anything else are stripped (spec §5).
 */
export function cleanNumericInput(value: string): string {
  const [whole = ''] = value.split(/[.,]/, 1);
  return whole.replace(/\D/g, '');
}

/** A service quantity: null and negatives count as 0; at most 99 (spec §5). */
export function clampServiceQuantity(value: number | null | undefined): number {
  if (value == null || Number.isNaN(value) || value < 0) return 0;
  return Math.min(Math.trunc(value), MAX_SERVICE_QUANTITY);
}
