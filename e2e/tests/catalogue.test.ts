import { expect, it } from 'vitest';
import {
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  type ViewportName,
  visit,
} from '../support/browser.ts';

useBrowser();

const words = {
  en: {
    browse: 'Browse tours',
    title: 'Tours',
    book: 'Reserve Classic Inca Trail 4D/3N',
    tab: 'Machupicchu',
    heading: 'Classic Inca Trail 4D/3N',
    lang: '0',
    allTours: 'All tours',
    summary: 'Pick-up at your hotel in Cusco at 5:00',
  },
  es: {
    browse: 'Ver los tours',
    title: 'Tours',
    book: 'Reservar Camino Inka Clásico 4D/3N',
    tab: 'Machupicchu',
    heading: 'Camino Inka Clásico 4D/3N',
    lang: '1',
    allTours: 'Todos los tours',
    summary: 'Recojo de su hotel en Cusco a las 5:00',
  },
} as const;

describeInBrowser.each([
  ['phone', 'es'],
  ['desktop', 'en'],
] as [ViewportName, keyof typeof words][])(
  'the public catalogue on %s in %s (issue 12)',
  (viewport, language) => {
    const w = words[language];

    it('lists the tours without an account and books one in the language read', async () => {
      const page = await openPage(viewport, language);
      await visit(page, '/login');
      await page.getByRole('link', { name: w.browse }).click();
      await expect.poll(() => page.url()).toMatch(/#\/tours/);
      await expect
        .poll(() => page.getByRole('heading', { name: w.title, level: 1 }).isVisible())
        .toBe(true);
      const card = page.getByRole('article', { name: w.heading });
      await expect.poll(() => card.isVisible()).toBe(true);
      expect(await card.textContent()).toContain(w.summary);
      // Its "from" price, in dollars ($790.00, or USD 790.00 in Spanish).
      expect(await card.textContent()).toMatch(/(\$|USD)\s?[\d,]+\.\d\d/);
      await expectAccessible(page);
      await screenshot(page, `catalogue-${viewport}-${language}`);

      // Another family's tab, then back to the first: the cards follow.
      await page.getByRole('tab', { name: w.tab }).click();
      await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
      await page.goBack();

      await visit(page, '/tours');
      await page.getByRole('link', { name: w.book }).click();
      await expect.poll(() => page.url()).toContain(`#/booking/100401/${w.lang}`);
      await expect
        .poll(() => page.getByRole('heading', { name: w.heading, level: 1 }).isVisible())
        .toBe(true);
      // The booking page leads back to the catalogue.
      await page.getByRole('link', { name: w.allTours }).click();
      await expect.poll(() => page.url()).toMatch(/#\/tours$/);
    });
  },
);
