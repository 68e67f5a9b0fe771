import { type CreditPaymentRequest, creditPaymentAnswer } from '@cusco/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST tour/payment/credit `{ bookingId, amount }` with the dialog's Idempotency-Key: pays part or
 * all of a booking's balance with the customer's credit; a retry with the same key pays once.
 * The server's refusals (over the credit, over the debt) are shown in the dialog.
 */
export function usePayWithCredit() {
  return useMutation({
    mutationFn: ({ body, key }: { body: CreditPaymentRequest; key: string }) =>
      api.post('tour/payment/credit', body, {
        schema: creditPaymentAnswer,
        headers: { 'idempotency-key': key },
      }),
    meta: { inlineErrors: true },
  });
}
