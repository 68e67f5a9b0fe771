import type { Executor } from './client.ts';

/**
 * A query prepared once per database handle and reused: on PostgreSQL a named statement, which
 * each connection parses and plans once instead of on every call (for the list, parsing and
 * planning took ten times as long as running it); on both databases, Drizzle builds the SQL once.
 * Values are `sql.placeholder(...)` at build time, given to `execute`.
 */
export function prepared<T>(build: (db: Executor) => T): (db: Executor) => T {
  const byHandle = new WeakMap<Executor, T>();
  return (db) => {
    let statement = byHandle.get(db);
    if (!statement) {
      statement = build(db);
      byHandle.set(db, statement);
    }
    return statement;
  };
}
