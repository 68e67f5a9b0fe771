import { type BookingDetail, bookingDetail } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { useLanguage } from '../i18n.ts';

export const bookingDetailKey = (code: string) => ['booking', code] as const;

/** How often, and how many times at most, a detail that is waiting for news is read again. */
const POLL_MS = 1000;
const POLL_READS = 60;

/**
 * GET tour/booking/{code}: everything about one reservation, read fresh from the server; read
 * again every second (a minute at most) while `pollWhile` holds of the answer.
 */
export function useBookingDetail(
  code: string,
  options: { enabled?: boolean; pollWhile?: (detail: BookingDetail) => boolean } = {},
) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...bookingDetailKey(code), language],
    queryFn: ({ signal }) =>
      api.get(`tour/booking/${encodeURIComponent(code)}`, { schema: bookingDetail, signal }),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data &&
      options.pollWhile?.(query.state.data) &&
      query.state.dataUpdateCount < POLL_READS
        ? POLL_MS
        : false,
    enabled: options.enabled ?? true,
    // Kept on the device (issue 32): a booking opened once opens again with no network.
    meta: { inlineErrors: true, offline: true },
  });
}
