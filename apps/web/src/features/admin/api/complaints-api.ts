import { type AdminComplaintItem, adminComplaintDetail, adminComplaintList } from '@cusco/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { usePagedAdminList } from './admin-api.ts';

/** The complaints book's queue (issue 30): list, one sheet, its answer, its PDF. */

const path = 'admin/complaints';

/** GET admin/complaints: by status (open, answered, overdue). */
export const useComplaintQueue = (query: Record<string, string>, page: number) =>
  usePagedAdminList<AdminComplaintItem>(path, adminComplaintList, query, page);

/** GET admin/complaints/{id}. */
export function useComplaint(id: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['admin', path, id, language],
    queryFn: ({ signal }) =>
      api.get(`${path}/${encodeURIComponent(id)}`, { schema: adminComplaintDetail, signal }),
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/** POST admin/complaints/{id}/answer: once; the lists read again. */
export function useAnswerComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: string }) =>
      api.post(
        `${path}/${encodeURIComponent(id)}/answer`,
        { answer },
        {
          schema: adminComplaintDetail,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    meta: { inlineErrors: true },
  });
}

/** GET admin/complaints/{id}/pdf: saves the sheet as a PDF. */
export async function downloadComplaintPdf(id: string, number: string) {
  saveFile(
    await download(`${path}/${encodeURIComponent(id)}/pdf`),
    `hoja-reclamacion-${number}.pdf`,
  );
}
