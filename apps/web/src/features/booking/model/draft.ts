import {
  type BookingLimits,
  type BookingSelection,
  bookingLimitsOfTour,
  CORPORATE_EARLY_DAYS,
  CORPORATE_MIN_EARLY,
  CustomerTypeId,
  clampServiceQuantity,
  cleanNumericInput,
  corporateMinimum,
  MAX_PASSENGERS_PER_TYPE,
  type MessageKey,
  type PricingCatalog,
  type QuoteResult,
  quoteBooking,
  selectionLimitProblem,
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

/** A passenger count as typed (a whole number): at most 99. */
export function cleanCount(value: string): string {
  const digits = cleanNumericInput(value.trim()).slice(0, 2);
  return digits === ''
    ? ''
    : String(Math.min(Number.parseInt(digits, 10), MAX_PASSENGERS_PER_TYPE));
}

/** A service quantity as typed (a whole number): 0–99. */
export function cleanQuantity(value: string): string {
  const digits = cleanNumericInput(value.trim()).slice(0, 2);
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

/**
 * The step-1 fields a message can stand beside, in the page's order: Continue gives the first
 * wrong one the focus (ADR 0038).
 */
export const STEP_ONE_FIELDS = [
  'date',
  'type',
  'category',
  'passengers',
  'hotels',
  'services',
] as const;
export type StepOneField = (typeof STEP_ONE_FIELDS)[number];

/** A rule of step 1 that the draft breaks, by the field it is about. */
export interface FieldProblem {
  field: StepOneField;
  message: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * Spec §5 step 1 → 2: the rules the draft breaks, each by its field, in the page's order. A
 * corporate booking (`corporateToday`: today's date) also needs its minimum of passengers.
 */
export function stepOneProblems(
  draft: BookingDraft,
  tour: Tour,
  corporateToday: string | null = null,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!draft.typeId) problems.push({ field: 'type', message: 'selectTypeAndCategory' });
  if (!draft.categoryId) problems.push({ field: 'category', message: 'selectTypeAndCategory' });
  const adults =
    passengerCount(draft, CustomerTypeId.adult) + passengerCount(draft, CustomerTypeId.student);
  const corporate = corporateToday === null ? null : corporateProblem(draft, corporateToday);
  if (adults < 1) problems.push({ field: 'passengers', message: 'atLeastOneAdult' });
  else if (corporate) problems.push({ field: 'passengers', ...corporate });
  if (tour.hotel && draft.hotels.length === 0) {
    problems.push({ field: 'hotels', message: 'hotelMandatory' });
  }
  return problems;
}

/** Spec §5 step 1 → 2: the first rule the draft breaks, as a message key, or null. */
export function stepOneProblem(draft: BookingDraft, tour: Tour): MessageKey | null {
  return stepOneProblems(draft, tour)[0]?.message ?? null;
}

/**
 * A corporate booking's minimum passengers (spec §9, corporate terms): 2 when travelling 60 days
 * on or later, else 4 (shared `corporateMinimum`, which the server holds too): the message that
 * says so, for the draft's date.
 */
export function corporateMinimumMessage(date: string, today: string) {
  const min = corporateMinimum(date, today);
  const message = min === CORPORATE_MIN_EARLY ? 'corporateMinimumEarly' : 'corporateMinimumLate';
  return { message, params: { count: min, days: CORPORATE_EARLY_DAYS }, min } as const;
}

/** The corporate minimum's message when the draft has fewer passengers, else null. */
export function corporateProblem(draft: BookingDraft, today: string) {
  const { min, ...rule } = corporateMinimumMessage(draft.date, today);
  return totalPassengers(draft) >= min ? null : rule;
}

/**
 * The characters a count's input takes: more than its two digits, so that "1.5" or "12,5" shows
 * as typed and is refused (ADR 0038) instead of being cut by the input.
 */
export const COUNT_INPUT_LENGTH = 6;

/**
 * A number typed in a count (passengers, rooms, a service's quantity) is a whole number: digits
 * only, spaces around them aside. "1.5", "-3" or "2a" are refused by their input (ADR 0038),
 * neither read as 15 nor silently as 1.
 */
export function isWholeNumber(typed: string): boolean {
  return /^\d*$/.test(typed.trim());
}

/** The server's refusal of the date when saving (closed or sold out), and its next dates with room. */
export interface DateGone {
  message: string;
  nextDates: string[];
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

/** All the passengers of the draft. */
export function totalPassengers(draft: BookingDraft): number {
  return Object.values(draft.counts).reduce((total, digits) => total + asNumber(digits), 0);
}

/** The hotel rooms added so far. */
export function totalRooms(draft: BookingDraft): number {
  return draft.hotels.reduce((total, row) => total + row.rooms, 0);
}

/** Where a limit's message shows: by the passenger counts, the hotel, or one service. */
export type LimitPlace = 'passengers' | 'hotels' | `service:${string}`;

export interface LimitMessage {
  place: LimitPlace;
  message: MessageKey;
  params: Record<string, string | number>;
}

/** A number as typed, and whether it was lowered to a limit (a notice says so). */
export interface CappedInput {
  value: string;
  capped: boolean;
}

/** A number as typed (digits), lowered to `max` when it is over it. */
export function capAt(value: string, max: number): CappedInput {
  return asNumber(value) > max ? { value: String(max), capped: true } : { value, capped: false };
}

/** A number typed for one line of the draft (a customer type, a service offer), capped. */
type CapTyped = (
  draft: BookingDraft,
  limits: BookingLimits,
  lineId: string,
  typed: string,
) => CappedInput;

/**
 * A passenger count as typed, at most what keeps the booking within the tour's group maximum
 * (the other types' passengers count).
 */
export const capCount: CapTyped = (draft, limits, customerTypeId, typed) => {
  const others = totalPassengers(draft) - passengerCount(draft, customerTypeId);
  return capAt(cleanCount(typed), Math.max(limits.maxPassengers - others, 0));
};

/**
 * A service quantity as typed: 0–99, and at most one per passenger for a service sold per
 * person (once there are passengers to count).
 */
export const capServiceQuantity: CapTyped = (draft, limits, offerId, typed) => {
  const passengers = totalPassengers(draft);
  const perPassenger = limits.perPersonOffers.has(offerId) && passengers > 0;
  return capAt(cleanQuantity(typed), perPassenger ? passengers : Number.POSITIVE_INFINITY);
};

/** The rooms that can still be added (one per passenger), or null before any passenger. */
export function roomsLeft(draft: BookingDraft): number | null {
  const passengers = totalPassengers(draft);
  return passengers === 0 ? null : Math.max(passengers - totalRooms(draft), 0);
}

/**
 * The first limit of the tour that the draft breaks (shared `selectionLimitProblem`, as the API
 * checks it), placed by the input it concerns; null when none is broken. Before any passenger
 * is chosen, rooms and services are not held against the (zero) passengers: step 1's rule
 * "at least one adult" comes first.
 */
export function draftLimitProblem(
  draft: BookingDraft,
  tour: Tour,
  limits: BookingLimits = bookingLimitsOfTour(tour),
): LimitMessage | null {
  if (totalPassengers(draft) === 0) return null;
  const selection = toSelection(draft, tour);
  const problem = selectionLimitProblem(selection, limits);
  if (!problem) return null;
  const service = /^additionalServices\.(\d+)/.exec(problem.field);
  const offerId = service ? selection.services[Number(service[1])]?.offerId : undefined;
  const place: LimitPlace =
    problem.field === 'hotels' ? 'hotels' : offerId ? `service:${offerId}` : 'passengers';
  return { place, message: problem.message, params: problem.params ?? {} };
}
