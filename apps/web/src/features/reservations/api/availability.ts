import {
  AVAILABILITY_MAX_DAYS,
  type AvailabilityDay,
  availabilityList,
  todayInLima,
} from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/**
 * The cached days of a tour. The key has the booking page's shape (`availability`, tour, type,
 * category, language), so that both screens share what they read and a change refreshes both.
 */
export const availabilityKey = (tourCode: string) => ['availability', tourCode] as const;

/**
 * GET tour/{code}/availability from today on, for the departure of the booking's type and category
 * (the tour's first when not known): each date open with its seats, sold out, or closed with why,
 * in the page's language. For the date picker of a date change; a failed read leaves the calendar
 * open: the server's quote says why a date cannot be taken.
 */
export function useTourDays(
  tourCode: string,
  typeId: string | undefined,
  categoryId: string,
  enabled = true,
) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...availabilityKey(tourCode), typeId ?? '', categoryId, language],
    queryFn: ({ signal }) => {
      const from = todayInLima();
      const to = dayjs(from).add(AVAILABILITY_MAX_DAYS, 'day').format('YYYY-MM-DD');
      return api.get(`tour/${encodeURIComponent(tourCode)}/availability`, {
        schema: availabilityList,
        searchParams: {
          from,
          to,
          ...(typeId ? { type: typeId } : {}),
          ...(categoryId ? { category: categoryId } : {}),
        },
        signal,
      });
    },
    enabled,
    staleTime: 30_000,
    retry: 1,
    meta: { inlineErrors: true },
  });
}

/** A day that cannot be booked: closed, cancelled or sold out. */
export const unavailable = (day: AvailabilityDay | undefined) =>
  day !== undefined && day.status !== 'open';
