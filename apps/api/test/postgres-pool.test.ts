import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../src/db/client.ts';
import { isDatabaseUnavailable } from '../src/db/errors.ts';
import { isPostgres, openTestDatabase, type TestDatabase } from './support/app.ts';

/**
 * The pool on a statement the server gives up on (a deadlock, a statement timeout): the
 * connection is sound, so the transaction is rolled back on it and the caller gets that error
 * (answered 503, retry), not "Client was closed" from a rollback on a connection thrown away.
 */
let database: TestDatabase;

beforeAll(async () => {
  if (!isPostgres) return;
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The error a promise rejects with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** The PostgreSQL code of an error or of its cause. */
function codeOf(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current.code === 'string') return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

describe.skipIf(!isPostgres)('the PostgreSQL pool', () => {
  it('rolls back a timed-out statement on its own connection, and keeps that connection', async () => {
    const handle = await openDatabase({
      kind: 'postgres',
      guardTransactions: true,
      url: database.url ?? '',
      poolSize: 1,
    });
    try {
      await handle.db.execute(sql`create table pool_probe (n integer)`);
      const [before] = rowsOf<{ pid: number }>(
        await handle.db.execute(sql`select pg_backend_pid() as pid`),
      );
      const error = await rejection(
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into pool_probe values (1)`);
          await tx.execute(sql`set local statement_timeout = 50`);
          await tx.execute(sql`select pg_sleep(2)`);
        }),
      );
      expect(codeOf(error)).toBe('57014');
      expect(String((error as Error).message)).not.toMatch(/client was closed/i);
      expect(isDatabaseUnavailable(error)).toBe(true);
      // Rolled back, and the one connection of the pool is the same one, still usable.
      const [after] = rowsOf<{ pid: number; rows: number }>(
        await handle.db.execute(
          sql`select pg_backend_pid() as pid, (select count(*)::int from pool_probe) as rows`,
        ),
      );
      expect(after).toEqual({ pid: before?.pid, rows: 0 });
    } finally {
      await handle.close();
    }
  });

  it('answers a deadlock with the deadlock, rolled back, both connections kept', async () => {
    const handle = await openDatabase({
      kind: 'postgres',
      guardTransactions: true,
      url: database.url ?? '',
      poolSize: 2,
    });
    try {
      await handle.db.execute(sql`create table lock_probe (id integer primary key, n integer)`);
      await handle.db.execute(sql`insert into lock_probe values (1, 0), (2, 0)`);
      const pids = async () =>
        rowsOf<{ pid: number }>(
          await handle.db.execute(
            sql`select pid from pg_stat_activity where datname = current_database() and application_name = 'cusco-api' order by pid`,
          ),
        ).map((row) => row.pid);
      // Each transaction takes one row, waits until the other has its row, then asks for it.
      let arrived = 0;
      let release: () => void = () => {};
      const bothLocked = new Promise<void>((resolve) => {
        release = resolve;
      });
      const crossing = (first: number, second: number) =>
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`update lock_probe set n = n + 1 where id = ${first}`);
          arrived += 1;
          if (arrived === 2) release();
          await bothLocked;
          await tx.execute(sql`update lock_probe set n = n + 1 where id = ${second}`);
        });
      const outcomes = await Promise.allSettled([crossing(1, 2), crossing(2, 1)]);
      const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(failed).toHaveLength(1);
      const error = (failed[0] as PromiseRejectedResult).reason;
      expect(codeOf(error)).toBe('40P01');
      expect(String((error as Error).message)).not.toMatch(/client was closed/i);
      // One transaction won whole, the other left nothing; the pool still has its two.
      const rows = rowsOf<{ id: number; n: number }>(
        await handle.db.execute(sql`select id, n from lock_probe order by id`),
      );
      expect(rows).toEqual([
        { id: 1, n: 1 },
        { id: 2, n: 1 },
      ]);
      expect(await pids()).toHaveLength(2);
    } finally {
      await handle.close();
    }
  });
});
