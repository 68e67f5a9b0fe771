import { creditAnswer } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The cached credit of the signed-in customer (invalidate it after a cancellation or a payment). */
export const creditKey = ['credit'] as const;

/**
 * GET tour/credit: the customer's credit with the agency (money a cancellation gave back as a
 * credit) and its movements, newest first. The screens show it only when there is some; a
 * failure to read it hides it rather than interrupting the screen.
 */
export function useCredit(enabled = true) {
  return useQuery({
    queryKey: creditKey,
    queryFn: ({ signal }) => api.get('tour/credit', { schema: creditAnswer, signal }),
    enabled,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}
