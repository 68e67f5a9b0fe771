import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The API suite runs on embedded PGlite, and again on a real PostgreSQL server when
 * TEST_DATABASE_URL is set (CI sets it; with CI=true it must be set).
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
 * The attacks and the fuzzing run on PostgreSQL only when it is there (CI): what they check is
 * what the HTTP layer and the rules refuse, which does not depend on the database, and their
 * races need PostgreSQL's real concurrency (PGlite runs one statement at a time, so a race there
 * never happens). No test in them runs on PGlite alone. Without PostgreSQL they run on PGlite.
 * So do the traces: what they check is the OpenTelemetry export of a server started as
 * `npm start` starts it, and on PostgreSQL they check its queries' spans too. On PGlite the file
 * started a second server on a new embedded database, 49 s of a slow machine's run (2026-11-28).
 */
const POSTGRES_ONLY = [
  'test/*-attack.test.ts',
  'test/robustness.test.ts',
  'test/metrics-traces.test.ts',
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
          ...(postgresUrl ? { exclude: POSTGRES_ONLY } : {}),
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
