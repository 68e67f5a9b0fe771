import { CustomerTypeId } from '@cusco/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { bookings, clientDocuments, clients, ledgerEntries, tours } from '../src/db/schema.ts';
import { bumpVersion, WatchedMap } from '../src/lib/versions.ts';
import { BookingDetailCache } from '../src/modules/bookings/detail-cache.ts';
import type { BookingDetailRows } from '../src/modules/bookings/detail-rows.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import {
  bookWithSlots,
  detailOf,
  loadPassengerOptions,
  passengerBody,
  slotOf,
} from './support/passengers.ts';

/**
 * The booking detail cache (issue 11): an answer is given again only while the booking's revision
 * has not moved, and triggers move it on any change to a row the detail shows, whoever makes it
 * (here: SQL run behind the API's back, as another node or a staff tool would).
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

const revisionOf = async (code: string) =>
  (
    await db.select({ revision: bookings.revision }).from(bookings).where(eq(bookings.code, code))
  )[0]?.revision ?? -1;

describe('the booking detail cache', () => {
  it('shows, at the next read, any change made to the booking or a row of its detail', async () => {
    const customer = await signUpAndIn(app);
    const { code, detail } = await bookWithSlots(app, customer.token);
    const bookingId = (
      await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.code, code))
    )[0]?.id as string;
    expect(detail.balance.discounts).toBe(0);
    // Read twice: the second answer is the cached one.
    expect(await detailOf(app, customer.token, code)).toEqual(detail);

    // A ledger entry.
    const before = await revisionOf(code);
    await db.insert(ledgerEntries).values({
      bookingId,
      kind: 'discount',
      amountCents: 2500,
      description: 'Goodwill',
    });
    expect(await revisionOf(code)).toBeGreaterThan(before);
    expect((await detailOf(app, customer.token, code)).balance.discounts).toBe(25);

    // The booking itself.
    await db
      .update(bookings)
      .set({ observation: 'Vegetarian group' })
      .where(eq(bookings.id, bookingId));
    expect((await detailOf(app, customer.token, code)).booking.observation).toBe(
      'Vegetarian group',
    );

    // A passenger's record, which the booking reaches through its slot.
    const options = await loadPassengerOptions(app, customer.token);
    const adult = slotOf(detail, CustomerTypeId.adult);
    const created = await app.inject({
      method: 'POST',
      url: `/api/client/${adult.id}/create`,
      headers: { authorization: `Bearer ${customer.token}` },
      payload: passengerBody(options, code),
    });
    expect(created.statusCode, created.body).toBe(201);
    const clientId = created.json().id as string;
    expect(slotOf(await detailOf(app, customer.token, code), CustomerTypeId.adult).name).toBe(
      'Lucía Mamani',
    );
    await db.update(clients).set({ firstName: 'Lucila' }).where(eq(clients.id, clientId));
    expect(slotOf(await detailOf(app, customer.token, code), CustomerTypeId.adult).name).toBe(
      'Lucila Mamani',
    );

    // Its scan, stored and then removed.
    await db.insert(clientDocuments).values({
      clientId,
      mime: 'image/png',
      content: Buffer.from('scan'),
      sizeBytes: 4,
      sha256: 'x'.repeat(64),
    });
    expect(
      slotOf(await detailOf(app, customer.token, code), CustomerTypeId.adult).hasDocument,
    ).toBe(true);
    await db.delete(clientDocuments).where(eq(clientDocuments.clientId, clientId));
    expect(
      slotOf(await detailOf(app, customer.token, code), CustomerTypeId.adult).hasDocument,
    ).toBe(false);

    // A slot emptied.
    await db.execute(
      sql`update passenger_slots set client_id = null where client_id = ${clientId}`,
    );
    expect(slotOf(await detailOf(app, customer.token, code), CustomerTypeId.adult).clientId).toBe(
      null,
    );
  });

  it('moves the revision once per transaction, however many rows it writes', async () => {
    const customer = await signUpAndIn(app);
    // Saved with its lines, two slots, a purchase and a payment attempt: none moved it.
    const { code } = await bookWithSlots(app, customer.token);
    expect(await revisionOf(code)).toBe(0);
    const [row] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.code, code));
    // Three entries in one transaction: one move.
    await ctx.database.db.transaction(async (tx) => {
      for (const amountCents of [100, 200, 300]) {
        await tx.insert(ledgerEntries).values({
          bookingId: row?.id ?? '',
          kind: 'discount',
          amountCents,
          description: 'Goodwill',
        });
      }
    });
    expect(await revisionOf(code)).toBe(1);
    // Then each transaction moves it again.
    await db.insert(ledgerEntries).values({
      bookingId: row?.id ?? '',
      kind: 'addition',
      amountCents: 100,
      description: 'Porter',
    });
    expect(await revisionOf(code)).toBe(2);
    expect((await detailOf(app, customer.token, code)).balance.discounts).toBe(6);
  });

  it("follows the catalogue's version for the names it shows (a tour renamed)", async () => {
    const customer = await signUpAndIn(app);
    const { code, detail } = await bookWithSlots(app, customer.token, '200401');
    const [tour] = await db.select().from(tours).where(eq(tours.code, '200401'));
    expect(detail.booking.name).toBe(tour?.nameEn);
    try {
      // Renamed without bumping the catalogue version: the cached detail keeps the old name...
      await db.update(tours).set({ nameEn: 'Renamed trek' }).where(eq(tours.code, '200401'));
      expect((await detailOf(app, customer.token, code)).booking.name).toBe(tour?.nameEn);
      // ...until the version moves (read at most once a second).
      await bumpVersion(db, 'catalogue_version');
      await expect
        .poll(async () => (await detailOf(app, customer.token, code)).booking.name, {
          timeout: 5000,
          interval: 200,
        })
        .toBe('Renamed trek');
    } finally {
      await db
        .update(tours)
        .set({ nameEn: tour?.nameEn ?? '' })
        .where(eq(tours.code, '200401'));
      await bumpVersion(db, 'catalogue_version');
    }
  });

  it("never shows one reader's cached answer to another who may not see the booking", async () => {
    const owner = await signUpAndIn(app);
    const stranger = await signUpAndIn(app);
    const { code } = await bookWithSlots(app, owner.token);
    await detailOf(app, owner.token, code);
    const read = await app.inject({
      url: `/api/tour/booking/${code}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(read.statusCode).toBe(404);
  });
});

describe('BookingDetailCache', () => {
  /** Rows as a load reads them: only what the cache looks at (the revision) and a mark. */
  const rowsAt = (mark: string, revision: number) =>
    ({ head: { booking: { revision, observation: mark } } }) as unknown as BookingDetailRows;
  const markOf = (rows: BookingDetailRows) => rows.head.booking.observation;
  const newCache = (maxEntries?: number) => new BookingDetailCache(db, app.log, { maxEntries });

  it('uses the rows again while their revision stands, and reads again when it moves', async () => {
    const cache = newCache();
    let loads = 0;
    const load = (revision: number) => async () => rowsAt(`load ${++loads}`, revision);
    expect(markOf(await cache.read('a', 1, load(1)))).toBe('load 1');
    expect(markOf(await cache.read('a', 1, load(1)))).toBe('load 1');
    expect(markOf(await cache.read('a', 2, load(2)))).toBe('load 2');
    expect(loads).toBe(2);
  });

  it('keeps the revision the load saw, not the one asked with', async () => {
    const cache = newCache();
    // Asked at revision 1, but the booking moved to 2 before the load: held as 2.
    await cache.read('a', 1, async () => rowsAt('at 2', 2));
    let loads = 0;
    const again = await cache.read('a', 2, async () => {
      loads++;
      return rowsAt('read again', 2);
    });
    expect(markOf(again)).toBe('at 2');
    expect(loads).toBe(0);
  });

  it('stays within its bound', async () => {
    const cache = newCache(2);
    await cache.read('a', 1, async () => rowsAt('a', 1));
    await cache.read('b', 1, async () => rowsAt('b', 1));
    expect(cache.size).toBe(2);
    await cache.read('c', 1, async () => rowsAt('c', 1));
    expect(cache.size).toBeLessThanOrEqual(2);
    expect(markOf(await cache.read('c', 1, async () => rowsAt('not read', 1)))).toBe('c');
  });
});

describe("the caches that follow the catalogue's version", () => {
  it('drop their values at the same moment, whichever of them reads the version', async () => {
    // The booking answers are made from the detail's rows: were each to read the version on its
    // own second, the answers could be dropped, made again from rows not yet dropped, and keep
    // a tour's old name until the next write (seen in CI).
    const outer = new WatchedMap<string>(db, app.log, 'catalogue_version', {});
    const inner = new WatchedMap<string>(db, app.log, 'catalogue_version', {});
    await outer.ensureFresh();
    await inner.ensureFresh();
    outer.set('answer', 'old name');
    inner.set('rows', 'old name');
    await bumpVersion(db, 'catalogue_version');
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 1500);
    try {
      await outer.ensureFresh();
      expect(outer.get('answer')).toBeUndefined();
      expect(inner.get('rows')).toBeUndefined();
    } finally {
      clock.mockRestore();
    }
  });

  it('read the version again when the clock went back', async () => {
    const map = new WatchedMap<string>(db, app.log, 'catalogue_version', {});
    await map.ensureFresh();
    map.set('answer', 'old name');
    await bumpVersion(db, 'catalogue_version');
    // Stepped back an hour: the last read looks an hour ahead.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() - 3_600_000);
    try {
      await map.ensureFresh();
      expect(map.get('answer')).toBeUndefined();
    } finally {
      clock.mockRestore();
    }
  });

  it("tell the logger of the cache whose read failed, not the first cache's", async () => {
    const broken = {
      select: () => {
        throw new Error('the database is away');
      },
    } as unknown as Executor;
    const first = { warn: vi.fn() };
    const second = { warn: vi.fn() };
    const logOf = (warn: { warn: ReturnType<typeof vi.fn> }) =>
      warn as unknown as FastifyInstance['log'];
    new WatchedMap<string>(broken, logOf(first), 'catalogue_version', {});
    const reader = new WatchedMap<string>(broken, logOf(second), 'catalogue_version', {});
    await reader.ensureFresh();
    expect(second.warn).toHaveBeenCalledOnce();
    expect(first.warn).not.toHaveBeenCalled();
  });
});
