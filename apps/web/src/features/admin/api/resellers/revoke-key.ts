import { resellerKey } from '@cusco/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { resellersKey } from './list-resellers.ts';

/** DELETE admin/resellers/{id}/keys/{keyId}: the key stops working at once; the list reads again. */
export function useRevokeResellerKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, keyId }: { companyId: string; keyId: string }) =>
      api.delete(
        `admin/resellers/${encodeURIComponent(companyId)}/keys/${encodeURIComponent(keyId)}`,
        { schema: resellerKey },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersKey }),
    meta: { inlineErrors: true },
  });
}
