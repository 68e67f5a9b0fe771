import { readFileSync } from 'node:fs';
import path from 'node:path';
import { todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, rowsOf } from '../src/db/client.ts';
import { migrateDatabase, migrationsFolder } from '../src/db/migrate.ts';
import { bookings, mailMessages, outbox, receipts } from '../src/db/schema.ts';
import { sendDueReceipts } from '../src/modules/receipts/send.ts';
import { seedDatabase } from '../src/seed/index.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { databaseUrl } from './support/postgres.ts';
import { insertReceipt, paidBooking } from './support/receipts-fixture.ts';

/**
 * The background jobs on two API nodes on one PostgreSQL (issue 34, docs/operations.md "Running
 * on several machines"): every node runs every job, and none does another's work twice. The
 * outbox and the receipts' sender claim rows with FOR UPDATE SKIP LOCKED; the reminder scan
 * writes under the outbox's unique key; nodes starting together migrate and seed one at a time
 * under an advisory lock. (Reconciliation: two-nodes.test.ts; the receipts' sweeper:
 * receipts-race.test.ts.)
 */
let ctx: TestContext;
let second: { app: FastifyInstance; close(): Promise<void> };

beforeAll(async () => {
  if (!isPostgres) return;
  ctx = await createTestApp();
  const handle = await openDatabase({
    kind: 'postgres',
    guardTransactions: true,
    url: ctx.database.url ?? '',
    poolSize: 10,
  });
  const app = await buildApp({ db: handle.db, config: testConfig(), databaseKind: 'postgres' });
  await app.ready();
  second = {
    app,
    async close() {
      await app.close();
      await handle.close();
    },
  };
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

describe.runIf(isPostgres)('background jobs on two nodes at once', () => {
  it('the outbox workers of both nodes send each message once', async () => {
    // Ten welcomes, written through both nodes.
    for (let i = 0; i < 10; i++) await signUpAndIn(i % 2 ? second.app : ctx.app);
    const pending = await ctx.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.status, 'pending'));
    expect(pending.length).toBeGreaterThanOrEqual(10);
    // Both nodes' passes at once, twice each.
    const reports = await Promise.all(
      [ctx.app, second.app, ctx.app, second.app].map((app) => app.mail.sendDue()),
    );
    expect(reports.reduce((sum, report) => sum + report.sent + report.skipped, 0)).toBe(
      pending.length,
    );
    expect(reports.reduce((sum, report) => sum + report.retrying + report.failed, 0)).toBe(0);
    const ids = pending.map((row) => row.id);
    const rows = await ctx.database.db
      .select({ status: outbox.status, attempts: outbox.attempts })
      .from(outbox)
      .where(inArray(outbox.id, ids));
    for (const row of rows) expect(row.attempts).toBe(1);
    const kept = await ctx.database.db
      .select({ id: mailMessages.outboxId })
      .from(mailMessages)
      .where(inArray(mailMessages.outboxId, ids));
    expect(kept.length).toBe(rows.filter((row) => row.status === 'sent').length);
  });

  it('the reminder scans of both nodes add each reminder once', async () => {
    const customer = await signUpAndIn(ctx.app);
    const travel = dayjs(todayInLima()).add(60, 'day').format('YYYY-MM-DD');
    const tour = await loadTour(ctx.app, '200501');
    const saved = await postBooking(
      ctx.app,
      customer.token,
      bookingFor(tour, { adults: 2, date: travel, mode: 'T' }),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const [booking] = await ctx.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.code, saved.json().code));
    const today = dayjs(travel).subtract(30, 'day').format('YYYY-MM-DD');
    await Promise.all(
      [ctx.app, second.app, ctx.app, second.app].map((app) => app.mail.scanReminders({ today })),
    );
    const reminders = await ctx.database.db
      .select({ reason: outbox.reason })
      .from(outbox)
      .where(and(eq(outbox.kind, 'balance_reminder'), eq(outbox.subjectId, booking?.id ?? '')));
    expect(reminders.map((row) => row.reason)).toEqual(['30']);
  });

  it('the receipt senders of both nodes send each receipt once', async () => {
    const owner = await signUpAndIn(ctx.app);
    const booking = await paidBooking(ctx.app, owner.token);
    for (let i = 0; i < 6; i++) await insertReceipt(ctx.app.db, booking, { series: 'B936' });
    const due = await ctx.database.db
      .select({ id: receipts.id })
      .from(receipts)
      .where(isNotNull(receipts.nextSendAt));
    expect(due.length).toBeGreaterThanOrEqual(6);
    const reports = await Promise.all(
      [ctx.app, second.app, ctx.app, second.app].map((app) => sendDueReceipts(app.receiptSender)),
    );
    expect(reports.reduce((sum, report) => sum + report.accepted, 0)).toBe(due.length);
    const rows = await ctx.database.db
      .select({ status: receipts.status, attempts: receipts.sendAttempts })
      .from(receipts)
      .where(
        inArray(
          receipts.id,
          due.map((row) => row.id),
        ),
      );
    for (const row of rows) expect(row).toEqual({ status: 'accepted', attempts: 1 });
  });

  it('nodes starting together on an empty database migrate and seed it once, one at a time', async () => {
    const name = `cusco_start_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = databaseUrl(name);
    const handles = await Promise.all(
      [1, 2, 3].map(() =>
        openDatabase({ kind: 'postgres', guardTransactions: true, url, poolSize: 4 }),
      ),
    );
    try {
      await Promise.all(
        handles.map((handle) =>
          migrateDatabase(handle, {
            postgresUrl: url,
            afterMigrate: (db) => seedDatabase(db, { demo: false }).then(() => {}),
          }),
        ),
      );
      const journal = JSON.parse(
        readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const db = handles[0]?.db;
      if (!db) throw new Error('no handle');
      const [applied] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      expect(applied?.n).toBe(journal.entries.length);
      // The reference lists as one node's seed leaves them (the template of the test run).
      const counts = async (client: { query: pg.Client['query'] }) =>
        (
          await client.query(
            'select (select count(*) from countries)::int as countries, (select count(*) from option_items)::int as options, (select count(*) from customer_types)::int as types',
          )
        ).rows[0];
      const template = new pg.Client({ connectionString: databaseUrl(inject('postgresTemplate')) });
      await template.connect();
      const expected = await counts(template).finally(() => template.end());
      const startedTogether = new pg.Client({ connectionString: url });
      await startedTogether.connect();
      const seeded = await counts(startedTogether).finally(() => startedTogether.end());
      expect(seeded.countries).toBeGreaterThan(100);
      expect(seeded).toEqual(expected);
    } finally {
      for (const handle of handles) await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
