import { countryList } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { useLanguage } from './i18n.ts';

/** GET common/countries, in the app's language. */
export function useCountries() {
  const language = useLanguage();
  return useQuery({
    queryKey: ['countries', language],
    queryFn: ({ signal }) => api.get('common/countries', { schema: countryList, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
