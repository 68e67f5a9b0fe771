import {
  type IncidentSaveRequest,
  type IncidentUpdateRequest,
  incident,
  incidentList,
  incidentResult,
} from '@cusco/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { LIST_PAGE_SIZE, nextPageParam } from '../../../lib/pages.ts';

const listKey = ['incidents'] as const;

/**
 * GET incident/ListByCurrentUser, page after page: the caller's requests (no retry on empty:
 * spec's hack dropped).
 */
export function useIncidentPages() {
  const language = useLanguage();
  return useInfiniteQuery({
    queryKey: [...listKey, 'pages', language],
    queryFn: ({ pageParam, signal }) =>
      api.page(
        'incident/ListByCurrentUser',
        { page: pageParam, pageSize: LIST_PAGE_SIZE },
        { schema: incidentList, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/** GET incident/{id}. */
export function useIncident(id: string | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['incident', id, language],
    queryFn: ({ signal }) => api.get(`incident/${id}`, { schema: incident, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** A change to a request: the list and the requests read are read again once it is made. */
function useIncidentChange<Data, Variables>(mutationFn: (variables: Variables) => Promise<Data>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: ['incident'] });
    },
  });
}

export function useSaveIncident() {
  return useIncidentChange((body: IncidentSaveRequest) =>
    api.post('incident/save', body, { schema: incidentResult }),
  );
}

export function useUpdateIncident() {
  return useIncidentChange(({ id, body }: { id: string; body: IncidentUpdateRequest }) =>
    api.put(`incident/${id}/update`, body, { schema: incidentResult }),
  );
}

/** PUT incident/{id}/change/status with an empty body: the server decides the next status. */
export function useChangeIncidentStatus() {
  return useIncidentChange((id: string) =>
    api.put(`incident/${id}/change/status`, {}, { schema: incidentResult }),
  );
}

/**
 * A deleted request is never read again: reading it would answer 404 ("this request does not
 * exist") over the "Deleted" message. Its form, still open, keeps what it shows until it closes;
 * then the entry is dropped (now if nothing shows it, else when the cache collects it). The list
 * is read again.
 */
export function useDeleteIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`incident/${id}/delete`, { schema: incidentResult }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: ['incident', id], type: 'inactive' });
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
