import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase, rowsOf } from '../src/db/client.ts';
import { StatementOutsideTransactionError } from '../src/db/transaction-guard.ts';
import { isPostgres, openTestDatabase, type TestDatabase } from './support/app.ts';

/**
 * The guard of the tests on PostgreSQL (db/transaction-guard.ts, ADR 0058): a statement on the
 * database itself from inside an open transaction, which would wait for ever on embedded PGlite,
 * fails on PostgreSQL too, so the PostgreSQL suite finds what only PGlite would show.
 */
let database: TestDatabase;
let guarded: DatabaseHandle;
let plain: DatabaseHandle;

beforeAll(async () => {
  if (!isPostgres) return;
  database = await openTestDatabase();
  const url = database.url ?? '';
  guarded = await openDatabase({ kind: 'postgres', guardTransactions: true, url, poolSize: 3 });
  plain = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
});
afterAll(async () => {
  await guarded?.close();
  await plain?.close();
  await database?.close();
});

/** The guard's error a promise rejects with, itself or as the cause of Drizzle's error. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    let current = error as { cause?: unknown } | undefined;
    for (let depth = 0; depth < 5 && current; depth++) {
      if (current instanceof StatementOutsideTransactionError) return current;
      current = current.cause as typeof current;
    }
    return error;
  }
  throw new Error('expected a rejection');
}

const one = sql`select 1 as n`;

/**
 * What the guard printed, taken from console.error's spy (support/fail-on-console.ts), so that a
 * refusal the test asks for does not fail it: each refusal prints its message once.
 */
function takePrinted(): string[] {
  return vi
    .mocked(console.error)
    .mock.calls.splice(0)
    .map((call) => String(call[0]));
}

describe.skipIf(!isPostgres)('the transaction guard', () => {
  it("refuses a statement on the database inside a transaction, and keeps the transaction's own", async () => {
    const error = await rejection(
      guarded.db.transaction(async (tx) => {
        expect(rowsOf(await tx.execute(one))).toEqual([{ n: 1 }]);
        await guarded.db.execute(one);
      }),
    );
    expect(error).toBeInstanceOf(StatementOutsideTransactionError);
    expect(takePrinted()).toEqual([expect.stringContaining('Send it on the transaction (tx)')]);
    expect((error as Error).message).toMatch(/Send it on the transaction \(tx\)/);
    // Without the guard the same statement runs, on another connection: what hid the hang.
    await plain.db.transaction(async () => {
      expect(rowsOf(await plain.db.execute(one))).toEqual([{ n: 1 }]);
    });
  });

  it('refuses a second transaction on the database inside one, and a relational query', async () => {
    const nested = await rejection(
      guarded.db.transaction(async () => {
        await guarded.db.transaction(async (inner) => inner.execute(one));
      }),
    );
    expect(nested).toBeInstanceOf(StatementOutsideTransactionError);
    expect(takePrinted()).toEqual([expect.stringContaining('Send it on the transaction (tx)')]);
    const relational = await rejection(
      guarded.db.transaction(async () => {
        await guarded.db.query.tours.findFirst();
      }),
    );
    expect(relational).toBeInstanceOf(StatementOutsideTransactionError);
    expect(takePrinted()).toEqual([expect.stringContaining('Send it on the transaction (tx)')]);
    // A savepoint on the transaction is the transaction's own.
    await guarded.db.transaction(async (tx) => {
      expect(rowsOf(await tx.transaction((inner) => inner.execute(one)))).toEqual([{ n: 1 }]);
    });
  });

  it("lets another database's handle be used inside a transaction", async () => {
    const other = await openDatabase({
      kind: 'postgres',
      guardTransactions: true,
      url: database.url ?? '',
      poolSize: 1,
    });
    try {
      await guarded.db.transaction(async () => {
        expect(rowsOf(await other.db.execute(one))).toEqual([{ n: 1 }]);
        // Inside the other's own transaction, this one's is still open: still refused.
        const error = await rejection(other.db.transaction(() => guarded.db.execute(one)));
        expect(error).toBeInstanceOf(StatementOutsideTransactionError);
        expect(takePrinted()).toEqual([expect.stringContaining('Send it on the transaction (tx)')]);
      });
    } finally {
      await other.close();
    }
  });

  it('lets the database be used beside a transaction, and after it by work it started', async () => {
    let later: Promise<unknown> = Promise.resolve();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await Promise.all([
      guarded.db.transaction(async (tx) => {
        await tx.execute(one);
        // Started inside, run once the transaction has ended: not refused.
        later = released.then(() => guarded.db.execute(one));
      }),
      // Another request's statement while the transaction is open: its own context.
      guarded.db.execute(one),
    ]);
    release();
    expect(rowsOf(await later)).toEqual([{ n: 1 }]);
  });
});
