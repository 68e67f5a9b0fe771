import { defineConfig } from 'vitest/config';

/** The files that replace a module (vi.mock): they need their own module graph. */
const MOCKING = ['test/departure-modal.test.tsx', 'test/incident-form.test.tsx'];

const common = {
  // A component test fills a whole form in happy-dom: seconds on a busy two-core machine.
  testTimeout: 30_000,
  setupFiles: ['test/support/async-timeout.ts'],
};

/**
 * Unit tests of the web app's pure logic, and component tests (Testing Library, in happy-dom) of
 * the dialogs and forms whose rules the user relies on, against a fake API at fetch
 * (test/support/). The screens themselves, in a browser, are tested in e2e/.
 */
export default defineConfig({
  test: {
    // Both cores: 134 s for the 40 files instead of 207 s in one worker (2026-11-27).
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...common,
          name: 'web',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: MOCKING,
          // The files of a worker share their modules (React, Mantine, the app's): each renders
          // its own tree into its own happy-dom document and resets the app's state after each
          // test (test/support/app.tsx). Importing them again for every file was half of the
          // suite's time: 104 s against 49 s (2026-11-27, the 40 files).
          isolate: false,
        },
      },
      { test: { ...common, name: 'web (mocks)', include: MOCKING } },
    ],
  },
});
