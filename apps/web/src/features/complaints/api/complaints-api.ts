import { type ComplaintRequest, complaintFiledAnswer, complaintsBookAnswer } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useFormMutation } from '../../../lib/form-mutation.ts';

/** GET complaints/book (issue 30): the provider the book belongs to, its legal name and RUC. */
export function useComplaintsBook() {
  return useQuery({
    queryKey: ['complaints', 'book'],
    queryFn: ({ signal }) => api.get('complaints/book', { schema: complaintsBookAnswer, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST complaints: files a sheet; answers its number and due date. */
export function useFileComplaint() {
  return useFormMutation((body: ComplaintRequest) =>
    api.post('complaints', body, { schema: complaintFiledAnswer }),
  );
}
