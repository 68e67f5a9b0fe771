import { clear, createStore, del, get, set } from 'idb-keyval';

/**
 * The app's data on the device (issue 32, docs/guide-app.md): one IndexedDB database holding the
 * copies of API answers kept for offline use (per user: `queries:<user id>`) and the guide's
 * queue of actions not yet sent (`trail-queue:<user id>`). Deleted whole at sign-out and when
 * another user signs in (lib/session.ts).
 */
export const offlineStore = createStore('cusco-offline', 'keyval');

export const offlineStorage = {
  getItem: (key: string) => get<string>(key, offlineStore).then((value) => value ?? null),
  setItem: (key: string, value: string) => set(key, value, offlineStore),
  removeItem: (key: string) => del(key, offlineStore),
};

/** Forgets everything stored for offline use on this device. */
export function wipeOfflineData(): Promise<void> {
  return clear(offlineStore);
}
