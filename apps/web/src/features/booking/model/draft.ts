import {
  type BookingSelection,
  CustomerTypeId,
  clampServiceQuantity,
  cleanNumericInput,
  MAX_PASSENGERS_PER_TYPE,
  type PricingCatalog,
  type QuoteResult,
  quoteBooking,
  type Tour,
  todayInLima,
} from '@cusco/shared';

export interface HotelRow {
  hotelTypeId: string;
  roomTypeId: string;
  rooms: number;
}

/** What the visitor has chosen so far on the booking page (spec §3 "Selected lines"). */
export interface BookingDraft {
  date: string;
  typeId: string;
  categoryId: string;
  /** Passenger counts by customer-type id, as typed (digits only). */
  counts: Record<string, string>;
  hotels: HotelRow[];
  /** Service offers switched on, with their quantities as typed. */
  services: Record<string, { enabled: boolean; quantity: string }>;
}

/** Spec §4: today's date, the first type and the first category, nothing else chosen. */
export function initialDraft(tour: Tour): BookingDraft {
  return {
    date: todayInLima(),
    typeId: tour.types[0]?.value ?? '',
    categoryId: tour.categories[0]?.value ?? '',
    counts: {},
    hotels: [],
    services: {},
  };
}

const asNumber = (digits: string | undefined) => (digits ? Number.parseInt(digits, 10) : 0);

/** A passenger count as typed: digits only, at most 99. */
export function cleanCount(value: string): string {
  const digits = cleanNumericInput(value).slice(0, 2);
  return digits === ''
    ? ''
    : String(Math.min(Number.parseInt(digits, 10), MAX_PASSENGERS_PER_TYPE));
}

/** A service quantity as typed: digits only, 0–99. */
export function cleanQuantity(value: string): string {
  const digits = cleanNumericInput(value).slice(0, 2);
  return digits === '' ? '' : String(clampServiceQuantity(Number.parseInt(digits, 10)));
}

export function passengerCount(draft: BookingDraft, customerTypeId: string): number {
  return asNumber(draft.counts[customerTypeId]);
}

export function toSelection(draft: BookingDraft, tour: Tour): BookingSelection {
  return {
    categoryId: draft.categoryId,
    typeId: draft.typeId,
    passengers: tour.customerTypes.map((type) => ({
      customerTypeId: type.value,
      quantity: passengerCount(draft, type.value),
    })),
    hotels: draft.hotels,
    services: Object.entries(draft.services)
      .filter(([, service]) => service.enabled)
      .map(([offerId, service]) => ({ offerId, quantity: asNumber(service.quantity) })),
  };
}

export function priceDraft(catalog: PricingCatalog, draft: BookingDraft, tour: Tour): QuoteResult {
  return quoteBooking(catalog, toSelection(draft, tour));
}

/** Spec §5 step 1 → 2: the first rule the draft breaks, as a message key, or null. */
export function stepOneProblem(draft: BookingDraft, tour: Tour) {
  if (!draft.categoryId || !draft.typeId) return 'selectTypeAndCategory' as const;
  if (
    passengerCount(draft, CustomerTypeId.adult) + passengerCount(draft, CustomerTypeId.student) <
    1
  ) {
    return 'atLeastOneAdult' as const;
  }
  if (tour.hotel && draft.hotels.length === 0) return 'hotelMandatory' as const;
  return null;
}

/** Adds rooms; the same hotel and room again adds to the existing line (at most 99 rooms). */
export function addHotelRow(rows: HotelRow[], row: HotelRow): HotelRow[] {
  const existing = rows.find(
    (candidate) =>
      candidate.hotelTypeId === row.hotelTypeId && candidate.roomTypeId === row.roomTypeId,
  );
  if (!existing) return [...rows, row];
  return rows.map((candidate) =>
    candidate === existing
      ? { ...candidate, rooms: Math.min(candidate.rooms + row.rooms, 99) }
      : candidate,
  );
}
