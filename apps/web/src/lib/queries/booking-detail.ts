import { bookingDetail } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { useLanguage } from '../i18n.ts';

export const bookingDetailKey = (code: string) => ['booking', code] as const;

/** GET tour/booking/{code}: everything about one reservation, read fresh from the server. */
export function useBookingDetail(code: string, options: { enabled?: boolean } = {}) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...bookingDetailKey(code), language],
    queryFn: ({ signal }) =>
      api.get(`tour/booking/${encodeURIComponent(code)}`, { schema: bookingDetail, signal }),
    staleTime: 0,
    enabled: options.enabled ?? true,
    meta: { inlineErrors: true },
  });
}
