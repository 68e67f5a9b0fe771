import { bookingSaveResponse, paymentMode, type Tour } from '@cusco/shared';
import * as z from 'zod/mini';
import type { BookingVariant } from '../api/get-tour.ts';
import { type BookingDraft, initialDraft } from './draft.ts';

/**
 * The booking page's state kept in the tab's sessionStorage, per tour and page (issue 12, bug 3):
 * the draft, the step-3 choices and the booking once saved. It survives Back and Forward, a
 * refresh and a change of the page's language, and goes with the tab. It holds ids and numbers
 * only (no prices: those are always the tour's own, priced again).
 */
const storedState = z.object({
  draft: z.object({
    date: z.string(),
    typeId: z.string(),
    categoryId: z.string(),
    counts: z.record(z.string(), z.string()),
    hotels: z.array(
      z.object({
        hotelTypeId: z.string(),
        roomTypeId: z.string(),
        rooms: z.number().check(z.int()),
      }),
    ),
    services: z.record(z.string(), z.object({ enabled: z.boolean(), quantity: z.string() })),
  }),
  choices: z._default(
    z.partial(
      z.object({
        isPassenger: z.boolean(),
        termsAccepted: z.boolean(),
        paymentMode,
      }),
    ),
    {},
  ),
  saved: z._default(z.nullable(bookingSaveResponse), null),
});
export type StoredBooking = z.infer<typeof storedState>;

const keyOf = (tour: Pick<Tour, 'code'>, variant: BookingVariant) =>
  `cusco.booking.${variant}.${tour.code}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage switched off (a private mode): the page works, without keeping the draft.
    return null;
  }
}

/**
 * A stored draft, kept only where it still fits the tour: a type, category, customer type,
 * hotel or service the tour no longer offers is dropped; a past date becomes today's default.
 */
function fitToTour(stored: StoredBooking['draft'], tour: Tour): BookingDraft {
  const fresh = initialDraft(tour);
  const has = (options: { value: string }[], id: string) => options.some((o) => o.value === id);
  const offers = new Set(
    tour.additionalServices.flatMap((service) => service.prices.map((price) => price.id)),
  );
  const customerTypes = new Set(tour.customerTypes.map((type) => type.value));
  return {
    date: [stored.date, fresh.date].sort()[1] ?? fresh.date,
    typeId: has(tour.types, stored.typeId) ? stored.typeId : fresh.typeId,
    categoryId: has(tour.categories, stored.categoryId) ? stored.categoryId : fresh.categoryId,
    counts: Object.fromEntries(
      Object.entries(stored.counts).filter(([id]) => customerTypes.has(id)),
    ),
    hotels: tour.hotel ? stored.hotels : [],
    services: Object.fromEntries(Object.entries(stored.services).filter(([id]) => offers.has(id))),
  };
}

/** What this tab kept for the tour's page, or null (none, unreadable, or from another tour). */
export function readStoredBooking(tour: Tour, variant: BookingVariant): StoredBooking | null {
  const raw = storage()?.getItem(keyOf(tour, variant));
  if (!raw) return null;
  try {
    const parsed = storedState.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    return { ...parsed.data, draft: fitToTour(parsed.data.draft, tour) };
  } catch {
    return null;
  }
}

/** Keeps part of the page's state (the rest as it was). */
export function writeStoredBooking(
  tour: Tour,
  variant: BookingVariant,
  patch: Partial<StoredBooking>,
) {
  const store = storage();
  if (!store) return;
  const current = readStoredBooking(tour, variant) ?? {
    draft: initialDraft(tour),
    choices: {},
    saved: null,
  };
  try {
    store.setItem(keyOf(tour, variant), JSON.stringify({ ...current, ...patch }));
  } catch {
    // Full or switched off: the page goes on without keeping it.
  }
}

/** Forgets the page's state (the booking was paid, or saved on credit). */
export function clearStoredBooking(tour: Pick<Tour, 'code'>, variant: BookingVariant) {
  storage()?.removeItem(keyOf(tour, variant));
}
