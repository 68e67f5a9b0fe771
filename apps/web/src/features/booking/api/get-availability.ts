import {
  AVAILABILITY_MAX_DAYS,
  type AvailabilityDay,
  availabilityList,
  todayInLima,
} from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from '../../../lib/api-client.ts';

/**
 * GET tour/{code}/availability from today on: the dates the agency manages (open with their
 * seats, sold out, or closed with a reason). Dates it does not manage are open. A failed read
 * leaves the calendar as it was: the server still refuses a date without room when saving.
 */
export function useAvailability(code: string) {
  return useQuery({
    queryKey: ['availability', code],
    queryFn: ({ signal }) => {
      const from = todayInLima();
      const to = dayjs(from).add(AVAILABILITY_MAX_DAYS, 'day').format('YYYY-MM-DD');
      return api.get(`tour/${code}/availability`, {
        schema: availabilityList,
        searchParams: { from, to },
        signal,
      });
    },
    staleTime: 30_000,
    retry: 1,
  });
}

/** The managed days by date. */
export function byDate(days: AvailabilityDay[] | undefined): Map<string, AvailabilityDay> {
  return new Map((days ?? []).map((day) => [day.date, day]));
}

/** A day that cannot be booked: closed, cancelled or sold out. */
export const unavailable = (day: AvailabilityDay | undefined) =>
  day !== undefined && day.status !== 'open';
