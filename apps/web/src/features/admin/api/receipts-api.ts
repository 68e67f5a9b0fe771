import {
  type AdminReceiptItem,
  adminReceiptsAnswer,
  type ExchangeRateEntry,
  exchangeRatesAnswer,
  type VoidReceiptRequest,
  waitingReceiptsAnswer,
} from '@cusco/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { usePagedAdminList } from './admin-api.ts';

/**
 * SUNAT's receipts in the back office (issue 30): the list, what waits, sending again, voiding
 * and reissuing, the exchange rates and the accountant's monthly CSV.
 */

const receiptsKey = ['admin', 'receipts'] as const;
const ratesKey = ['admin', 'exchange-rates'] as const;

/** GET admin/receipts: a page of receipts, newest first, for the filters set. */
export const useAdminReceipts = (query: Record<string, string>, page: number) =>
  usePagedAdminList<AdminReceiptItem>('admin/receipts', adminReceiptsAnswer, query, page, {
    key: [...receiptsKey, 'list'],
  });

/** GET admin/receipts/waiting: the ledger entries whose receipts wait, and why. */
export function useWaitingReceipts() {
  const language = useLanguage();
  return useQuery({
    queryKey: [...receiptsKey, 'waiting', language],
    queryFn: ({ signal }) =>
      api.get('admin/receipts/waiting', { schema: waitingReceiptsAnswer, signal }),
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/** After any receipt action: the receipts, the waiting list and the booking screens again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin'] });
}

const receiptPath = (id: string) => `admin/receipts/${encodeURIComponent(id)}`;

/** POST admin/receipts/{id}/send: sends it to SUNAT again now. */
export function useSendReceipt() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>(`${receiptPath(id)}/send`),
    onSuccess: refresh,
    meta: { inlineErrors: true },
  });
}

/** POST admin/receipts/{id}/void: voids it and (unless said otherwise) issues it again. */
export function useVoidReceipt() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VoidReceiptRequest }) =>
      api.post<unknown>(`${receiptPath(id)}/void`, body),
    onSuccess: refresh,
    meta: { inlineErrors: true },
  });
}

/** POST admin/receipts/waiting/{ledgerEntryId}/taxed: issues a waiting receipt at 18 % now. */
export function useIssueTaxed() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ ledgerEntryId, reason }: { ledgerEntryId: string; reason: string }) =>
      api.post<unknown>(`admin/receipts/waiting/${encodeURIComponent(ledgerEntryId)}/taxed`, {
        reason,
      }),
    onSuccess: refresh,
    meta: { inlineErrors: true },
  });
}

/** GET admin/exchange-rates: the rates recorded, the latest first. */
export function useExchangeRates() {
  const language = useLanguage();
  return useQuery({
    queryKey: [...ratesKey, language],
    queryFn: ({ signal }) =>
      api.get('admin/exchange-rates', { schema: exchangeRatesAnswer, signal }),
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/** PUT admin/exchange-rates (administrators): a day's rate; waiting receipts may then issue. */
export function useSaveExchangeRate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (entry: ExchangeRateEntry) => api.put<unknown>('admin/exchange-rates', entry),
    onSuccess: refresh,
    meta: { inlineErrors: true },
  });
}

/** Downloads a receipt's PDF or XML with the session's token. */
export async function downloadAdminReceipt(receipt: AdminReceiptItem, format: 'pdf' | 'xml') {
  const blob = await download(`${receiptPath(receipt.id)}/${format}`);
  saveFile(blob, `${receipt.code}.${format}`);
}

/** Downloads a month's sales register (Registro de Ventas, YYYY-MM) as CSV. */
export async function downloadReceiptsExport(month: string) {
  const blob = await download(`admin/receipts/export.csv?month=${encodeURIComponent(month)}`);
  saveFile(blob, `registro-de-ventas-${month}.csv`);
}
