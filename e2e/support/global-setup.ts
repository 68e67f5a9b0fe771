import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startProduct } from './product.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Why the browser tests cannot run here (no Chromium), or '' when they can. */
    skipReason: string;
  }
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Starts the product (`node scripts/start.mjs`) on a free port with a throwaway data folder. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    const reason = `Chromium not found at ${CHROMIUM}: install it with 'apt-get install chromium' to run the browser tests`;
    if (process.env.CI === 'true')
      throw new Error(`${reason} (CI=true: browser tests cannot be skipped)`);
    console.warn(`\n⚠ ${reason}. Skipping them.\n`);
    project.provide('skipReason', reason);
    project.provide('baseUrl', '');
    return;
  }

  const product = await startProduct({
    // Every test signs up from this one address: room for the suite to grow, limits still on.
    RATE_LIMIT_SCALE: '5',
  });
  project.provide('baseUrl', product.baseUrl);
  project.provide('skipReason', '');
  return () => product.stop();
}
