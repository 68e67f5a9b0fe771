import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { get, set } from 'idb-keyval';
import { getSessionUser } from '../session.ts';
import { isPastDeleteAfter } from './expiry.ts';
import { offlineStore } from './store.ts';

/**
 * Keeps the signed-in user's offline queries (those marked `meta: { offline: true }`: the
 * reservations, a booking's detail and its tour, the guide's departures and downloads) in
 * IndexedDB under their own key, and restores them when the app starts with that user signed in:
 * screens opened once open again with no network (issue 32, docs/guide-app.md).
 *
 * TanStack Query's own dehydrate/hydrate do the work (the persist-client packages pin an older
 * query-core, which would be bundled twice).
 */

/** Bump to drop every stored copy (after an incompatible change of the answers' shapes). */
const BUSTER = 'v1';
/** The oldest copy restored: longer than a guide's session and a trek. */
const MAX_AGE = 30 * 24 * 60 * 60 * 1000;
/** Writes at most this often while the cache changes. */
const THROTTLE_MS = 250;

interface Stored {
  buster: string;
  savedAt: number;
  state: DehydratedState;
}

export function shouldPersistQuery(query: Query): boolean {
  return (
    query.meta?.offline === true &&
    query.state.status === 'success' &&
    !isPastDeleteAfter(query.state.data)
  );
}

export const storageKey = (userId: string) => `queries:${userId}`;

/** The user's stored copies, put back in the cache (older ones never replace newer answers). */
export async function restoreQueries(queryClient: QueryClient, userId: string): Promise<void> {
  const stored = await get<Stored>(storageKey(userId), offlineStore);
  if (!stored || stored.buster !== BUSTER || Date.now() - stored.savedAt > MAX_AGE) return;
  hydrate(queryClient, stored.state);
  // A departure whose deleteAfter has passed is dropped (and so from the store at the next write).
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.meta?.offline && isPastDeleteAfter(query.state.data)) {
      queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
    }
  }
}

/** Writes the user's offline queries now. */
export function saveQueries(queryClient: QueryClient, userId: string): Promise<void> {
  // Never write one user's cache under another's key, nor an emptied cache after the session
  // ended (the in-memory cache is cleared then; the stored copy stays for the same user).
  if (getSessionUser()?.id !== userId) return Promise.resolve();
  const state = dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery });
  const stored: Stored = { buster: BUSTER, savedAt: Date.now(), state };
  return set(storageKey(userId), stored, offlineStore);
}

let active: { userId: string; stop: () => void; restored: Promise<void> } | null = null;

/** Starts keeping `userId`'s offline queries; resolves once their stored copies are restored. */
export function startOfflinePersistence(queryClient: QueryClient, userId: string): Promise<void> {
  if (active?.userId === userId) return active.restored;
  stopOfflinePersistence();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe = () => {};
  let stopped = false;
  const restored = restoreQueries(queryClient, userId)
    .catch(() => undefined)
    .then(() => {
      if (stopped) return;
      unsubscribe = queryClient.getQueryCache().subscribe((event) => {
        // Only changes of what is kept: an offline query's data, or one removed.
        if (!event.query.meta?.offline) return;
        if (event.type !== 'updated' && event.type !== 'removed' && event.type !== 'added') return;
        timer ??= setTimeout(() => {
          timer = undefined;
          void saveQueries(queryClient, userId).catch(() => undefined);
        }, THROTTLE_MS);
      });
    });
  active = {
    userId,
    restored,
    stop: () => {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
    },
  };
  return restored;
}

export function stopOfflinePersistence() {
  active?.stop();
  active = null;
}
