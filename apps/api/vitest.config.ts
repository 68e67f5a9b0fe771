import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { PGLITE_SUBJECTS } from './test/support/pglite-subjects.ts';

/**
 * The API suite runs on embedded PGlite, and on a real PostgreSQL server when TEST_DATABASE_URL
 * is set (CI sets it; with CI=true it must be set): then every file runs on PostgreSQL, and
 * PGlite runs the files whose subject differs between the two (test/support/pglite-subjects.ts).
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
