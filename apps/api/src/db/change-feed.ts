/**
 * How a node learns that what it has cached of a booking may be out of date without asking the
 * database on every read (issue 33, ADR 0056):
 *
 * - **This process's writes.** Every statement on the database handle's connections that may
 *   write (anything but a SELECT, and the end of a transaction) moves the feed when it finishes,
 *   before the code that ran it goes on: a customer's next read after their own change never
 *   sees what was cached before it.
 * - **Other processes' writes** (another node, a command-line tool, a person in psql), on
 *   PostgreSQL: a trigger on `bookings` sends `NOTIFY booking_changed` with the booking's keys
 *   (`b:<code> u:<user id> c:<company id>`), delivered once the change has committed; a dedicated
 *   connection listens (`listenForChanges`). While it is not listening (before it has connected,
 *   after it lost its connection), nothing counts as unchanged. The embedded database has no
 *   other process: its own writes are all there is.
 *
 * A reader takes a `stamp()` before it reads the database, and keeps what it read with it;
 * `unchangedSince(stamp, keys)` later says whether it may still be given without reading again.
 */
export class ChangeFeed {
  private clock = 0;
  private wroteAt = 0;
  private resetAt = 0;
  private listening: boolean;
  private readonly keyAt = new Map<string, number>();
  private readonly maxKeys: number;
  private startListening: (() => void) | undefined;

  /**
   * @param options.listen starts listening for other processes' changes, on first use (a
   *   handle opened by a command-line tool never reads through the feed, and opens no extra
   *   connection); without it, this process is the only writer.
   */
  constructor(options: { listen?: (feed: ChangeFeed) => void; maxKeys?: number } = {}) {
    this.listening = options.listen === undefined;
    this.maxKeys = options.maxKeys ?? 10_000;
    const listen = options.listen;
    if (listen) this.startListening = () => listen(this);
  }

  /** Now, for a read about to ask the database. */
  stamp(): number {
    if (this.startListening) {
      const start = this.startListening;
      this.startListening = undefined;
      start();
    }
    return this.clock;
  }

  /**
   * Whether what was read after `stamp` still stands for `keys`: the feed has listened all along,
   * and neither this process's writes nor a change notified for one of the keys came since.
   */
  unchangedSince(stamp: number, keys: readonly string[]): boolean {
    if (!this.listening || this.wroteAt > stamp || this.resetAt > stamp) return false;
    return keys.every((key) => (this.keyAt.get(key) ?? 0) <= stamp);
  }

  /**
   * Whether everything may have changed since `stamp` (a table emptied elsewhere, or listening
   * started or stopped): what is kept by another check (a booking's revision) is read again too.
   */
  resetSince(stamp: number): boolean {
    return this.resetAt > stamp;
  }

  /** A statement that may have written finished on this process's connections. */
  wrote(): void {
    this.wroteAt = ++this.clock;
  }

  /** Another process changed what `keys` name (a notification); `*`: anything (a TRUNCATE). */
  changed(keys: readonly string[]): void {
    if (keys.includes('*') || this.keyAt.size + keys.length > this.maxKeys) {
      this.keyAt.clear();
      this.resetAt = ++this.clock;
      return;
    }
    const at = ++this.clock;
    for (const key of keys) this.keyAt.set(key, at);
  }

  /** Listening starts or stops: whatever was read before cannot be trusted any more. */
  reset(listening: boolean): void {
    this.listening = listening;
    this.keyAt.clear();
    this.resetAt = ++this.clock;
  }

  /** Whether other processes' changes are being heard (for tests and the logs). */
  get isListening(): boolean {
    return this.listening;
  }
}

/** The notification channel of booking changes (migration 0032). */
export const BOOKING_CHANGED_CHANNEL = 'booking_changed';

/**
 * The keys a `booking_changed` notification names: `b:<code>`, `u:<user>`, `c:<company>`,
 * `a:<payment attempt>`, or `*` (a table emptied: anything may have changed).
 */
export function keysOfNotification(payload: string | undefined): string[] {
  return (payload ?? '').split(' ').filter((key) => key === '*' || /^[abuc]:\S+$/.test(key));
}

/** Whether a statement's text only reads (a SELECT, possibly parenthesized for a UNION). */
export function onlyReads(text: string): boolean {
  return /^[\s(]*select\b/i.test(text);
}

type Method = (...args: unknown[]) => unknown;

/** The text of a statement as a driver's `query` takes it: a string, or a config with `text`. */
function textOf(statement: unknown): string | undefined {
  if (typeof statement === 'string') return statement;
  if (statement && typeof statement === 'object' && 'text' in statement) {
    const text = (statement as { text: unknown }).text;
    return typeof text === 'string' ? text : undefined;
  }
  return undefined;
}

/**
 * Moves `feed` when a statement run by `target[method]` that may have written has finished (with
 * `always`, every call: a whole transaction), before its caller goes on: the promise it answers,
 * or the callback it was given (pg's pool passes one), is settled after the feed has moved.
 */
export function watchWrites<T extends object>(
  target: T,
  method: keyof T & string,
  feed: ChangeFeed,
  options: { always?: boolean } = {},
): void {
  const original = target[method] as unknown as Method;
  const watched = function (this: unknown, ...args: unknown[]) {
    const text = textOf(args[0]);
    // A submittable (a cursor, a stream) carries no text here: only backups use them, to read.
    if (!options.always && (text === undefined || onlyReads(text))) {
      return original.apply(this, args);
    }
    const last = args.length - 1;
    const callback = args[last];
    // pg's callback form (its pool's own queries); a transaction's function is not a callback.
    if (!options.always && typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        feed.wrote();
        return (callback as Method)(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (!result || typeof (result as PromiseLike<unknown>).then !== 'function') return result;
    return (result as Promise<unknown>).then(
      (value) => {
        feed.wrote();
        return value;
      },
      (error: unknown) => {
        feed.wrote();
        throw error;
      },
    );
  };
  (target as Record<string, unknown>)[method] = watched;
}
