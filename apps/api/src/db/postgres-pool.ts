import pg from 'pg';
import type { DatabaseTimeouts } from '../config.ts';
import { isConnectionLost } from './errors.ts';

const defaultTimeouts: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 15_000,
  idleInTransactionMs: 30_000,
};

/**
 * A pool whose checked-out connections cannot leak when the server goes away. Drizzle's
 * transaction releases its connection only once `begin` has succeeded, and without the error:
 * a connection killed at `begin` would never return, and a broken one would go back to the pool.
 * Here, a query that fails on a checked-out connection whose link is gone releases that
 * connection at once, with the error (so the pool destroys it); the caller still gets the
 * rejection, and any later release of it is a no-op. A statement the server gave up on (a
 * deadlock, a statement timeout) leaves its connection sound: the transaction is rolled back on
 * it, and the caller gets that error, not a closed client's.
 */
class ResilientPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: Parameters<pg.Pool['connect']>[0],
  ): Promise<pg.PoolClient> | undefined {
    // The callback form is the pool's own (pool.query), which releases with the error itself.
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then((client) => guardCheckout(client));
  }
}

function guardCheckout(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  const query = client.query;
  let released = false;
  // The pool gives the client a new release function at its next checkout.
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.query = query;
    release(error);
  };
  client.release = releaseOnce as pg.PoolClient['release'];
  client.query = function guardedQuery(this: pg.PoolClient, ...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (result && typeof (result as Promise<unknown>).catch === 'function') {
      (result as Promise<unknown>).catch((error: unknown) => {
        if (isConnectionLost(error)) releaseOnce(error as Error);
      });
    }
    return result;
  } as typeof client.query;
  return client;
}

/** A PostgreSQL server to open (DATABASE_URL and its settings). */
export interface PostgresTarget {
  kind: 'postgres';
  url: string;
  poolSize?: number;
  timeouts?: DatabaseTimeouts;
  /** Told of every connection lost (a restart, a failover, a terminated backend). */
  onConnectionError?: (error: Error) => void;
  /**
   * Refuses a statement on the pool from inside an open transaction, which would hang on
   * embedded PGlite (transaction-guard.ts): the tests turn it on.
   */
  guardTransactions?: boolean;
}

/** The name the API's connections carry in pg_stat_activity. */
export const APPLICATION_NAME = 'cusco-api';

/**
 * A pool of PostgreSQL connections that survives the server going away: every connection has an
 * error listener for its whole life, idle or checked out (a connection killed under a
 * transaction emits 'error' on its client, and an unheard 'error' ends the process); a broken
 * connection is dropped and the pool opens new ones on demand once the server is back. Every
 * wait is bounded: connecting (or waiting for a free connection), each statement, and a
 * transaction left idle.
 */
export function openPool(target: PostgresTarget) {
  const timeouts = target.timeouts ?? defaultTimeouts;
  const pool = new ResilientPool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    application_name: APPLICATION_NAME,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // A server that stops answering mid-query (a network cut) cannot hold a request for ever.
    query_timeout: timeouts.statementMs + timeouts.connectMs,
    keepAlive: true,
  });
  const lost = (error: Error) => target.onConnectionError?.(error);
  pool.on('connect', (client) => client.on('error', lost));
  pool.on('error', lost);
  return pool;
}
