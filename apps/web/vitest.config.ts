import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the web app's pure logic, and of the few components whose behaviour is not seen
 * from a browser test (in happy-dom). The screens themselves are tested in e2e/.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // A component test fills a whole form in happy-dom: seconds on a busy two-core machine.
    testTimeout: 30_000,
  },
});
