import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { restoreBackup } from '../src/db/backup/restore.ts';
import { type BackupResult, writeBackup } from '../src/db/backup/write.ts';
import { type Database, rowsOf } from '../src/db/client.ts';
import {
  bookings,
  clientDocuments,
  clients,
  ledgerEntries,
  optionItems,
  passengerSlots,
  paymentAttempts,
  receipts,
  sandboxCharges,
} from '../src/db/schema.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext, type TestDatabase, testConfig } from './support/app.ts';
import {
  consistencyProblems,
  digestsOf,
  expectSameDigests,
  openEmptyDatabase,
} from './support/backups.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { event, notify } from './support/payments.ts';

/**
 * The restore drill (issue 34, ADR 0055): bookings, payments, passport scans, receipts and mail
 * are written while a backup is being taken; the backup restores into an empty database with
 * every row and every document byte as the backup caught them, consistent, and the numbering
 * (payment operation numbers, receipt series) carries on without reusing a number.
 */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;
let folder: string;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUpAndIn(ctx.app, { name: 'Rosa', lastname: 'Mamani' });
  folder = mkdtempSync(path.join(tmpdir(), 'cusco-backup-drill-'));
});
afterAll(async () => {
  await ctx?.close();
  rmSync(folder, { recursive: true, force: true });
});

const db = () => ctx.database.db;

async function dniType(database: Database) {
  const [row] = await database
    .select({ id: optionItems.id })
    .from(optionItems)
    .where(
      and(
        eq(optionItems.listKey, 'DocumentType'),
        eq(optionItems.nameEn, 'Peruvian national ID (DNI)'),
      ),
    );
  return row?.id ?? null;
}

/** A random "scan": its bytes are what the restore must give back exactly. */
const scanBytes = () => randomBytes(20_000 + Math.floor(Math.random() * 20_000));

/**
 * One customer's whole story, as the product writes it: a booking, a Peruvian traveller with a
 * scan (so that the payment issues a boleta), the sandbox's payment, and the mail it causes.
 */
async function story(index: number) {
  const started = performance.now();
  const tour = await loadTour(ctx.app, '100401');
  const body = bookingFor(tour, { adults: 1 });
  const saved = await postBooking(ctx.app, owner.token, body);
  expect(saved.statusCode, saved.body).toBe(201);
  const { code, transactionId } = saved.json() as { code: string; transactionId: string };
  const [booking] = await db().select().from(bookings).where(eq(bookings.code, code));
  if (!booking) throw new Error('no booking');
  const [slot] = await db()
    .select()
    .from(passengerSlots)
    .where(eq(passengerSlots.bookingId, booking.id))
    .orderBy(asc(passengerSlots.position));
  const [client] = await db()
    .insert(clients)
    .values({
      firstName: `Drill${index}`,
      lastName: 'Quispe',
      countryId: 'PE',
      documentTypeId: await dniType(db()),
      documentNumber: `4${String(index).padStart(7, '0')}`,
    })
    .returning({ id: clients.id });
  if (!slot || !client) throw new Error('no slot');
  await db()
    .update(passengerSlots)
    .set({ clientId: client.id })
    .where(eq(passengerSlots.id, slot.id));
  const content = scanBytes();
  await db()
    .insert(clientDocuments)
    .values({
      clientId: client.id,
      mime: 'image/jpeg',
      content,
      sizeBytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
  await db()
    .update(sandboxCharges)
    .set({ status: 'approved', cardLast4: '1111' })
    .where(eq(sandboxCharges.transactionId, transactionId));
  const paid = await notify(ctx.app, event(transactionId, Number(body.amountStr)));
  expect(paid.statusCode, paid.body).toBe(200);
  await ctx.app.mail.sendDue();
  return { code, started, ended: performance.now() };
}

/** What the target holds of a booking: all of it or nothing, never half. */
async function pieces(database: Database, code: string) {
  const [booking] = await database.select().from(bookings).where(eq(bookings.code, code));
  if (!booking) return null;
  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number }>(await database.execute(query))[0]?.n);
  return {
    slots: await count(
      sql`select count(*)::int as n from passenger_slots where booking_id = ${booking.id}`,
    ),
    purchases: await count(
      sql`select count(*)::int as n from ledger_entries where booking_id = ${booking.id} and kind = 'purchase'`,
    ),
    attempts: await count(
      sql`select count(*)::int as n from payment_attempts where booking_id = ${booking.id}`,
    ),
  };
}

describe('the restore drill', () => {
  let backup: BackupResult;
  let target: TestDatabase;
  const codes: string[] = [];
  afterAll(async () => target?.close());

  it('a backup taken while bookings, payments, scans, receipts and mail are written restores whole', async () => {
    // Some history before the backup starts.
    for (let index = 0; index < 3; index++) codes.push((await story(index)).code);
    // Then eight more stories, and the backup started once the first of them is under way.
    const stories = Array.from({ length: 8 }, (_, index) => story(100 + index));
    await new Promise((resolve) => setImmediate(resolve));
    const backupStarted = performance.now();
    backup = await writeBackup(db(), ctx.database.kind, { folder });
    const backupEnded = performance.now();
    const during = await Promise.all(stories);
    codes.push(...during.map((entry) => entry.code));
    // Really overlapping: stories were under way while the backup was being written.
    expect(
      during.filter((entry) => entry.started < backupEnded && entry.ended > backupStarted).length,
    ).toBeGreaterThan(0);

    target = await openEmptyDatabase();
    const report = await restoreBackup(target, backup.file);
    expect(report.migratedUp).toBe(0);
    expectSameDigests(report.tables, backup.tables);
    // Read back independently: every table's rows and checksum are the backup's.
    expectSameDigests(await digestsOf(target.db), backup.tables);
    expect(await consistencyProblems(target.db)).toEqual([]);

    // Every booking is there whole or not at all; the ones before the backup are all there.
    for (const [index, code] of codes.entries()) {
      const restored = await pieces(target.db, code);
      if (index < 3) expect(restored, code).not.toBeNull();
      if (restored) {
        expect(restored.slots).toBe(1);
        expect(restored.purchases).toBe(1);
        expect(restored.attempts).toBe(1);
      }
    }

    // Every scan, byte for byte.
    const scans = await target.db.select().from(clientDocuments);
    expect(scans.length).toBeGreaterThanOrEqual(3);
    const originals = await db()
      .select()
      .from(clientDocuments)
      .where(
        inArray(
          clientDocuments.clientId,
          scans.map((scan) => scan.clientId),
        ),
      );
    const original = new Map(originals.map((row) => [row.clientId, row.content]));
    for (const scan of scans) {
      expect(Buffer.compare(scan.content, original.get(scan.clientId) ?? Buffer.alloc(0))).toBe(0);
      expect(createHash('sha256').update(scan.content).digest('hex')).toBe(scan.sha256);
    }
  }, 120_000);

  it('numbering carries on after the restore: a new payment and receipt take new numbers', async () => {
    const before = {
      operations: (
        await target.db.select({ n: paymentAttempts.operationNumber }).from(paymentAttempts)
      ).map((row) => Number(row.n)),
      boletas: (
        await target.db
          .select({ n: receipts.number })
          .from(receipts)
          .where(eq(receipts.series, 'B001'))
      ).map((row) => row.n),
    };
    expect(before.boletas.length).toBeGreaterThanOrEqual(3);
    const restoredApp = await buildApp({
      db: target.db,
      config: testConfig(),
      databaseKind: target.kind,
    });
    await restoredApp.ready();
    try {
      // The customer's session came back with the rest: the same token signs in.
      const tour = await loadTour(restoredApp, '100401');
      const body = bookingFor(tour, { adults: 1 });
      const saved = await postBooking(restoredApp, owner.token, body);
      expect(saved.statusCode, saved.body).toBe(201);
      const { code, transactionId } = saved.json() as { code: string; transactionId: string };
      const [booking] = await target.db.select().from(bookings).where(eq(bookings.code, code));
      if (!booking) throw new Error('no booking');
      const [slot] = await target.db
        .select()
        .from(passengerSlots)
        .where(eq(passengerSlots.bookingId, booking.id));
      const [client] = await target.db
        .insert(clients)
        .values({
          firstName: 'After',
          lastName: 'Restore',
          countryId: 'PE',
          documentTypeId: await dniType(target.db),
          documentNumber: '49999999',
        })
        .returning({ id: clients.id });
      if (!slot || !client) throw new Error('no slot');
      await target.db
        .update(passengerSlots)
        .set({ clientId: client.id })
        .where(eq(passengerSlots.id, slot.id));
      await target.db
        .update(sandboxCharges)
        .set({ status: 'approved', cardLast4: '1111' })
        .where(eq(sandboxCharges.transactionId, transactionId));
      const paid = await notify(restoredApp, event(transactionId, Number(body.amountStr)));
      expect(paid.statusCode, paid.body).toBe(200);

      const [attempt] = await target.db
        .select({ n: paymentAttempts.operationNumber })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.bookingId, booking.id));
      expect(Number(attempt?.n)).toBeGreaterThan(Math.max(...before.operations));
      const [receipt] = await target.db
        .select({ series: receipts.series, n: receipts.number })
        .from(receipts)
        .where(eq(receipts.bookingId, booking.id));
      expect(receipt?.series).toBe('B001');
      expect(receipt?.n).toBe(Math.max(...before.boletas) + 1);
      const [entry] = await target.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.bookingId, booking.id), eq(ledgerEntries.kind, 'payment')));
      expect(entry?.amountCents).toBe(Number(body.amountStr));
      expect(await consistencyProblems(target.db)).toEqual([]);
    } finally {
      await restoredApp.close();
    }
  }, 60_000);
});
