import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startProduct } from './product.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The suite's one headless Chromium (support/browser.ts connects to it), or ''. */
    browserEndpoint: string;
    /** Why the browser tests cannot run here (no Chromium), or '' when they can. */
    skipReason: string;
  }
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The PostgreSQL server the lane's product runs on, or undefined for the embedded database that
 * `npm start` uses. In one lane, the embedded database. In several (E2E_LANES, run-lanes.mjs)
 * with a PostgreSQL server (TEST_DATABASE_URL, which CI sets), every second lane's product runs
 * on PostgreSQL as an agency's production does: the browser tests cover both databases. (The
 * files that start products of their own, guest checkout, password reset and the installable
 * app, start them on the embedded database in any lane.)
 */
function onPostgres(): string | undefined {
  const lane = Number(process.env.E2E_LANE ?? 1);
  return lane % 2 === 0 ? process.env.TEST_DATABASE_URL || undefined : undefined;
}

/**
 * Starts the product (`node scripts/start.mjs`) on a free port with a throwaway data folder, and
 * one headless Chromium for the whole run: every test file connects to it and every test gets
 * fresh contexts (profiles) from it, so no cookie or storage passes from one test to another,
 * while the browser is launched once instead of once per file.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    const reason = `Chromium not found at ${CHROMIUM}: install it with 'apt-get install chromium' to run the browser tests`;
    if (process.env.CI === 'true')
      throw new Error(`${reason} (CI=true: browser tests cannot be skipped)`);
    console.warn(`\n⚠ ${reason}. Skipping them.\n`);
    project.provide('skipReason', reason);
    project.provide('baseUrl', '');
    project.provide('browserEndpoint', '');
    return;
  }

  const product = await startProduct(
    {
      // Every test signs up from this one address: room for the suite to grow, limits still on.
      RATE_LIMIT_SCALE: '5',
      // The outbox's e-mails and the receipts go out within a second instead of five: the tests
      // that read the mailbox or a receipt's state wait for the next pass, idle.
      MAIL_INTERVAL_SECONDS: '1',
      RECEIPT_INTERVAL_SECONDS: '1',
    },
    { postgresUrl: onPostgres() },
  );
  const browser = await chromium
    .launchServer({ executablePath: CHROMIUM, headless: true, args: chromiumArgs })
    .catch(async (error: unknown) => {
      await product.stop();
      throw error;
    });
  project.provide('baseUrl', product.baseUrl);
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide('skipReason', '');
  return async () => {
    await browser.close();
    await product.stop();
  };
}
