import {
  type CrewAssignRequest,
  type CrewMember,
  type CrewMemberRequest,
  crewList,
  crewMember,
  departureCrew,
} from '@cusco/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { usePagedAdminList } from './admin-api.ts';

/** The crew (issue 29): the roster and a departure's crew. */

const crewKey = ['admin', 'crew'] as const;

/** GET admin/crew: one page of the roster, with its filters. */
export const useCrewRoster = (query: Record<string, string>, page: number) =>
  usePagedAdminList<CrewMember>('admin/crew', crewList, query, page, {
    key: [...crewKey, 'roster'],
  });

/** GET admin/crew?active=true: the active crew to choose from (the first hundred, guides first). */
export function useActiveCrew(enabled: boolean) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...crewKey, 'active', language],
    queryFn: ({ signal }) =>
      api.get('admin/crew', {
        schema: crewList,
        searchParams: { active: 'true', pageSize: '100' },
        signal,
      }),
    enabled,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

const departureCrewPath = (tour: string, date: string) =>
  `admin/departures/${encodeURIComponent(tour)}/${encodeURIComponent(date)}/crew`;

/** GET admin/departures/{tour}/{date}/crew. */
export function useDepartureCrew(tour: string, date: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...crewKey, 'departure', tour, date, language],
    queryFn: ({ signal }) =>
      api.get(departureCrewPath(tour, date), { schema: departureCrew, signal }),
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/**
 * A crew call: once it succeeds, every back-office query reads again (the roster, the
 * departure's crew, the departures and calendar that count it). Its refusal is shown in the
 * dialog that made it, not in an error modal.
 */
function useCrewMutation<Variables, Answer>(call: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    meta: { inlineErrors: true },
  });
}

/** POST admin/crew, or PUT admin/crew/{id} with an id (administrators). */
export const useSaveCrewMember = () =>
  useCrewMutation(({ id, body }: { id?: string; body: CrewMemberRequest }) =>
    id
      ? api.put(`admin/crew/${encodeURIComponent(id)}`, body, { schema: crewMember })
      : api.post('admin/crew', body, { schema: crewMember }),
  );

/** POST admin/departures/{tour}/{date}/crew. */
export const useAssignCrew = (tour: string, date: string) =>
  useCrewMutation((body: CrewAssignRequest) =>
    api.post(departureCrewPath(tour, date), body, { schema: departureCrew }),
  );

/** DELETE admin/departures/{tour}/{date}/crew/{id}. */
export const useRemoveCrew = (tour: string, date: string) =>
  useCrewMutation((crewMemberId: string) =>
    api.delete(`${departureCrewPath(tour, date)}/${encodeURIComponent(crewMemberId)}`, {
      schema: departureCrew,
    }),
  );
