import {
  type AdminDocumentChange,
  adminDocumentChangeList,
  type DocumentChangeConfirmRequest,
  documentChangeDecision,
} from '@cusco/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, download } from '../../../lib/api-client.ts';
import { usePagedAdminList } from './admin-api.ts';

/**
 * Document changes of locked travellers (issue 29): the queue (GET admin/document-changes), a
 * scan, and staff's decisions (confirm with the new permit's reference, refuse with a reason).
 */

const path = 'admin/document-changes';

/** GET admin/document-changes: by status ('' the open ones) and booking code. */
export const useDocumentChangeQueue = (query: Record<string, string>, page: number) =>
  usePagedAdminList<AdminDocumentChange>(path, adminDocumentChangeList, query, page);

/** GET admin/document-changes/{id}/scans/{side}: the scan, fetched with the session's token. */
export const downloadScan = (id: string, side: 'old' | 'new') =>
  download(`${path}/${encodeURIComponent(id)}/scans/${side}`);

/** A decision: once it succeeds, the back office's lists and the booking read again. */
function useDecision<Variables>(call: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    meta: { inlineErrors: true },
  });
}

/** POST admin/document-changes/{id}/confirm. */
export const useConfirmDocumentChange = () =>
  useDecision(({ id, body }: { id: string; body: DocumentChangeConfirmRequest }) =>
    api.post(`${path}/${encodeURIComponent(id)}/confirm`, body, {
      schema: documentChangeDecision,
    }),
  );

/** POST admin/document-changes/{id}/refuse. */
export const useRefuseDocumentChange = () =>
  useDecision(({ id, reason }: { id: string; reason: string }) =>
    api.post(
      `${path}/${encodeURIComponent(id)}/refuse`,
      { reason },
      {
        schema: documentChangeDecision,
      },
    ),
  );
