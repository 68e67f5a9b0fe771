import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Executor } from '../../db/client.ts';
import { type CachedAnswer, cachedAnswer, sendCachedAnswer } from '../../lib/cached-answer.ts';
import { type CacheLimits, WatchedMap } from '../../lib/versions.ts';

/** Whether, and how long, an answer just read may be given again without reading. */
export interface Keep {
  /** The change-feed keys it shows (`b:<code>`, `u:<user>`, `c:<company>`). */
  keys: string[];
  /** When it may change with time alone (ms since the epoch; Infinity: never). */
  until: number;
  /** What else it depends on, checked again on each read (the voucher's signing key). */
  still?: () => Promise<boolean>;
}

/** An answer read, with its headers, and whether it may be kept (null: it changes without a write). */
export interface Read<T> {
  value: T;
  headers?: Record<string, string>;
  keep: Keep | null;
}

/**
 * The largest answer kept (bytes): a detail is about 3 KB, a list page of 20 bookings about 8 KB.
 * A larger one (a long page) is sent without being kept, so that a full cache (a thousand
 * answers) holds tens of megabytes at most.
 */
const MAX_KEPT_BYTES = 32 * 1024;

interface Kept {
  stamp: number;
  keep: Keep;
  headers: Record<string, string>;
  answer: CachedAnswer;
}

/**
 * A signed-in user's booking answers (the detail, the list) kept serialized, per reader, call and
 * language, and given again without a statement while nothing they show has changed (issue 33,
 * ADR 0056): the change feed has heard no write of this process and no change notified for their
 * keys since they were read, the moment their status changes with time has not come, and the
 * catalogue's version (the names they show) has not moved. An answer that changes without a
 * write we can hear of (an open attempt's stage at a gateway asked over the network) is not
 * kept. Without a change feed (a database not opened by `openDatabase`) nothing is kept.
 */
export class BookingAnswerCache {
  private readonly held: WatchedMap<Kept>;

  constructor(
    db: Executor,
    log: FastifyBaseLogger,
    private readonly feed: ChangeFeed | undefined,
    options: CacheLimits = {},
  ) {
    this.held = new WatchedMap(db, log, 'catalogue_version', {
      ...options,
      maxEntries: options.maxEntries ?? 1000,
    });
  }

  /** The number of answers held (for tests). */
  get size() {
    return this.held.size;
  }

  /**
   * Answers the GET from what is kept under `key` while it stands, else from `read` (kept when it
   * says so).
   */
  async send<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    read: () => Promise<Read<T>>,
  ): Promise<T | FastifyReply> {
    const feed = this.feed;
    if (!feed) return this.sendFresh(reply, await read());
    await this.held.ensureFresh();
    const kept = this.held.get(key);
    if (kept && (await this.stands(kept, feed))) return this.sendKept(request, reply, kept);

    // Taken before reading: a change that lands while the database is read counts as after it.
    const stamp = feed.stamp();
    const generation = this.held.generation;
    const fresh = await read();
    if (!fresh.keep) return this.sendFresh(reply, fresh);
    const text = String(reply.serialize(fresh.value));
    if (Buffer.byteLength(text) > MAX_KEPT_BYTES) {
      reply.headers(fresh.headers ?? {}).type('application/json; charset=utf-8');
      return reply.send(text);
    }
    let answer = cachedAnswer(text);
    // The same bytes as before (read again after an unrelated write): their compressed forms too.
    if (kept?.answer.etag === answer.etag) answer = kept.answer;
    const again: Kept = { stamp, keep: fresh.keep, headers: fresh.headers ?? {}, answer };
    // Not kept when the catalogue moved meanwhile: it may show the names from before.
    if (this.held.generation === generation) this.held.set(key, again);
    return this.sendKept(request, reply, again);
  }

  private async stands(kept: Kept, feed: ChangeFeed): Promise<boolean> {
    return (
      Date.now() < kept.keep.until &&
      feed.unchangedSince(kept.stamp, kept.keep.keys) &&
      (kept.keep.still === undefined || (await kept.keep.still()))
    );
  }

  private sendFresh<T>(reply: FastifyReply, fresh: Read<T>): T {
    reply.headers(fresh.headers ?? {});
    return fresh.value;
  }

  private sendKept(request: FastifyRequest, reply: FastifyReply, kept: Kept) {
    reply.headers(kept.headers);
    return sendCachedAnswer(request, reply, kept.answer, {
      cacheControl: 'private, no-cache',
      vary: 'Accept-Encoding, Accept-Language, Authorization, Cookie',
      type: 'application/json; charset=utf-8',
    });
  }
}
