import { tour } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/**
 * GET tour/{code}: the booking's tour as the booking page reads it (its types, categories,
 * customer types and prices), in the page's language, for the choices of a change. The key is
 * the booking page's for the same tour, so that both share the cached answer.
 */
export function useBookingTour(tourCode: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['tour', 'public', tourCode, language],
    queryFn: ({ signal }) =>
      api.get(`tour/${encodeURIComponent(tourCode)}`, {
        schema: tour,
        signal,
        headers: { 'accept-language': language },
      }),
    staleTime: 5 * 60_000,
    // The booking's tour (its itinerary), kept on the device with the booking (issue 32).
    meta: { inlineErrors: true, offline: true },
  });
}
