import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The API suite runs on embedded PGlite, and on a real PostgreSQL server when TEST_DATABASE_URL
 * is set (CI sets it; with CI=true it must be set): then every file runs on PostgreSQL, and
 * PGlite runs the files whose subject differs between the two (PGLITE_SUBJECTS below).
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === 'true' && !postgresUrl) {
  throw new Error(
    'CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite cannot be skipped in CI',
  );
}

const common = {
  include: ['test/**/*.test.ts'],
  // The files of a worker share their modules: each builds its own app on its own database, and
  // no test replaces a module (vi.mock), so nothing leaks from one to the next; importing the
  // app again for every file cost a fifth of the suite.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  setupFiles: ['test/support/fail-on-console.ts', 'test/support/each-file.ts'],
};

/**
 * With PostgreSQL there (CI), embedded PGlite runs the files whose subject differs between the
 * two databases, and every other file runs on PostgreSQL only (ADR 0058). What only PGlite would
 * show in the others, a statement on `db` inside an open transaction (a hang on PGlite's one
 * connection), the PostgreSQL suite refuses too (db/transaction-guard.ts); and half of the
 * browser journeys run the whole product on PGlite (e2e/support/global-setup.ts). Without
 * PostgreSQL, every file runs on PGlite.
 */
const PGLITE_SUBJECTS = [
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

export default defineConfig({
  test: {
    // Two files at a time at least: Vitest's default (one worker less than the cores) left CI's
    // second core idle, and a file spends much of its time waiting on PostgreSQL, a second
    // server or a timer. On 2 cores the whole suite on both databases took 191-206 s with two
    // workers against 300 s with one, every test passing (slow clients, races, two nodes
    // included).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      {
        test: {
          ...common,
          name: 'pglite',
          ...(postgresUrl ? { include: PGLITE_SUBJECTS } : {}),
          globalSetup: ['test/support/global-setup.ts'],
          env: { TEST_DB_KIND: 'pglite' },
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                ...common,
                name: 'postgres',
                globalSetup: ['test/support/global-setup.ts'],
                env: { TEST_DB_KIND: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
