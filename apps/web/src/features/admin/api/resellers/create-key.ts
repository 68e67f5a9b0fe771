import { type ResellerKeyRequest, resellerKeyCreated } from '@cusco/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { resellersKey } from './list-resellers.ts';

/**
 * POST admin/resellers/{id}/keys: a new key, answered once (the server keeps only its hash), sent
 * with the Idempotency-Key of the dialog that asks for it; the list reads again.
 */
export function useCreateResellerKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      companyId,
      body,
      key,
    }: {
      companyId: string;
      body: ResellerKeyRequest;
      key: string;
    }) =>
      api.post(`admin/resellers/${encodeURIComponent(companyId)}/keys`, body, {
        schema: resellerKeyCreated,
        headers: { 'idempotency-key': key },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersKey }),
    meta: { inlineErrors: true },
  });
}
