import {
  type BookingRequest,
  type BookingSelection,
  bookingLimitsOfTour,
  CustomerTypeId,
  type MessageKey,
  type PaymentMode,
  pricingCatalogFromTour,
  type Quote,
  quoteBooking,
  requestFromQuote,
  selectionLimitProblem,
  type Tour,
} from '@cusco/shared';

/**
 * What staff choose for a customer's booking at the desk (issue 28), and its price by the shared
 * pricing rules: the same `quoteBooking` and `requestFromQuote` as the customer's booking page,
 * so that the server, pricing again, agrees to the cent.
 */
export interface DeskDraft {
  date: string;
  typeId: string;
  categoryId: string;
  /** Passengers by customer-type id. */
  counts: Record<string, number>;
  /** Hotel rooms, one line per hotel and room type. */
  hotels: { hotelTypeId: string; roomTypeId: string; rooms: number }[];
  mode: PaymentMode;
}

/** A new draft for a tour: its first type and category, one adult, no date yet. */
export function initialDeskDraft(tour: Tour): DeskDraft {
  return {
    date: '',
    typeId: tour.types[0]?.value ?? '',
    categoryId: tour.categories[0]?.value ?? '',
    counts: { [CustomerTypeId.adult]: 1 },
    hotels: [],
    mode: 'T',
  };
}

export function selectionOf(draft: DeskDraft, tour: Tour): BookingSelection {
  return {
    categoryId: draft.categoryId,
    typeId: draft.typeId,
    passengers: tour.customerTypes.map((type) => ({
      customerTypeId: type.value,
      quantity: draft.counts[type.value] ?? 0,
    })),
    hotels: draft.hotels.filter((line) => line.rooms > 0),
    services: [],
  };
}

/**
 * The draft priced, or the first rule it breaks: a text key (the shared catalogue's `msg:…`, or
 * the back office's `desk.…`) with its parameters.
 */
export type DeskPrice =
  | { ok: true; quote: Quote; request: BookingRequest }
  | { ok: false; text: string; params?: Record<string, string | number> };

const rule = (key: MessageKey, params?: Record<string, string | number>): DeskPrice => ({
  ok: false,
  text: `msg:${key}`,
  ...(params ? { params } : {}),
});

export function priceDeskDraft(draft: DeskDraft, tour: Tour): DeskPrice {
  if (!draft.typeId || !draft.categoryId) return rule('selectTypeAndCategory');
  const selection = selectionOf(draft, tour);
  const adults =
    (draft.counts[CustomerTypeId.adult] ?? 0) + (draft.counts[CustomerTypeId.student] ?? 0);
  if (adults < 1) return rule('atLeastOneAdult');
  if (tour.hotel && selection.hotels.length === 0) return rule('hotelMandatory');
  const limit = selectionLimitProblem(selection, bookingLimitsOfTour(tour));
  if (limit) return rule(limit.message, limit.params);
  const result = quoteBooking(pricingCatalogFromTour(tour), selection);
  if (!result.ok) return { ok: false, text: 'desk.noPrices' };
  if (!draft.date) return { ok: false, text: 'desk.chooseDate' };
  return {
    ok: true,
    quote: result.quote,
    request: requestFromQuote({
      tourId: tour.id,
      date: draft.date,
      selection,
      quote: result.quote,
      mode: draft.mode,
      isPassager: false,
    }),
  };
}
