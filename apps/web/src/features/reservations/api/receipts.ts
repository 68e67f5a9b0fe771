import { bookingReceiptsAnswer, type InvoiceDetails, type ReceiptItem } from '@cusco/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { saveFile } from '../../../lib/save-file.ts';

/**
 * A booking's SUNAT receipts (issue 30): the boletas, facturas and credit notes issued, what
 * waits, and the factura's details for the next payments.
 */

export const receiptsKey = (code: string) => ['receipts', code] as const;

const base = (code: string) => `tour/booking/${encodeURIComponent(code)}`;

/**
 * GET tour/booking/{code}/receipts; read again when `paid` (the booking's payments) changes: a
 * payment's receipt is issued with the payment.
 */
export function useBookingReceipts(code: string, paid: number) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...receiptsKey(code), paid, language],
    queryFn: ({ signal }) =>
      api.get(`${base(code)}/receipts`, { schema: bookingReceiptsAnswer, signal }),
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/** PUT tour/booking/{code}/invoice: the factura's customer for later payments, or null. */
export function useSaveInvoiceDetails(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoice: InvoiceDetails | null) =>
      api.put<unknown>(`${base(code)}/invoice`, { invoice }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: receiptsKey(code) }),
    meta: { inlineErrors: true },
  });
}

/** Downloads a receipt's PDF or XML (its path under /api) with the session's token. */
export async function downloadReceipt(receipt: ReceiptItem, format: 'pdf' | 'xml') {
  const blob = await download(format === 'pdf' ? receipt.pdfUrl : receipt.xmlUrl);
  saveFile(blob, `${receipt.code}.${format}`);
}
