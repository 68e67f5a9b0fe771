import type { InvoiceDetailsRequest } from '@cusco/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * PUT tour/booking/{code}/invoice (issue 30): the factura's customer of the booking just saved,
 * sent before its checkout opens so that the payment's receipt is a factura.
 */
export function useSaveInvoice() {
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: InvoiceDetailsRequest }) =>
      api.put<unknown>(`tour/booking/${encodeURIComponent(code)}/invoice`, body),
    meta: { inlineErrors: true },
  });
}
