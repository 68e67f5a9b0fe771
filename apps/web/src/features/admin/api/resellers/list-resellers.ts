import { resellerList } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

/** The query key of the resellers' screen (under the back office's `admin` key). */
export const resellersKey = ['admin', 'resellers'] as const;

/** GET admin/resellers (administrators): every corporate client, its users, net price and keys. */
export function useResellers(enabled: boolean) {
  return useQuery({
    queryKey: resellersKey,
    queryFn: ({ signal }) => api.get('admin/resellers', { schema: resellerList, signal }),
    enabled,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}
