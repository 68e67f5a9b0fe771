import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isSessionExpired } from './api-client.ts';
import { showErrorModal } from './error-modal.tsx';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { /** The screen shows this query's errors itself. */ inlineErrors?: boolean };
    mutationMeta: { /** The form shows this mutation's errors itself. */ inlineErrors?: boolean };
  }
}

/**
 * Spec §8: a failed call shows the 'Error' modal with the server's message, except a 401, which
 * only sends the user to the login screen, and calls whose screen shows the error in place.
 */
export function createQueryClient() {
  return new QueryClient({
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
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  });
}
