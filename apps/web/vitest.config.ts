import { defineConfig } from 'vitest/config';

/** Unit tests of the web app's pure logic (the screens themselves are tested in e2e/). */
export default defineConfig({ test: { include: ['test/**/*.test.ts'] } });
