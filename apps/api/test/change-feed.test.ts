import { describe, expect, it } from 'vitest';
import { ChangeFeed, keysOfNotification, onlyReads, watchWrites } from '../src/db/change-feed.ts';

/** The change feed's rules (ADR 0056), apart from any database. */
describe('the change feed', () => {
  it('trusts what was read after a stamp until this process writes', () => {
    const feed = new ChangeFeed();
    const stamp = feed.stamp();
    expect(feed.unchangedSince(stamp, ['b:AB12'])).toBe(true);
    feed.wrote();
    expect(feed.unchangedSince(stamp, ['b:AB12'])).toBe(false);
    // A read that starts after the write is trusted again.
    expect(feed.unchangedSince(feed.stamp(), ['b:AB12'])).toBe(true);
  });

  it('distrusts only the keys another process changed, and nothing until it listens', () => {
    let started = 0;
    const feed = new ChangeFeed({ listen: () => started++ });
    const early = feed.stamp();
    expect(started).toBe(1);
    feed.stamp();
    expect(started).toBe(1);
    expect(feed.unchangedSince(early, ['b:AB12'])).toBe(false);

    feed.reset(true);
    expect(feed.unchangedSince(early, ['b:AB12'])).toBe(false);
    const stamp = feed.stamp();
    feed.changed(['b:AB12', 'u:7']);
    expect(feed.unchangedSince(stamp, ['b:AB12'])).toBe(false);
    expect(feed.unchangedSince(stamp, ['u:7'])).toBe(false);
    expect(feed.unchangedSince(stamp, ['b:CD34', 'u:8'])).toBe(true);

    // The link is lost: nothing is trusted, even what was read after it.
    feed.reset(false);
    expect(feed.unchangedSince(feed.stamp(), ['b:CD34'])).toBe(false);
  });

  it('forgets every key past its bound, and then trusts nothing read before', () => {
    const feed = new ChangeFeed({ maxKeys: 2 });
    const stamp = feed.stamp();
    feed.changed(['b:1', 'b:2']);
    expect(feed.unchangedSince(stamp, ['b:3'])).toBe(true);
    feed.changed(['b:3']);
    expect(feed.unchangedSince(stamp, ['b:4'])).toBe(false);
    expect(feed.unchangedSince(feed.stamp(), ['b:1'])).toBe(true);
  });

  it('takes `*` (a table emptied elsewhere) as a change to everything', () => {
    const feed = new ChangeFeed();
    const stamp = feed.stamp();
    expect(feed.resetSince(stamp)).toBe(false);
    feed.wrote();
    expect(feed.resetSince(stamp)).toBe(false);
    feed.changed(keysOfNotification('*'));
    expect(feed.resetSince(stamp)).toBe(true);
    expect(feed.unchangedSince(stamp, ['b:ANY'])).toBe(false);
    expect(feed.unchangedSince(feed.stamp(), ['b:ANY'])).toBe(true);
  });

  it("reads a notification's keys and nothing else", () => {
    expect(keysOfNotification('b:AB12 u:5f0c c:9e1d')).toEqual(['b:AB12', 'u:5f0c', 'c:9e1d']);
    expect(keysOfNotification('b:AB12  x:1 u: ')).toEqual(['b:AB12']);
    expect(keysOfNotification(undefined)).toEqual([]);
  });

  it('tells reads from statements that may write', () => {
    expect(onlyReads('select 1')).toBe(true);
    expect(onlyReads('  SELECT "revision" from "bookings"')).toBe(true);
    expect(onlyReads('(select 1) union (select 2)')).toBe(true);
    expect(onlyReads('update "bookings" set x = 1')).toBe(false);
    expect(onlyReads('with moved as (update t set x = 1 returning *) select * from moved')).toBe(
      false,
    );
    expect(onlyReads('commit')).toBe(false);
    expect(onlyReads('selection_is_not_a_keyword')).toBe(false);
  });
});

describe('watching a driver for writes', () => {
  it('moves the feed after a write settles, before its caller goes on; reads leave it', async () => {
    const feed = new ChangeFeed();
    const seen: boolean[] = [];
    const driver = {
      async query(text: string) {
        return text;
      },
    };
    watchWrites(driver, 'query', feed);
    const stamp = feed.stamp();
    await driver.query('select 1');
    expect(feed.unchangedSince(stamp, [])).toBe(true);
    const writing = driver.query('update t set x = 1').then(() => {
      seen.push(feed.unchangedSince(stamp, []));
    });
    // Not yet: the statement has not finished.
    expect(feed.unchangedSince(stamp, [])).toBe(true);
    await writing;
    expect(seen).toEqual([false]);
  });

  it("moves it for a failed write too, for pg's callback form, and for a whole transaction", async () => {
    const feed = new ChangeFeed();
    const failing = {
      async query(_text: string): Promise<never> {
        throw new Error('deadlock');
      },
    };
    watchWrites(failing, 'query', feed);
    let stamp = feed.stamp();
    await expect(failing.query('delete from t')).rejects.toThrow('deadlock');
    expect(feed.unchangedSince(stamp, [])).toBe(false);

    const withCallback = {
      query(
        config: { text: string },
        values: unknown[],
        done: (error: null, rows: unknown[]) => void,
      ) {
        setImmediate(() => done(null, [config.text, values]));
      },
    };
    watchWrites(withCallback, 'query', feed);
    stamp = feed.stamp();
    const moved = await new Promise<boolean>((resolve) =>
      withCallback.query({ text: 'insert into t values ($1)' }, [1], () =>
        resolve(!feed.unchangedSince(stamp, [])),
      ),
    );
    expect(moved).toBe(true);

    const database = {
      async transaction<T>(run: (tx: string) => Promise<T>) {
        return run('tx');
      },
    };
    watchWrites(database, 'transaction', feed, { always: true });
    stamp = feed.stamp();
    // The transaction's function is its body, not a callback: it runs, with its argument.
    expect(await database.transaction(async (tx) => `${tx} ran`)).toBe('tx ran');
    expect(feed.unchangedSince(stamp, [])).toBe(false);
  });
});
