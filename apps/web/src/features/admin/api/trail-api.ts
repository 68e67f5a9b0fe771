import { adminTrail } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/** What the guides did on the trail (issue 32): check-ins, no-shows, notes and their phones' syncs. */

const trailPath = (tour: string, date: string) =>
  `admin/departures/${encodeURIComponent(tour)}/${encodeURIComponent(date)}/trail`;

/** GET admin/departures/{tour}/{date}/trail. */
export function useDepartureTrail(tour: string, date: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['admin', 'trail', tour, date, language],
    queryFn: ({ signal }) => api.get(trailPath(tour, date), { schema: adminTrail, signal }),
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}
