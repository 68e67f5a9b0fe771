import { type ChangeRequest, changeQuoteAnswer, type RefundDestination } from '@cusco/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/** Each kind of change without where its refund goes. */
type WithoutRefund<Change> = Change extends unknown ? Omit<Change, 'refundTo'> : never;

/** A change as the dialogs name it, without where its refund goes (asked apart). */
export type ChangeChoice = WithoutRefund<ChangeRequest>;

/** Every cached quote of a booking's changes (its cancellation too) starts with this key. */
export const changeQuoteKey = (code: string) => ['change-quote', code] as const;

/** The body of a quote or a change: the change, and where its refund goes when that is asked. */
export const changeBody = (change: ChangeChoice, refundTo: RefundDestination | undefined) =>
  (refundTo ? { ...change, refundTo } : change) as ChangeRequest;

/**
 * POST tour/booking/{code}/changes/quote: what a change would do (cancelling, another date, type
 * or category, a passenger removed or added): the lines, the fee, the refund, the new total and
 * balance, a reason per line in the page's language, and the status after. Computed by the server
 * and nothing written. `refundTo` is left out when the customer has no choice (a corporate
 * booking, whose refund is the company's credit); nothing is asked while `change` is null (the
 * customer has not chosen yet). Read afresh each time the dialog asks; while another choice is
 * quoted, the last quote stays on screen (marked as a placeholder); its failure is shown in the
 * dialog.
 */
export function useChangeQuote(
  code: string,
  change: ChangeChoice | null,
  refundTo: RefundDestination | undefined,
  enabled = true,
) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...changeQuoteKey(code), change, refundTo ?? 'default', language],
    queryFn: ({ signal }) =>
      api.post(
        `tour/booking/${encodeURIComponent(code)}/changes/quote`,
        changeBody(change as ChangeChoice, refundTo),
        { schema: changeQuoteAnswer, signal },
      ),
    enabled: enabled && change !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { inlineErrors: true },
  });
}
