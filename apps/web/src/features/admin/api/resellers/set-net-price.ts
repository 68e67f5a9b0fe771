import { reseller } from '@cusco/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { resellersKey } from './list-resellers.ts';

/** PUT admin/resellers/{id}: the company's net discount, in basis points; the list reads again. */
export function useSetNetPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, netDiscountBps }: { companyId: string; netDiscountBps: number }) =>
      api.put(
        `admin/resellers/${encodeURIComponent(companyId)}`,
        { netDiscountBps },
        { schema: reseller },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersKey }),
    meta: { inlineErrors: true },
  });
}
