import { defineConfig } from 'vitest/config';

/** Browser tests: one file at a time, against the built product started as `npm start` does. */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
    // Screens wait for the API; give a condition up to 15 s before calling it false.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
