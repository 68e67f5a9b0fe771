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

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...common,
          name: 'pglite',
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
