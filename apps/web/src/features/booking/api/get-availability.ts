import {
  AVAILABILITY_MAX_DAYS,
  type AvailabilityDay,
  availabilityList,
  type Language,
  todayInLima,
} from '@cusco/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/**
 * GET tour/{code}/availability from today on, for the departure of the chosen type and category:
 * each date open with its seats, sold out, or closed with why (the tour's rules or the agency's
 * words, in the page's language). The language goes with the call (Accept-Language), as the
 * tour's does: the call may start before the page's language is the app's (it is asked for at
 * start-up, beside the texts), and the answer is kept under the language of its key.
 */
export function availabilityQuery(
  code: string,
  typeId: string,
  categoryId: string,
  language: Language,
) {
  return queryOptions({
    queryKey: ['availability', code, typeId, categoryId, language],
    queryFn: ({ signal }) => {
      const from = todayInLima();
      const to = dayjs(from).add(AVAILABILITY_MAX_DAYS, 'day').format('YYYY-MM-DD');
      return api.get(`tour/${code}/availability`, {
        schema: availabilityList,
        searchParams: { from, to, type: typeId, category: categoryId },
        headers: { 'accept-language': language },
        signal,
      });
    },
    staleTime: 30_000,
  });
}

/**
 * The chosen departure's days, in the app's language. A failed read leaves the calendar open:
 * the server still refuses a date without room when saving.
 */
export function useAvailability(code: string, typeId: string, categoryId: string) {
  const language = useLanguage();
  return useQuery({
    ...availabilityQuery(code, typeId, categoryId, language),
    placeholderData: (previous) => previous,
    retry: 1,
  });
}

/** The days by date. */
export function byDate(days: AvailabilityDay[] | undefined): Map<string, AvailabilityDay> {
  return new Map((days ?? []).map((day) => [day.date, day]));
}

/** A day that cannot be booked: closed, cancelled or sold out. */
export const unavailable = (day: AvailabilityDay | undefined) =>
  day !== undefined && day.status !== 'open';

/** The first date from `from` on that can be booked (a date past the answer is left to the server). */
export function firstBookable(days: Map<string, AvailabilityDay>, from: string): string {
  let next = dayjs(from);
  for (let step = 0; step <= AVAILABILITY_MAX_DAYS; step++, next = next.add(1, 'day')) {
    if (!unavailable(days.get(next.format('YYYY-MM-DD')))) break;
  }
  return next.format('YYYY-MM-DD');
}
