import { bookingList } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { useLanguage } from '../i18n.ts';

/** GET tour/booking/list: the signed-in customer's reservations. */
export function useBookingList() {
  const language = useLanguage();
  return useQuery({
    queryKey: ['bookings', language],
    queryFn: ({ signal }) => api.get('tour/booking/list', { schema: bookingList, signal }),
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}
