import {
  type BookingLimits,
  bookingLimitsOfTour,
  type Language,
  pricingCatalogFromTour,
  type Tour,
} from '@cusco/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useLanguage } from '../../../lib/i18n.ts';
import { availabilityQuery, byDate, firstBookable } from '../api/get-availability.ts';
import type { BookingVariant } from '../api/get-tour.ts';
import {
  addHotelRow,
  type BookingDraft,
  capCount,
  capServiceQuantity,
  draftLimitProblem,
  type HotelRow,
  initialDraft,
  isWholeNumber,
  type LimitMessage,
  priceDraft,
} from '../model/draft.ts';
import { readStoredBooking, writeStoredBooking } from '../model/draft-storage.ts';
import { labelOf } from '../model/labels.ts';

/**
 * The booking page's draft (spec §2 step 1), priced at every change, within the tour's limits:
 * a number typed above a limit is lowered and said by its input (`limitNotice`). A count that is
 * not a whole number ("1.5") is refused by its input (`typedWrong`: the text as typed, shown
 * with its message; the draft counts none meanwhile). It is kept in the tab (draft-storage.ts)
 * at every change.
 */
export function useBookingDraft(tour: Tour, variant: BookingVariant) {
  const catalog = useMemo(() => pricingCatalogFromTour(tour), [tour]);
  const limits = useMemo(() => bookingLimitsOfTour(tour), [tour]);
  const queryClient = useQueryClient();
  const language = useLanguage();
  // The tab's kept draft, when there is one (a refresh, Back, or the other language's page).
  const [draft, setDraft] = useState<BookingDraft>(
    () =>
      readStoredBooking(tour, variant)?.draft ??
      firstBookableDraft(initialDraft(tour), tour.code, language, queryClient),
  );
  /**
   * The newest draft, as changes see it: two changes before the next render (the calendar moving
   * the date as the seats arrive, and a count typed meanwhile) each build on the one before,
   * instead of the second undoing the first from the draft of the last render.
   */
  const latest = useRef(draft);
  /** Why the number just typed was lowered to stay within the tour's limits. */
  const [limitNotice, setLimitNotice] = useState<LimitMessage | null>(null);
  /** What was typed in a count that is not a whole number, by its input ('count:…', 'service:…'). */
  const [typedWrong, setTypedWrong] = useState<Record<string, string>>({});

  const priced = priceDraft(catalog, draft, tour);

  /**
   * Applies a change and re-prices at once. A passenger type without a price is reported with
   * the spec's message, by the passenger counts, and its count is cleared (spec §5 price
   * lookup; ADR 0038: by its field, not in a dialog). A limit's notice goes
   * with any change but the date's: the calendar moves the date by itself when the day's seats
   * arrive and it cannot be booked, which does not undo what the notice says.
   */
  const update = (
    change: (current: BookingDraft) => BookingDraft,
    { keepNotice = false }: { keepNotice?: boolean } = {},
  ) => {
    let next = change(latest.current);
    let result = priceDraft(catalog, next, tour);
    let noPrices: LimitMessage | null = null;
    while (!result.ok && result.error.code === 'noPrices') {
      const missing = result.error.customerTypeId;
      noPrices ??= {
        place: 'passengers',
        message: 'noPrices',
        params: {
          customerType: labelOf(tour.customerTypes, missing),
          category: labelOf(tour.categories, next.categoryId),
          type: labelOf(tour.types, next.typeId),
        },
      };
      const { [missing]: _cleared, ...counts } = next.counts;
      next = { ...next, counts };
      result = priceDraft(catalog, next, tour);
    }
    latest.current = next;
    setDraft(next);
    writeStoredBooking(tour, variant, { draft: next });
    if (noPrices) setLimitNotice(noPrices);
    else if (!keepNotice) setLimitNotice(null);
  };

  /** Keeps what was typed in an input when it is not a whole number, or forgets it. */
  const typed = (input: string, text: string | null) =>
    setTypedWrong(({ [input]: _forgotten, ...others }) =>
      text === null ? others : { ...others, [input]: text },
    );

  const handlers = draftHandlers(draft, limits, update, setLimitNotice, typed);

  return {
    draft,
    quote: priced.ok ? priced.quote : null,
    limitProblem: draftLimitProblem(draft, tour, limits),
    limitNotice,
    typedWrong,
    handlers,
  };
}

/**
 * Whether the days of the departure a new draft starts on are at hand, or cannot be read: the
 * page draws step 1 once they are (ADR 0053, decision 14). The draft then starts on the first
 * date that can be booked, with the calendar's notice, in the first draw, instead of a second
 * draw of the whole page moving the date. The days were asked for with the tour (index.html,
 * app/preload-data.ts), so this waits for an answer on its way, not for a new request; on a
 * corporate page, which nothing starts early, it asks once the tour is there, as the calendar
 * would have. Once true, it stays true.
 */
export function useStartingDays(
  tour: Tour | undefined,
  variant: BookingVariant,
  language: Language,
): boolean {
  const start = useMemo(
    () => (tour ? (readStoredBooking(tour, variant)?.draft ?? initialDraft(tour)) : null),
    [tour, variant],
  );
  const wanted = Boolean(tour && start?.typeId && start.categoryId);
  const days = useQuery({
    ...availabilityQuery(tour?.code ?? '', start?.typeId ?? '', start?.categoryId ?? '', language),
    enabled: wanted,
    retry: 1,
  });
  // Answered, failed once, or waiting for a network the device does not have (offline, a
  // signed-in traveller's kept tour): step 1 is drawn, and the calendar has its days when they come.
  const settled =
    Boolean(tour) && (!wanted || days.isFetched || days.failureCount > 0 || days.isPaused);
  const [started, setStarted] = useState(settled);
  if (settled && !started) setStarted(true);
  return started || settled;
}

/**
 * A new draft on the first date that can be booked when the departure's days are already at hand
 * (asked for at start-up with the tour): the page is drawn once on that date, instead of on today
 * and again when the calendar moves it. Without them, the calendar moves it when they arrive.
 */
function firstBookableDraft(
  draft: BookingDraft,
  code: string,
  language: Language,
  queryClient: QueryClient,
): BookingDraft {
  const { queryKey } = availabilityQuery(code, draft.typeId, draft.categoryId, language);
  const days = queryClient.getQueryData(queryKey);
  return days ? { ...draft, date: firstBookable(byDate(days), draft.date) } : draft;
}

/** The step-1 inputs' handlers (StepChoose's `on…` props), each a change of the draft. */
function draftHandlers(
  draft: BookingDraft,
  limits: BookingLimits,
  update: (
    change: (current: BookingDraft) => BookingDraft,
    options?: { keepNotice?: boolean },
  ) => void,
  setLimitNotice: (notice: LimitMessage) => void,
  typed: (input: string, text: string | null) => void,
) {
  return {
    onDate: (date: string) => update((current) => ({ ...current, date }), { keepNotice: true }),
    onType: (typeId: string) => update((current) => ({ ...current, typeId })),
    onCategory: (categoryId: string) => update((current) => ({ ...current, categoryId })),
    onCount: (id: string, text: string) => {
      // Not a whole number: refused by its input, and none counted meanwhile (ADR 0038).
      if (!isWholeNumber(text)) {
        typed(`count:${id}`, text);
        update((current) => ({ ...current, counts: { ...current.counts, [id]: '' } }));
        return;
      }
      typed(`count:${id}`, null);
      // At most the tour's group maximum in all: a larger number is lowered, and said.
      const { value, capped } = capCount(draft, limits, id, text);
      update((current) => ({ ...current, counts: { ...current.counts, [id]: value } }));
      if (capped) {
        setLimitNotice({
          place: 'passengers',
          message: 'groupTooLarge',
          params: { count: limits.maxPassengers },
        });
      }
    },
    onAddHotel: (row: HotelRow) =>
      update((current) => ({ ...current, hotels: addHotelRow(current.hotels, row) })),
    onRemoveHotel: (row: HotelRow) =>
      update((current) => ({
        ...current,
        hotels: current.hotels.filter((candidate) => candidate !== row),
      })),
    // Toggling a service resets its quantity (spec §4): 1 when switched on, none when off.
    onToggleService: (offerId: string, enabled: boolean) => {
      typed(`service:${offerId}`, null);
      update((current) => ({
        ...current,
        services: { ...current.services, [offerId]: { enabled, quantity: enabled ? '1' : '' } },
      }));
    },
    onServiceQuantity: (offerId: string, text: string) => {
      if (!isWholeNumber(text)) {
        typed(`service:${offerId}`, text);
        update((current) => ({
          ...current,
          services: { ...current.services, [offerId]: { enabled: true, quantity: '' } },
        }));
        return;
      }
      typed(`service:${offerId}`, null);
      // A service sold per person: at most one per passenger.
      const { value, capped } = capServiceQuantity(draft, limits, offerId, text);
      update((current) => ({
        ...current,
        services: { ...current.services, [offerId]: { enabled: true, quantity: value } },
      }));
      if (capped) {
        setLimitNotice({
          place: `service:${offerId}`,
          message: 'serviceOverPassengers',
          params: { max: value },
        });
      }
    },
  };
}
