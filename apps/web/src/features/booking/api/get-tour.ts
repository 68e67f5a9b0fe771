import { type Language, tour } from '@cusco/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type BookingVariant = 'public' | 'corporate';

/** GET tour/{id} (public page) or GET tour/private/{tourId} (corporate page), in a language. */
export function tourQuery(code: string, language: Language, variant: BookingVariant) {
  return queryOptions({
    queryKey: ['tour', variant, code, language],
    queryFn: ({ signal }) =>
      api.get(variant === 'corporate' ? `tour/private/${code}` : `tour/${code}`, {
        schema: tour,
        signal,
        headers: { 'accept-language': language },
      }),
    staleTime: 5 * 60_000,
    meta: { inlineErrors: true },
  });
}

export function useTour(code: string | null, language: Language, variant: BookingVariant) {
  return useQuery({ ...tourQuery(code ?? '', language, variant), enabled: code !== null });
}
