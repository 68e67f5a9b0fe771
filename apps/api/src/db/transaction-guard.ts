import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { Database } from './client.ts';

/**
 * Embedded PGlite has one connection, and an open transaction holds it: a statement sent on the
 * database itself (`db`, not the transaction's `tx`) while the transaction waits for it waits for
 * ever. On PostgreSQL the same statement runs on another connection of the pool, outside the
 * transaction, so a test on PostgreSQL alone never sees the hang (ADR 0058).
 *
 * The guard makes PostgreSQL refuse it too: the transactions of `db.transaction` mark the async
 * context of their callback, and a statement or a new transaction asked of the same pool from a
 * context whose transaction is still open fails at once with this error. Work started inside a
 * transaction that runs after it has ended is not refused (the mark is cleared at the end), nor
 * is a statement on another database (another handle has connections of its own).
 */
export class StatementOutsideTransactionError extends Error {
  constructor() {
    super(
      'A statement was sent on the database (db) inside an open transaction: on embedded PGlite ' +
        'the transaction holds the only connection and the statement would wait for ever. ' +
        'Send it on the transaction (tx).',
    );
    this.name = 'StatementOutsideTransactionError';
  }
}

/**
 * The refusal, also printed: a route answers it as any unexpected error (500, logged at a level
 * the tests silence), and the test would fail without saying why (test/support/fail-on-console.ts
 * fails the test that printed it, with the message).
 */
function refuse(): Promise<never> {
  const error = new StatementOutsideTransactionError();
  console.error(error.stack);
  return Promise.reject(error);
}

/** The transactions open in an async context: each with its pool, until it ends. */
interface OpenMark {
  pool: pg.Pool;
  open: boolean;
}

const openTransactions = new AsyncLocalStorage<readonly OpenMark[]>();

/** Whether this async context holds a transaction of this pool still open. */
function insideOpenTransaction(pool: pg.Pool): boolean {
  return (openTransactions.getStore() ?? []).some((mark) => mark.open && mark.pool === pool);
}

/** Turns on the guard for a PostgreSQL database and its pool (the API's tests turn it on). */
export function guardTransactions(db: Database, pool: pg.Pool): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) =>
    transaction(async (tx) => {
      const mark: OpenMark = { pool, open: true };
      try {
        const marks = [...(openTransactions.getStore() ?? []), mark];
        return await openTransactions.run(marks, () => run(tx));
      } finally {
        mark.open = false;
      }
    }, config)) as Database['transaction'];

  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    if (insideOpenTransaction(pool)) return refuse();
    return query(...args);
  }) as pg.Pool['query'];

  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    // The callback form is the pool's own (pool.query, already checked).
    if (args.length === 0 && insideOpenTransaction(pool)) return refuse();
    return connect(...args);
  }) as pg.Pool['connect'];
}
