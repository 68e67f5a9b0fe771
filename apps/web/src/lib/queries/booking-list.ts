import { bookingList } from '@cusco/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { useLanguage } from '../i18n.ts';
import { allItems, LIST_PAGE_SIZE, nextPageParam } from '../pages.ts';

/** Every cached reading of the reservations list starts with this key (invalidate it after a change). */
export const bookingsKey = ['bookings'] as const;

const fetchPage = (page: { page: number; pageSize: number }, signal?: AbortSignal) =>
  api.page('tour/booking/list', page, { schema: bookingList, signal });

/** GET tour/booking/list, page after page: the signed-in customer's reservations. */
export function useBookingPages() {
  const language = useLanguage();
  return useInfiniteQuery({
    queryKey: [...bookingsKey, 'pages', language],
    queryFn: ({ pageParam, signal }) =>
      fetchPage({ page: pageParam, pageSize: LIST_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: 0,
    // Kept on the device (issue 32): the list opens again with no network.
    meta: { inlineErrors: true, offline: true },
  });
}

/** Every reservation of the signed-in customer (for a choice among them), all pages read. */
export function useAllBookings() {
  const language = useLanguage();
  return useQuery({
    queryKey: [...bookingsKey, 'all', language],
    queryFn: ({ signal }) => allItems((page) => fetchPage(page, signal)),
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}
