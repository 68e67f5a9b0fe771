import { tourList } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { useLanguage } from '../i18n.ts';

/** GET tour/list: the tours a signed-in user can book. */
export function useTourList(options: { enabled?: boolean } = {}) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['tours', language],
    queryFn: ({ signal }) => api.get('tour/list', { schema: tourList, signal }),
    enabled: options.enabled ?? true,
    meta: { inlineErrors: true },
  });
}
