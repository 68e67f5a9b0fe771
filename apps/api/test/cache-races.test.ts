import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { sessions } from '../src/db/schema.ts';
import { bumpVersion } from '../src/lib/versions.ts';
import { BookingDetailCache } from '../src/modules/bookings/detail-cache.ts';
import type { BookingDetailRows } from '../src/modules/bookings/detail-rows.ts';
import { SessionCache } from '../src/modules/users/session-cache.ts';
import { findSession, hashToken } from '../src/modules/users/sessions.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';

/** A promise and the function that resolves it. */
function gate() {
  let open = () => {};
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open };
}

/**
 * A session cache whose next read of `token` is held back once it has read from the database:
 * `read` resolves when it has, `release` lets it go on.
 */
function holdingCache(token: string) {
  const read = gate();
  const go = gate();
  let holding = true;
  const cache = new SessionCache(db, app.log, {}, async (database, asked) => {
    const found = await findSession(database, asked);
    if (holding && asked === token) {
      holding = false;
      read.open();
      await go.closed;
    }
    return found;
  });
  return { cache, read: read.closed, release: go.open };
}

/**
 * A value read from the database while a change lands must be answered as read, but never kept:
 * kept, it would outlive the change (found by an attack session on ADR 0057).
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
});
afterAll(async () => ctx?.close());

/** Runs `read` with the clock 1.5 s ahead: the version watch's next read is due. */
async function aSecondLater<T>(read: () => Promise<T>): Promise<T> {
  const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 1500);
  try {
    return await read();
  } finally {
    clock.mockRestore();
  }
}

describe('a session read while it is revoked', () => {
  it('is not held when another node revoked it (its bump seen meanwhile)', async () => {
    const customer = await signUpAndIn(app);
    const other = await signUpAndIn(app);
    const { cache, ...hold } = holdingCache(customer.token);
    const first = cache.find(customer.token);
    await hold.read;
    // Revoked elsewhere while the read waits, and the bump seen by this node's next read.
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.tokenHash, hashToken(customer.token)));
    await bumpVersion(db, 'sessions_version');
    await aSecondLater(() => cache.find(other.token));
    hold.release();
    expect(await first).not.toBeNull();
    expect(await cache.find(customer.token)).toBeNull();
  });

  it('is not held when this node forgot the user meanwhile (a sign-out here)', async () => {
    const customer = await signUpAndIn(app);
    const { cache, ...hold } = holdingCache(customer.token);
    const first = cache.find(customer.token);
    await hold.read;
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.tokenHash, hashToken(customer.token)));
    cache.forgetUser(customer.user.id);
    hold.release();
    expect(await first).not.toBeNull();
    expect(await cache.find(customer.token)).toBeNull();
  });
});

describe('booking detail rows read while the catalogue moves', () => {
  const rowsAt = (mark: string, revision: number) =>
    ({ head: { booking: { revision, observation: mark } } }) as unknown as BookingDetailRows;
  const markOf = (rows: BookingDetailRows) => rows.head.booking.observation;

  it('are answered but not kept, and a later read does not join their load', async () => {
    const cache = new BookingDetailCache(db, app.log);
    await cache.read('warm', 1, async () => rowsAt('warm', 1));
    const loading = gate();
    const first = cache.read('a', 1, async () => {
      await loading.closed;
      return rowsAt('old name', 1);
    });
    // A tour renamed and announced while the rows are read; this node sees it at its next read.
    await bumpVersion(db, 'catalogue_version');
    await aSecondLater(() => cache.read('other', 1, async () => rowsAt('other', 1)));
    const second = cache.read('a', 1, async () => rowsAt('new name', 1));
    loading.open();
    expect(markOf(await first)).toBe('old name');
    expect(markOf(await second)).toBe('new name');
    expect(markOf(await cache.read('a', 1, async () => rowsAt('read again', 1)))).toBe('new name');
  });
});
