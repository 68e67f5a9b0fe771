import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { tableDigests, tablesInDependencyOrder } from '../../src/db/backup/catalog.ts';
import { SESSION_SETTINGS, type TableDigest } from '../../src/db/backup/format.ts';
import { type Database, type Executor, openDatabase, rowsOf } from '../../src/db/client.ts';
import { isPostgres, type TestDatabase } from './app.ts';
import { databaseUrl } from './postgres.ts';

/**
 * A new, EMPTY database of the file's kind (no schema at all): a restore's target. On PGlite, a
 * copy of the new cluster the global setup made (what `new PGlite()` starts from, without its
 * initdb each time).
 */
export async function openEmptyDatabase(): Promise<TestDatabase> {
  if (!isPostgres) {
    const blank = readFileSync(inject('pgliteBlank'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([blank]) });
  }
  return openEmptyPostgres();
}

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server, dropped on close. */
export async function openEmptyPostgres(): Promise<TestDatabase & { url: string }> {
  const name = `cusco_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name} template template0`);
  const url = databaseUrl(name);
  const handle = await openDatabase({
    kind: 'postgres',
    guardTransactions: true,
    url,
    poolSize: 10,
  });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Every table's rows and checksum as a backup computes them, read from a live database. */
export async function digestsOf(db: Database): Promise<TableDigest[]> {
  return db.transaction(
    async (tx) => {
      for (const setting of SESSION_SETTINGS) await tx.execute(sql.raw(setting));
      return tableDigests(tx, await tablesInDependencyOrder(tx));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

const byName = (digests: TableDigest[]) =>
  Object.fromEntries(digests.map((digest) => [digest.name, `${digest.rows} ${digest.sha256}`]));

/** The two sets of figures are the same, table by table. */
export function expectSameDigests(actual: TableDigest[], expected: TableDigest[]) {
  expect(byName(actual)).toEqual(byName(expected));
}

async function rows<T>(db: Executor, query: ReturnType<typeof sql>) {
  return rowsOf<T>(await db.execute(query));
}

/**
 * The booking and ledger consistency checks (issue 34): what a restored database must satisfy
 * whatever moment the backup caught. Answers the problems found (none: an empty list).
 */
export async function consistencyProblems(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  const say = (what: string, found: unknown[]) => {
    if (found.length > 0) problems.push(`${what}: ${JSON.stringify(found.slice(0, 5))}`);
  };
  // A paid attempt is in the ledger once, for its amount, on its booking.
  say(
    'paid attempts without exactly one matching payment entry',
    await rows(
      db,
      sql`select a.id from payment_attempts a
          where a.status = 'paid' and (select count(*) from ledger_entries e
            where e.payment_attempt_id = a.id and e.kind = 'payment'
              and e.amount_cents = a.amount_cents and e.booking_id = a.booking_id) <> 1`,
    ),
  );
  // A payment entry from an attempt names one that was paid (or since refunded).
  say(
    'payment entries whose attempt is not paid',
    await rows(
      db,
      sql`select e.id from ledger_entries e join payment_attempts a on a.id = e.payment_attempt_id
          where a.status not in ('paid', 'refund_required') or a.booking_id <> e.booking_id`,
    ),
  );
  // Every booking has what it was sold as: one purchase, and a seat slot per passenger.
  say(
    'bookings without their purchase entry',
    await rows(
      db,
      sql`select b.code from bookings b where not exists
          (select 1 from ledger_entries e where e.booking_id = b.id and e.kind = 'purchase')`,
    ),
  );
  say(
    'bookings whose slots differ from their passengers',
    await rows(
      db,
      sql`select b.code from bookings b
          where (select coalesce(sum(quantity), 0) from booking_passenger_lines l where l.booking_id = b.id)
             <> (select count(*) from passenger_slots s where s.booking_id = b.id)`,
    ),
  );
  // Paid totals: what the ledger says was paid never exceeds what was bought (no double entry).
  say(
    'bookings paid more than they cost',
    await rows(
      db,
      sql`select b.code from bookings b
          where (select coalesce(sum(amount_cents), 0) from ledger_entries e
                 where e.booking_id = b.id and e.kind = 'payment')
              > (select coalesce(sum(amount_cents), 0) from ledger_entries e
                 where e.booking_id = b.id and e.kind in ('purchase', 'addition'))`,
    ),
  );
  // Receipt series are gapless and their counters stand at their last number.
  say(
    'receipt series with gaps or a counter behind',
    await rows(
      db,
      sql`select r.series, count(*)::int as n, max(r.number) as last, c.last_value
          from receipts r left join counters c on c.name = r.series
          group by r.series, c.last_value
          having count(*) <> max(r.number) or coalesce(c.last_value, 0) <> max(r.number)`,
    ),
  );
  // Mail: every rendered message belongs to an outbox row (the database mailbox).
  say(
    'mail messages without their outbox row',
    await rows(
      db,
      sql`select m.outbox_id from mail_messages m
          where not exists (select 1 from outbox o where o.id = m.outbox_id)`,
    ),
  );
  return problems;
}

/**
 * Many bookings quickly (the move's volume test): `count` copies of a template booking, each
 * with its passenger, hotel and service lines, seat slots and ledger entries (payments without
 * their attempt, as staff record them by hand), written with one INSERT … SELECT per table.
 * Answers the new bookings' codes (GEN-000001…).
 */
export async function cloneBookings(db: Database, templateId: string, count: number) {
  const codes = Array.from(
    { length: count },
    (_, index) => `GEN-${String(index + 1).padStart(6, '0')}`,
  );
  const tables = [
    'bookings',
    'booking_passenger_lines',
    'booking_hotel_lines',
    'booking_service_lines',
    'passenger_slots',
    'ledger_entries',
  ];
  await db.transaction(async (tx) => {
    // The revision triggers would bump each new booking once per line: copies start at 0.
    for (const table of tables)
      await tx.execute(sql.raw(`alter table ${table} disable trigger user`));
    await tx.execute(sql`
      insert into bookings
      select (jsonb_populate_record(null::bookings, to_jsonb(b) || jsonb_build_object(
        'id', gen_random_uuid(), 'code', 'GEN-' || lpad(i::text, 6, '0'), 'revision', 0))).*
      from bookings b, generate_series(1, ${count}::int) as i
      where b.id = ${templateId}`);
    const copies = sql`(select id from bookings where code like 'GEN-%')`;
    for (const table of [
      'booking_passenger_lines',
      'booking_hotel_lines',
      'booking_service_lines',
    ]) {
      await tx.execute(
        sql.raw(`insert into ${table}
          select (jsonb_populate_record(null::${table}, to_jsonb(l) || jsonb_build_object('booking_id', c.id))).*
          from ${table} l, (select id from bookings where code like 'GEN-%') c
          where l.booking_id = '${templateId}'`),
      );
    }
    await tx.execute(sql`
      insert into passenger_slots
      select (jsonb_populate_record(null::passenger_slots, to_jsonb(s) || jsonb_build_object(
        'id', gen_random_uuid(), 'booking_id', c.id, 'client_id', null))).*
      from passenger_slots s, ${copies} c where s.booking_id = ${templateId}`);
    await tx.execute(sql`
      insert into ledger_entries
      select (jsonb_populate_record(null::ledger_entries, to_jsonb(e) || jsonb_build_object(
        'id', gen_random_uuid(), 'booking_id', c.id, 'payment_attempt_id', null))).*
      from ledger_entries e, ${copies} c
      where e.booking_id = ${templateId} and e.kind in ('purchase', 'payment')`);
    for (const table of tables)
      await tx.execute(sql.raw(`alter table ${table} enable trigger user`));
  });
  return codes;
}

/** Every booking's ledger sums by kind, keyed by code: what balances are derived from. */
export async function balancesOf(db: Executor): Promise<Record<string, string>> {
  const found = await rows<{ code: string; sums: string }>(
    db,
    sql`select b.code, coalesce(string_agg(e.kind || '=' || e.total, ',' order by e.kind), '') as sums
        from bookings b left join lateral (
          select kind, sum(amount_cents)::bigint as total from ledger_entries
          where booking_id = b.id group by kind) e on true
        group by b.code`,
  );
  return Object.fromEntries(found.map((row) => [row.code, row.sums]));
}
