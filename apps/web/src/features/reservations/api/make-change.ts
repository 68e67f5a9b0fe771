import { changeQuoteAnswer, type RefundDestination } from '@cusco/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bookingDetailKey } from '../../../lib/queries/booking-detail.ts';
import { bookingsKey } from '../../../lib/queries/booking-list.ts';
import { availabilityKey } from './availability.ts';
import { creditKey } from './get-credit.ts';
import { type ChangeChoice, changeBody } from './quote-change.ts';

/**
 * POST tour/booking/{code}/changes with the dialog's Idempotency-Key: makes the change (cancels,
 * moves the date, changes the type or category, removes or adds a passenger) under the booking's
 * policy, and answers what was done (its status after). The same key sent again (a double click,
 * a retry after a lost answer) is answered the first answer, and changes nothing twice. Once done,
 * the booking, the list, the credit and the tour's seats are read again (even if the dialog was
 * closed meanwhile). Errors are shown in the dialog.
 */
export function useMakeChange(code: string, tourCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      change,
      refundTo,
      key,
    }: {
      change: ChangeChoice;
      refundTo: RefundDestination | undefined;
      key: string;
    }) =>
      api.post(`tour/booking/${encodeURIComponent(code)}/changes`, changeBody(change, refundTo), {
        schema: changeQuoteAnswer,
        headers: { 'idempotency-key': key },
      }),
    onSuccess: () =>
      Promise.all(
        [bookingDetailKey(code), bookingsKey, creditKey, availabilityKey(tourCode)].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    meta: { inlineErrors: true },
  });
}
