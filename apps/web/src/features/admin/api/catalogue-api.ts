import {
  type AdminTourEditor,
  type AdminTourListItem,
  adminTourEditor,
  adminTourList,
} from '@cusco/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { usePagedAdminList } from './admin-api.ts';

/** The sections of the catalogue editor, by the path of their call (PUT admin/tours/{code}/…). */
export type TourSection =
  | 'texts'
  | 'itinerary'
  | 'inclusions'
  | 'prices'
  | 'hotels'
  | 'services'
  | 'related'
  | 'rules'
  | 'policies'
  | 'purchase-items'
  | 'active';

const toursKey = ['admin', 'catalogue', 'tours'] as const;
const tourKey = (code: string, language: string) => ['admin', 'catalogue', 'tour', code, language];

/** GET admin/tours: one page of the tours, searched and filtered. */
export const useAdminTours = (query: Record<string, string>, page: number) =>
  usePagedAdminList<AdminTourListItem>('admin/tours', adminTourList, query, page, {
    key: toursKey,
  });

/** GET admin/tours/{code}: the tour as the editor shows it. */
export function useEditableTour(code: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: tourKey(code, language),
    queryFn: ({ signal }) =>
      api.get(`admin/tours/${encodeURIComponent(code)}`, { schema: adminTourEditor, signal }),
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/**
 * PUT admin/tours/{code}/{section}, with the revision the editor shows: the answer (the tour as it
 * now is, with its new revision) replaces the editor's copy, so that the next section saved names
 * the new revision; the list reads again.
 */
export function useSaveTourSection(code: string) {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ section, body }: { section: TourSection; body: object }) => {
      const current = queryClient.getQueryData<AdminTourEditor>(tourKey(code, language));
      return api.put(
        `admin/tours/${encodeURIComponent(code)}/${section}`,
        { ...body, revision: current?.revision ?? 0 },
        { schema: adminTourEditor },
      );
    },
    onSuccess: (tour) => {
      queryClient.setQueryData(tourKey(code, language), tour);
      void queryClient.invalidateQueries({ queryKey: toursKey });
      // A public page of the tour open in this tab reads it again.
      void queryClient.invalidateQueries({ queryKey: ['tour'] });
    },
    meta: { inlineErrors: true },
  });
}
