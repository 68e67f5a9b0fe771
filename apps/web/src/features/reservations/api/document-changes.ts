import { documentChangeItem, documentChangesAnswer } from '@cusco/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { bookingDetailKey } from '../../../lib/queries/booking-detail.ts';

/**
 * A locked traveller's document change (issue 29): the booking's requests and what a new one
 * costs (GET), asking for one with both scans (POST, multipart), withdrawing one.
 */

export const documentChangesKey = (code: string) => ['document-changes', code] as const;

const base = (code: string) => `tour/booking/${encodeURIComponent(code)}`;

/** GET tour/booking/{code}/document-changes. */
export function useDocumentChanges(code: string, enabled = true) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...documentChangesKey(code), language],
    queryFn: ({ signal }) =>
      api.get(`${base(code)}/document-changes`, { schema: documentChangesAnswer, signal }),
    enabled,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/** What a request sends: the new values (empty ones are no change) and both scans. */
export interface DocumentChangeInput {
  slotId: string;
  lastName: string;
  documentNumber: string;
  documentTypeId: string;
  countryId: string;
  oldDocument: File;
  newDocument: File;
}

/** Reads the booking and its requests again after a request or a withdrawal. */
function useRefresh(code: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: documentChangesKey(code) });
    void queryClient.invalidateQueries({ queryKey: bookingDetailKey(code) });
  };
}

/** POST tour/booking/{code}/passengers/{slotId}/document-change. */
export function useRequestDocumentChange(code: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (input: DocumentChangeInput) => {
      const body = new FormData();
      for (const field of ['lastName', 'documentNumber', 'documentTypeId', 'countryId'] as const) {
        const value = input[field].trim();
        if (value) body.append(field, value);
      }
      body.append('oldDocument', input.oldDocument);
      body.append('newDocument', input.newDocument);
      return api.upload(
        `${base(code)}/passengers/${encodeURIComponent(input.slotId)}/document-change`,
        body,
        { schema: documentChangeItem },
      );
    },
    onSuccess: refresh,
    meta: { inlineErrors: true },
  });
}

/** POST tour/booking/{code}/document-changes/{id}/withdraw. */
export function useWithdrawDocumentChange(code: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`${base(code)}/document-changes/${encodeURIComponent(id)}/withdraw`, undefined, {
        schema: documentChangeItem,
      }),
    onSuccess: refresh,
    meta: { inlineErrors: true },
  });
}
