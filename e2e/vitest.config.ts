import { defineConfig } from 'vitest/config';
import LaneSequencer from './support/lanes.ts';

/**
 * Browser tests: one file at a time in each lane (run-lanes.mjs), against the built product
 * started as `npm start` does.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    // The files run one after another in one worker that keeps the modules they share
    // (playwright-core, axe, the shared package): importing them again for every file took 50 s
    // of a run. Each file still connects to the browser itself and each test opens fresh
    // contexts; nothing here replaces a module (vi.mock) or keeps state between files.
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    reporters: ['default'],
    // `--shard=<lane>/<lanes>` splits the files into lanes of about equal length, by the seconds
    // each took in a whole run (support/durations.json).
    sequence: { sequencer: LaneSequencer },
    // Screens wait for the API; give a condition up to 15 s before calling it false, asking
    // again every 50 ms (Vitest's default): at 100 ms a condition met just after a check was
    // seen on average 50 ms late, hundreds of times a run.
    expect: { poll: { timeout: 15_000, interval: 50 } },
  },
});
