import { guideDepartureList } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const guideDeparturesKey = ['guide', 'departures'] as const;

/** GET guide/departures: the departures the guide is assigned to; kept for offline use. */
export function useGuideDepartures() {
  return useQuery({
    queryKey: guideDeparturesKey,
    queryFn: ({ signal }) => api.get('guide/departures', { schema: guideDepartureList, signal }),
    staleTime: 0,
    meta: { inlineErrors: true, offline: true },
  });
}
