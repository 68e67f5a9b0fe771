import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSessionUser, useSessionUser } from '../lib/session.ts';

let loaded = false;
const persistence = () => {
  loaded = true;
  return import('../lib/offline/persist.ts');
};

/**
 * At start, with a user signed in: their stored offline copies come back before the first screen
 * renders (a booking or a departure opened once opens with no network). Nothing loads for a
 * visitor who is not signed in.
 */
export function restoreOfflineData(queryClient: QueryClient): Promise<void> {
  const user = getSessionUser();
  if (!user) return Promise.resolve();
  return persistence()
    .then((module) => module.startOfflinePersistence(queryClient, user.id))
    .catch(() => undefined);
}

/** Keeps the signed-in user's offline copies in step; stops when the session ends. */
export function OfflineData() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId) {
      void persistence().then((module) => module.startOfflinePersistence(queryClient, userId));
    } else if (loaded) {
      void persistence().then((module) => module.stopOfflinePersistence());
    }
  }, [userId, queryClient]);
  return null;
}
