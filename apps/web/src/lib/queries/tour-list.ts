import { tourList } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { useLanguage } from '../i18n.ts';

/**
 * The tours: GET tour/list for a signed-in user, GET tour/catalogue (the same answer, public) for
 * anyone (`audience: 'public'`).
 */
export function useTourList(options: { enabled?: boolean; audience?: 'public' | 'signedIn' } = {}) {
  const language = useLanguage();
  const audience = options.audience ?? 'signedIn';
  return useQuery({
    queryKey: ['tours', audience, language],
    queryFn: ({ signal }) =>
      api.get(audience === 'public' ? 'tour/catalogue' : 'tour/list', { schema: tourList, signal }),
    enabled: options.enabled ?? true,
    meta: { inlineErrors: true },
  });
}
