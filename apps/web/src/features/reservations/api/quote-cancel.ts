import { changeQuoteAnswer, type RefundDestination } from '@cusco/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/** Every cached quote of a booking's cancellation starts with this key. */
export const cancelQuoteKey = (code: string) => ['cancel-quote', code] as const;

/**
 * POST tour/booking/{code}/changes/quote `{ kind: 'cancel', refundTo }`: what cancelling the
 * booking would do (what is kept, the refund, the balance, a reason per line in the page's
 * language), computed by the server and nothing written. `refundTo` is left out when the
 * customer has no choice (a corporate booking, whose refund is the company's credit). Read
 * afresh each time the dialog asks; while another destination is quoted, the last quote stays
 * on screen (marked as a placeholder); its failure is shown in the dialog.
 */
export function useCancelQuote(
  code: string,
  refundTo: RefundDestination | undefined,
  enabled: boolean,
) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...cancelQuoteKey(code), refundTo ?? 'default', language],
    queryFn: ({ signal }) =>
      api.post(
        `tour/booking/${encodeURIComponent(code)}/changes/quote`,
        refundTo ? { kind: 'cancel', refundTo } : { kind: 'cancel' },
        { schema: changeQuoteAnswer, signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { inlineErrors: true },
  });
}
