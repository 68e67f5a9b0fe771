import { changeQuoteAnswer, type RefundDestination } from '@cusco/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bookingDetailKey } from '../../../lib/queries/booking-detail.ts';
import { bookingsKey } from '../../../lib/queries/booking-list.ts';
import { creditKey } from './get-credit.ts';

/**
 * POST tour/booking/{code}/changes `{ kind: 'cancel', refundTo }` with the dialog's
 * Idempotency-Key: cancels the booking under its policy, and answers what was done (its status
 * now cancelled). The same key sent again (a double click, a retry after a lost answer) is
 * answered the first answer, and cancels nothing twice. Once done, the booking, the list and the
 * credit are read again (even if the dialog was closed meanwhile). Errors are shown in the dialog.
 */
export function useCancelBooking(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ refundTo, key }: { refundTo: RefundDestination | undefined; key: string }) =>
      api.post(
        `tour/booking/${encodeURIComponent(code)}/changes`,
        refundTo ? { kind: 'cancel', refundTo } : { kind: 'cancel' },
        { schema: changeQuoteAnswer, headers: { 'idempotency-key': key } },
      ),
    onSuccess: () =>
      Promise.all(
        [bookingDetailKey(code), bookingsKey, creditKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    meta: { inlineErrors: true },
  });
}
