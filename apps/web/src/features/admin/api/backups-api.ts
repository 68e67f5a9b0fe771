import { backupStatus } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET admin/backups (administrators): the schedule, the last backup and the last failure. */
export function useBackupStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'backups'],
    queryFn: ({ signal }) => api.get('admin/backups', { schema: backupStatus, signal }),
    enabled,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}
