import { incidentOptions } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { useLanguage } from '../i18n.ts';

/**
 * GET incident/list/types or incident/list/status: the kinds and statuses of requests, for the
 * customer's request form and the back office's queue filters.
 */
export function useIncidentOptions(list: 'types' | 'status', { enabled = true } = {}) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['incident-options', list, language],
    queryFn: ({ signal }) => api.get(`incident/list/${list}`, { schema: incidentOptions, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
