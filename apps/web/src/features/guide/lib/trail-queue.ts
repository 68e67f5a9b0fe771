import { get, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import { offlineStore } from '../../../lib/offline/store.ts';
import { getSessionUser } from '../../../lib/session.ts';
import { isPermanentFailure, sendActions } from '../api/send-actions.ts';
import { deviceId } from './device.ts';
import { createTrailQueue, type QueuedAction, type TrailQueue } from './queue.ts';

/** The signed-in guide's queue, in IndexedDB beside the offline copies (wiped at sign-out). */
let current: { userId: string; queue: TrailQueue } | null = null;

export function trailQueue(): TrailQueue | null {
  const user = getSessionUser();
  if (!user) return null;
  if (current?.userId !== user.id) {
    const key = `trail-queue:${user.id}`;
    current = {
      userId: user.id,
      queue: createTrailQueue({
        storage: {
          load: () => get<QueuedAction[]>(key, offlineStore),
          save: (entries) => set(key, entries, offlineStore),
        },
        send: sendActions,
        deviceId,
        isPermanentFailure,
      }),
    };
  }
  return current.queue;
}

const none: readonly QueuedAction[] = [];

/** The queue's actions, kept in step with it. */
export function useQueueEntries(): readonly QueuedAction[] {
  const queue = trailQueue();
  return useSyncExternalStore(
    (listener) => queue?.subscribe(listener) ?? (() => undefined),
    () => queue?.entries() ?? none,
  );
}

/** Drops the queue from memory (after sign-out, which deletes it from the phone). */
export function forgetTrailQueue() {
  current = null;
}
