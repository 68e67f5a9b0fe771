import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { baseUrl, describeInBrowser, openPage, useBrowser } from '../support/browser.ts';

/**
 * ADR 0053, decision 12: index.html's inline script starts a booking page's code, texts, tour and
 * first departure's days, and login's code and texts, while the app's entry is still on its way
 * (on slow 4G they would otherwise wait for the entry to arrive and run: a round trip more). The
 * entry is held here until they have been asked for; without the early start they never would
 * be, and the test times out.
 */
async function entryScript(): Promise<string> {
  const html = await (await fetch(baseUrl)).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  return entry;
}

/** Opens a route with the entry held; answers the paths asked for, and releases the entry. */
async function openWithEntryHeld(page: Page, route: string) {
  const entry = await entryScript();
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${entry}`, async (intercepted) => {
    await held;
    await intercepted.continue();
  });
  // The load event waits for the entry: only the document's arrival is awaited.
  await page.goto(`/#${route}`, { waitUntil: 'commit' });
  return { asked, release };
}

describeInBrowser('the first screens start before the entry has run', () => {
  useBrowser();

  it("a booking page asks for its code, its language's texts, its tour and the days at once, each answer only once", async () => {
    const page = await openPage('phone', 'en');
    const { asked, release } = await openWithEntryHeld(page, '/booking/100401/1');
    await expect
      .poll(() => asked)
      .toEqual(
        expect.arrayContaining([
          '/api/tour/100401',
          '/api/tour/100401/availability',
          expect.stringMatching(/\/assets\/booking-page-[\w-]+\.js$/),
          expect.stringMatching(/\/assets\/es-[\w-]+\.js$/),
          expect.stringMatching(/\/assets\/messages-es-[\w-]+\.js$/),
        ]),
      );
    // The page is in Spanish (its address says 1): the English texts are not fetched.
    expect(asked.filter((path) => /\/assets\/(messages-)?en-/.test(path))).toEqual([]);
    release();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Camino Inka Clásico 4D/3N' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByTestId('date-closed').isVisible()).toBe(true);
    expect(asked.filter((path) => path === '/api/tour/100401')).toHaveLength(1);
    expect(asked.filter((path) => path === '/api/tour/100401/availability')).toHaveLength(1);
  });

  it("login asks for its code and the stored language's texts at once, and nothing of the booking page", async () => {
    const page = await openPage('phone', 'en');
    const { asked, release } = await openWithEntryHeld(page, '/login');
    await expect
      .poll(() => asked)
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/\/assets\/login-page-[\w-]+\.js$/),
          expect.stringMatching(/\/assets\/en-[\w-]+\.js$/),
        ]),
      );
    expect(asked.filter((path) => /booking-page|\/api\/tour/.test(path))).toEqual([]);
    release();
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign in', exact: true }).isVisible())
      .toBe(true);
  });

  it('a bad tour code starts nothing early, and the page reports it as before', async () => {
    const page = await openPage('phone', 'en');
    const { asked, release } = await openWithEntryHeld(page, '/booking/12345');
    release();
    await expect
      .poll(() => page.getByText('There is an error in the tour code').isVisible())
      .toBe(true);
    expect(asked.filter((path) => path.startsWith('/api/tour'))).toEqual([]);
  });
});
