/**
 * With PostgreSQL there (CI), embedded PGlite runs the files whose subject differs between the
 * two databases, and every other file runs on PostgreSQL only (ADR 0058). What only PGlite would
 * show in the others, a statement on `db` inside an open transaction (a hang on PGlite's one
 * connection), the PostgreSQL suite refuses too (db/transaction-guard.ts); and half of the
 * browser journeys run the whole product on PGlite (e2e/support/global-setup.ts). Without
 * PostgreSQL, every file runs on PGlite.
 */
export const PGLITE_SUBJECTS = [
  // The embedded database itself: its folder and its lock, its backups and restores, the
  // commands that open it, and the server started on it as `npm start` starts it.
  'test/backup-*.test.ts',
  'test/data-dir-lock.test.ts',
  'test/admin-create.test.ts',
  'test/trail-keys.test.ts',
  'test/slow-clients.test.ts',
  'test/health.test.ts',
  'test/jobs.test.ts',
  'test/metrics.test.ts',
  // Its change feed (this process's own writes; PostgreSQL's comes by NOTIFY) and the caches
  // that follow it.
  'test/change-feed.test.ts',
  'test/*-cache.test.ts',
  'test/cache-races.test.ts',
  'test/booking-answers.test.ts',
  // Requests at once, which queue on its one connection.
  'test/locks.test.ts',
  'test/limits.test.ts',
  'test/booking-save.test.ts',
  'test/payments.test.ts',
  // Files that need no database at all run once, here.
  'test/config.test.ts',
  'test/mappers.test.ts',
  'test/metrics-alerts.test.ts',
  'test/redis-rate-limits.test.ts',
];

/** Whether a test file's path (`test/….test.ts`) matches a pattern: `*` is any part of a name. */
export function matches(pattern: string, file: string): boolean {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*');
  return new RegExp(`^${escaped}$`).test(file);
}

/** Whether a test file is one of PGLITE_SUBJECTS. */
export function isPgliteSubject(file: string): boolean {
  return PGLITE_SUBJECTS.some((pattern) => matches(pattern, file));
}
