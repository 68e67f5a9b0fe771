import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseUrl, describeInBrowser, openPage, useBrowser } from '../support/browser.ts';
import { ownProductDatabase, type RunningProduct, startProduct } from '../support/product.ts';

/**
 * The installable app (issue 32): Chrome's own installability check (the one Lighthouse's
 * retired PWA audit read) finds nothing missing, the app shell opens with no network, and a new
 * deploy reaches a running app without clearing any cache.
 */
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

/**
 * Waits until the app's service worker is installed and active, and the page is one it controls
 * (a worker installed for the first time controls the pages opened after it: a reload).
 */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}

describeInBrowser('the installable app', () => {
  useBrowser();

  it('is installable by Chrome: a manifest without errors, no installability errors', async () => {
    const page = await openPage('phone', 'en', baseUrl, { serviceWorkers: 'allow' });
    await page.goto('/#/login');
    await controlled(page);
    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(manifest.url).toBe(`${baseUrl}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? '{}');
    expect(data).toMatchObject({
      name: 'Cusco Treks',
      short_name: 'Cusco Treks',
      display: 'standalone',
      start_url: '/#/login',
      scope: '/',
    });
    expect(data.icons.map((icon: { sizes: string; purpose?: string }) => icon.sizes)).toEqual([
      '192x192',
      '512x512',
      '512x512',
    ]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // A browser context of the test browser is off the record, which Chrome does not offer to
    // install from ('in-incognito'): every other criterion must be met.
    expect(installabilityErrors.map((error) => error.errorId)).not.toContain('manifest-missing');
    expect(
      installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito'),
    ).toEqual([]);
    // Each icon is there, a PNG.
    for (const icon of data.icons as { src: string }[]) {
      const response = await fetch(`${baseUrl}${icon.src}`);
      expect(response.headers.get('content-type')).toBe('image/png');
    }
  });

  it('serves the service worker, the manifest and index.html uncached, the code for a year', async () => {
    for (const file of ['/sw.js', '/manifest.webmanifest', '/', '/index.html']) {
      const response = await fetch(`${baseUrl}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
    }
    const sw = await (await fetch(`${baseUrl}/sw.js`)).text();
    // The precache: the app's code and index.html, never the compressed copies.
    expect(sw).toContain('index.html');
    expect(sw).not.toMatch(/\.(br|gz)"/);
    const script = sw.match(/url:"(assets\/index-[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${baseUrl}/${script}`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('opens the app shell with no network once it was opened', async () => {
    const page = await openPage('phone', 'en', baseUrl, { serviceWorkers: 'allow' });
    await page.goto('/#/login');
    await controlled(page);
    await page.context().setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign in', exact: true }).count())
      .toBeGreaterThan(0);
    await page.context().setOffline(false);
  });

  updateTests();
});

/** A copy of the build served by a product of its own, changed as a new deploy changes it. */
function updateTests() {
  let copy: string;
  let product: RunningProduct;
  beforeAll(async () => {
    copy = mkdtempSync(path.join(tmpdir(), 'cusco-web-'));
    cpSync(dist, copy, { recursive: true });
    product = await startProduct({ WEB_DIST: copy, RATE_LIMIT_SCALE: '5' }, ownProductDatabase);
  });
  afterAll(async () => {
    await product?.stop();
    rmSync(copy, { recursive: true, force: true });
  });

  it('ends up on a new deploy without clearing any cache ("New version — Reload")', async () => {
    const page = await openPage('phone', 'en', product.baseUrl, { serviceWorkers: 'allow' });
    await page.goto('/#/login');
    await controlled(page);
    expect(await page.evaluate(() => document.querySelector('meta[name="deploy"]'))).toBeNull();

    // The new deploy: another index.html, so another precache revision in a new sw.js (their
    // compressed copies go, as a build writes new ones).
    const index = readFileSync(path.join(copy, 'index.html'), 'utf8');
    writeFileSync(
      path.join(copy, 'index.html'),
      index.replace('<head>', '<head>\n    <meta name="deploy" content="2" />'),
    );
    const sw = readFileSync(path.join(copy, 'sw.js'), 'utf8');
    const updated = sw.replace(/(url:"index\.html",revision:")[^"]+"/, '$1deploy-2"');
    expect(updated).not.toBe(sw);
    writeFileSync(path.join(copy, 'sw.js'), updated);
    for (const file of ['index.html', 'sw.js']) {
      for (const ext of ['.br', '.gz']) rmSync(path.join(copy, file + ext), { force: true });
    }

    // The running app checks for a new version (here at a reload, as at any navigation), then
    // offers it; Reload puts the page on it.
    await page.reload();
    const reload = page.getByRole('button', { name: 'Reload' });
    await expect.poll(() => reload.isVisible()).toBe(true);
    await page.getByText('New version available').waitFor();
    await reload.click();
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelector('meta[name="deploy"]')?.getAttribute('content')),
      )
      .toBe('2');
    // And it stays there.
    await page.reload();
    expect(
      await page.evaluate(() =>
        document.querySelector('meta[name="deploy"]')?.getAttribute('content'),
      ),
    ).toBe('2');
  });
}
