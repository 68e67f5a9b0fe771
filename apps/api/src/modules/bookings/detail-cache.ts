import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Executor } from '../../db/client.ts';
import { type CacheLimits, WatchedMap } from '../../lib/versions.ts';
import type { BookingDetailRows } from './detail-rows.ts';

/** The catalogue's version is followed: the detail shows the catalogue's names. */
export type BookingDetailCacheOptions = CacheLimits;

interface Held {
  revision: number;
  rows: BookingDetailRows;
  /** The change feed's stamp before they were read (0 without a feed). */
  stamp: number;
}

/**
 * Booking details already read, per booking and reader (issue 11: the detail was one heavy
 * statement per read), as the database rows the answer is made from: the answer itself is made
 * on each read, in the reader's language and with where each open payment attempt stands at the
 * gateway (which changes without the database). Every read still asks the database for the
 * booking's revision (one indexed row, with the reader's right to see it), and rows are used again
 * only while that revision has not moved. Triggers move it in the transaction of any change to the
 * booking or to a row its detail shows (migration 0007, ADR 0028), so a change is seen by the next
 * read on every node, and nothing in the code has to remember to invalidate. Catalogue names (a
 * tour renamed) follow `catalogue_version`, read at most once a second.
 */
export class BookingDetailCache {
  private readonly held: WatchedMap<Held>;
  private readonly loading = new Map<
    string,
    { revision: number; rows: Promise<BookingDetailRows>; stamp: number; generation: number }
  >();

  /**
   * @param feed when given, rows read before it was reset (a table emptied elsewhere, which moves
   *   no revision) are read again.
   */
  constructor(
    db: Executor,
    log: FastifyBaseLogger,
    options: BookingDetailCacheOptions = {},
    private readonly feed?: ChangeFeed,
  ) {
    this.held = new WatchedMap(db, log, 'catalogue_version', {
      ...options,
      maxEntries: options.maxEntries ?? 2000,
    });
  }

  /** The number of bookings held (for tests). */
  get size() {
    return this.held.size;
  }

  /**
   * The rows held under `key` for this revision, or those `load` reads, kept at the revision they
   * show (read in the same statement, hence the same snapshot, as the rest of them).
   */
  async read(
    key: string,
    revision: number,
    load: () => Promise<BookingDetailRows>,
  ): Promise<BookingDetailRows> {
    await this.held.ensureFresh();
    const held = this.held.get(key);
    if (held?.revision === revision && !this.feed?.resetSince(held.stamp)) return held.rows;
    // Reads of the same booking at the same revision that arrive while it is being loaded wait
    // for that load instead of each running the detail's statement (a page opened by many at
    // once, or a node just started).
    // Not a load begun before the catalogue moved: it may hold the names from before.
    const generation = this.held.generation;
    const pending = this.loading.get(key);
    if (
      pending?.revision === revision &&
      pending.generation === generation &&
      !this.feed?.resetSince(pending.stamp)
    ) {
      return pending.rows;
    }
    const stamp = this.feed?.stamp() ?? 0;
    const rows = load().then((loaded) => {
      // Kept only if the catalogue did not move while it was read (a tour renamed meanwhile).
      if (this.held.generation === generation) {
        this.held.set(key, { revision: loaded.head.booking.revision, rows: loaded, stamp });
      }
      return loaded;
    });
    this.loading.set(key, { revision, rows, stamp, generation });
    try {
      return await rows;
    } finally {
      if (this.loading.get(key)?.rows === rows) this.loading.delete(key);
    }
  }
}
