import { type AdminMailItem, adminMailList, adminMailMessage } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api, download } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { usePagedAdminList } from './admin-api.ts';

/** GET admin/mail (administrators): the outbox, newest first, with its filters. */
export const useMailbox = (query: Record<string, string>, page: number, enabled: boolean) =>
  usePagedAdminList<AdminMailItem>('admin/mail', adminMailList, query, page, { enabled });

/** GET admin/mail/{id}: one kept message as it would have been sent. */
export function useMailMessage(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'mail', 'message', id],
    queryFn: ({ signal }) =>
      api.get(`admin/mail/${encodeURIComponent(id ?? '')}`, { schema: adminMailMessage, signal }),
    enabled: id !== null,
    meta: { inlineErrors: true },
  });
}

/** GET admin/mail/{id}/attachments/{index}: saves one of a kept message's files. */
export async function downloadMailAttachment(id: string, index: number, filename: string) {
  saveFile(await download(`admin/mail/${encodeURIComponent(id)}/attachments/${index}`), filename);
}
