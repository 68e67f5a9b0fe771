import {
  departurePurchases,
  type MarkPurchasesRequest,
  type PurchaseKind,
  purchaseBoard,
} from '@cusco/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/** What is bought per person (issue 29): the to-buy board and a departure's purchases. */

const purchasesKey = ['admin', 'purchases'] as const;

const departurePath = (tour: string, date: string) =>
  `admin/departures/${encodeURIComponent(tour)}/${encodeURIComponent(date)}/purchases`;

/** GET admin/purchases: the board, for the filters set (from, to, kind). */
export function usePurchaseBoard(query: Record<string, string>) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...purchasesKey, 'board', query, language],
    queryFn: ({ signal }) =>
      api.get('admin/purchases', { schema: purchaseBoard, searchParams: query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/** GET admin/departures/{tour}/{date}/purchases: every person × item, with its state. */
export function useDeparturePurchases(departure: { tour: string; date: string } | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...purchasesKey, 'departure', departure?.tour, departure?.date, language],
    queryFn: ({ signal }) =>
      api.get(departurePath(departure?.tour ?? '', departure?.date ?? ''), {
        schema: departurePurchases,
        signal,
      }),
    enabled: departure !== null,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/**
 * POST admin/departures/{tour}/{date}/purchases: marks an item bought for people; the board and
 * every back-office list read again (a booking's passengers are locked now).
 */
export function useMarkBought() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      tour,
      date,
      body,
    }: {
      tour: string;
      date: string;
      body: MarkPurchasesRequest;
    }) => api.post(departurePath(tour, date), body, { schema: departurePurchases }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    meta: { inlineErrors: true },
  });
}

/** Downloads a departure's CSV for one kind of item, with the session's token, and saves it. */
export async function downloadPurchasesCsv(tour: string, date: string, kind: PurchaseKind) {
  const blob = await download(`${departurePath(tour, date)}.csv?kind=${kind}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${kind}-${tour}-${date}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
