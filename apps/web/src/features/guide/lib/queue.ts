import {
  TRAIL_BATCH_MAX,
  type TrailAction,
  type TrailActionResult,
  type TrailActionsRequest,
  type TrailActionsResponse,
} from '@cusco/shared';

/**
 * The guide's actions on the trail (issue 32, docs/guide-app.md): each has its own uuid, is kept
 * on the phone at once (pending), and is sent when there is a network. The server recognises an
 * action it already has by its id (duplicate), so sending again after a lost answer never doubles
 * it. What the server answered stays beside the action, for the screen.
 */
export type QueuedState = 'pending' | TrailActionResult['outcome'];

export interface QueuedAction {
  action: TrailAction;
  state: QueuedState;
  /** The server's answer, once sent. */
  result?: TrailActionResult;
}

export interface QueueStorage {
  load(): Promise<QueuedAction[] | undefined>;
  save(entries: QueuedAction[]): Promise<void>;
}

export type SendActions = (body: TrailActionsRequest) => Promise<TrailActionsResponse>;

export interface SyncReport {
  sent: number;
  /** The send failed (no network, server down): what was not sent stays pending. */
  failed: boolean;
}

export interface TrailQueue {
  ready: Promise<void>;
  entries(): readonly QueuedAction[];
  subscribe(listener: () => void): () => void;
  add(action: TrailAction): Promise<void>;
  /** Sends what is pending, in batches; one sync at a time (a second call joins the first). */
  sync(): Promise<SyncReport>;
  /** Drops the settled actions of a departure (once its deleteAfter is past). */
  forget(tourCode: string, date: string): Promise<void>;
  pendingCount(): number;
}

/** Whether a failed send means the actions were refused for good (not a network fault). */
export type IsPermanentFailure = (error: unknown) => boolean;

export function createTrailQueue(options: {
  storage: QueueStorage;
  send: SendActions;
  deviceId: () => string;
  isPermanentFailure?: IsPermanentFailure;
}): TrailQueue {
  let list: QueuedAction[] = [];
  const listeners = new Set<() => void>();
  let syncing: Promise<SyncReport> | null = null;
  const ready = options.storage
    .load()
    .then((stored) => {
      // Actions added before the store answered go after the stored ones.
      list = [...(stored ?? []), ...list];
      notify();
    })
    .catch(() => undefined);

  function notify() {
    for (const listener of listeners) listener();
  }

  async function update(next: QueuedAction[]) {
    list = next;
    notify();
    await options.storage.save(list);
  }

  async function runSync(): Promise<SyncReport> {
    await ready;
    let sent = 0;
    for (;;) {
      const batch = list.filter((entry) => entry.state === 'pending').slice(0, TRAIL_BATCH_MAX);
      if (batch.length === 0) return { sent, failed: false };
      let response: TrailActionsResponse;
      try {
        response = await options.send({
          deviceId: options.deviceId(),
          actions: batch.map((entry) => entry.action),
        });
      } catch (error) {
        if (!options.isPermanentFailure?.(error)) return { sent, failed: true };
        // A batch the server will never take (malformed): refused, not retried for ever.
        const ids = new Set(batch.map((entry) => entry.action.id));
        await update(
          list.map((entry) =>
            ids.has(entry.action.id)
              ? {
                  ...entry,
                  state: 'refused',
                  result: { id: entry.action.id, outcome: 'refused', reason: 'invalidInput' },
                }
              : entry,
          ),
        );
        return { sent, failed: true };
      }
      const results = new Map(response.results.map((result) => [result.id, result]));
      await update(
        list.map((entry) => {
          const result = results.get(entry.action.id);
          return result && entry.state === 'pending'
            ? { ...entry, state: result.outcome, result }
            : entry;
        }),
      );
      sent += batch.filter((entry) => results.has(entry.action.id)).length;
      // An answer that left some of the batch out: they stay pending for the next sync.
      if (batch.every((entry) => !results.has(entry.action.id))) return { sent, failed: true };
    }
  }

  return {
    ready,
    entries: () => list,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async add(action) {
      if (list.some((entry) => entry.action.id === action.id)) return;
      await update([...list, { action, state: 'pending' }]);
    },
    sync() {
      syncing ??= runSync().finally(() => {
        syncing = null;
      });
      return syncing;
    },
    async forget(tourCode, date) {
      await ready;
      await update(
        list.filter(
          (entry) =>
            entry.state === 'pending' ||
            entry.action.tourCode !== tourCode ||
            entry.action.date !== date,
        ),
      );
    },
    pendingCount: () => list.filter((entry) => entry.state === 'pending').length,
  };
}
