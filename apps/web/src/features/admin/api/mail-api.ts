import { type AdminMailItem, adminMailList, adminMailMessage } from '@cusco/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, download } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** Rows per page of the mailbox. */
export const MAIL_PAGE_SIZE = 25;

/** GET admin/mail (administrators): the outbox, newest first, with its filters. */
export function useMailbox(query: Record<string, string>, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'mail', query, page],
    queryFn: ({ signal }) =>
      api.page<AdminMailItem>(
        'admin/mail',
        { page, pageSize: MAIL_PAGE_SIZE },
        { schema: adminMailList, searchParams: query, signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

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
