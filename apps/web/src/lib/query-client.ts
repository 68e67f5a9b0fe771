import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isSessionExpired, isUnavailable } from './api-client.ts';
import { showErrorModal } from './error-modal.tsx';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The screen shows this query's errors itself. */
      inlineErrors?: boolean;
      /**
       * Kept on the device for offline use (issue 32, lib/offline/persist.ts): the signed-in
       * user's copy, deleted at sign-out.
       */
      offline?: boolean;
    };
    mutationMeta: { /** The form shows this mutation's errors itself. */ inlineErrors?: boolean };
  }
}

/** How many times a read answered 503 is tried again, after the server's Retry-After each time. */
const UNAVAILABLE_RETRIES = 4;

/**
 * Spec §8: a failed call shows the 'Error' modal with the server's message, except a 401, which
 * only sends the user to the login screen, and calls whose screen shows the error in place.
 */
export function createQueryClient() {
  // TanStack Query learns of the network from 'online'/'offline' events only: an app started with
  // no network (issue 32, a phone on the trail) starts paused instead of failing its reads.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (isSessionExpired(error) || query.meta?.inlineErrors) return;
        showErrorModal(error);
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _variables, _context, mutation) {
        if (isSessionExpired(error) || mutation.meta?.inlineErrors) return;
        showErrorModal(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          // A 503 (e.g. the database restarting) is waited out a little longer than other faults.
          if (isUnavailable(error)) return failureCount < UNAVAILABLE_RETRIES;
          return !(error instanceof ApiError && error.status < 500) && failureCount < 2;
        },
        retryDelay: (attempt, error) =>
          isUnavailable(error) && error.retryAfterSeconds !== null
            ? Math.min(error.retryAfterSeconds, 30) * 1000
            : Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });
  // The answers kept offline stay in memory while the app runs (restored copies too, which no
  // screen may observe for a while): a query garbage-collected would be dropped from the store.
  for (const queryKey of [['booking'], ['bookings'], ['tour', 'public'], ['guide']]) {
    client.setQueryDefaults(queryKey, { gcTime: OFFLINE_GC_MS });
  }
  return client;
}

/** A day: the offline answers outlive any screen that shows them. */
const OFFLINE_GC_MS = 24 * 60 * 60 * 1000;
