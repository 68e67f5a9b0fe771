import pg from 'pg';
import { BOOKING_CHANGED_CHANNEL, type ChangeFeed, keysOfNotification } from './change-feed.ts';

/** The name the listening connection carries in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'cusco-api-changes';

export interface ListenerOptions {
  url: string;
  /** How long connecting, or the heartbeat's round trip, may take before the link counts as lost. */
  timeoutMs?: number;
  /** How often the link is checked: a connection cut without a word is noticed within this. */
  heartbeatMs?: number;
  /** The first wait before connecting again; it doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  onError?: (error: Error) => void;
}

/**
 * Listens for `booking_changed` on a connection of its own and tells `feed`: the keys of each
 * notification, and a reset whenever the link is made or lost (notifications sent meanwhile are
 * gone). A lost link is made again, waiting longer each time; a heartbeat notices a link cut
 * without a word. Answers a function that stops it.
 */
export function listenForChanges(feed: ChangeFeed, options: ListenerOptions): () => Promise<void> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const firstRetryMs = options.retryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 5000;
  let stopped = false;
  let client: pg.Client | undefined;
  let retryMs = firstRetryMs;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lost = (current: pg.Client, error?: Error) => {
    if (client !== current) return;
    client = undefined;
    clearInterval(heartbeat);
    feed.reset(false);
    if (error) options.onError?.(error);
    current.end().catch(() => {});
    if (stopped) return;
    retry = setTimeout(connect, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  async function connect() {
    const current = new pg.Client({
      connectionString: options.url,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      keepAlive: true,
    });
    client = current;
    current.on('error', (error) => lost(current, error));
    current.on('end', () => lost(current));
    current.on('notification', (message) => {
      if (client === current && message.channel === BOOKING_CHANGED_CHANNEL) {
        feed.changed(keysOfNotification(message.payload));
      }
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${BOOKING_CHANGED_CHANNEL}`);
    } catch (error) {
      lost(current, error as Error);
      return;
    }
    if (client !== current) return;
    if (stopped) {
      await current.end().catch(() => {});
      return;
    }
    // Heard from now on; what was read before the link was made may have missed a change.
    feed.reset(true);
    retryMs = firstRetryMs;
    heartbeat = setInterval(() => {
      current.query('SELECT 1').catch((error: Error) => lost(current, error));
    }, heartbeatMs);
    heartbeat.unref();
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    const current = client;
    client = undefined;
    feed.reset(false);
    await current?.end().catch(() => {});
  };
}
