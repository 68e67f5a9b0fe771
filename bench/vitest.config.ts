import { defineConfig } from 'vitest/config';

/** The bench's smoke test: it starts the built product, so one file at a time and time to spare. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
  },
});
