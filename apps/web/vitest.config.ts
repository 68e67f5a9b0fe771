import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the web app's pure logic, and component tests (Testing Library, in happy-dom) of
 * the dialogs and forms whose rules the user relies on, against a fake API at fetch
 * (test/support/). The screens themselves, in a browser, are tested in e2e/.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // A component test fills a whole form in happy-dom: seconds on a busy two-core machine.
    testTimeout: 30_000,
    setupFiles: ['test/support/async-timeout.ts'],
    // Both cores: 134 s for the 40 files instead of 207 s in one worker (2026-11-27), which keeps
    // the whole CI run under 30 minutes.
    maxWorkers: 2,
  },
});
