import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  baseUrl,
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  type ViewportName,
} from '../support/browser.ts';

useBrowser();

/**
 * The public pages (issue 33): complete and navigable in a browser without JavaScript, from the
 * catalogue to a tour, to its other language and into the booking page; accessible; free of CSP
 * violations; and the root address leads to the catalogue while the hash routes stay as they were.
 */

/** Collects the page's console errors (a CSP violation is one). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

describeInBrowser.each(['phone', 'desktop'] as ViewportName[])('public pages on %s', (viewport) => {
  it('are complete and navigable without JavaScript', async () => {
    const page = await openPage(viewport, 'en', baseUrl, { javaScriptEnabled: false });
    const errors = consoleErrors(page);
    await page.goto('/en/tours');
    expect(await page.getByRole('heading', { level: 1, name: 'Our tours' }).isVisible()).toBe(true);
    for (const family of ['Inka Trail', 'Alternative Trek', 'Packages']) {
      expect(await page.getByRole('heading', { level: 2, name: family }).isVisible()).toBe(true);
    }
    await screenshot(page, `public-catalogue-en-${viewport}`);

    // Catalogue → tour.
    await page.getByRole('link', { name: 'Classic Inca Trail 4D/3N' }).click();
    await page.waitForURL('**/en/tours/classic-inca-trail-4d-3n');
    const heading = page.getByRole('heading', { level: 1, name: 'Classic Inca Trail 4D/3N' });
    expect(await heading.isVisible()).toBe(true);
    for (const section of ['Next open dates', 'Prices per person by group size', 'Itinerary']) {
      expect(await page.getByRole('heading', { level: 2, name: section }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);
    expect(await page.getByRole('heading', { name: 'Day 1' }).isVisible()).toBe(true);
    expect(await page.getByText('4 days / 3 nights').isVisible()).toBe(true);
    await screenshot(page, `public-tour-en-${viewport}`);

    // A date's link books that date; the Book link the tour.
    const dates = page.getByRole('region', { name: 'Next open dates' });
    const firstDate = dates.getByRole('link').first();
    expect(await firstDate.textContent()).toMatch(/seats? left|more than/);
    expect(await firstDate.getAttribute('href')).toMatch(
      /^\/#\/booking\/100401\/0\?date=\d{4}-\d{2}-\d{2}$/,
    );
    const book = page.getByRole('link', { name: 'Book Classic Inca Trail 4D/3N' });
    expect(await book.getAttribute('href')).toBe('/#/booking/100401/0');

    // Tour → the other language.
    await page.getByRole('link', { name: 'Español' }).click();
    await page.waitForURL('**/es/tours/camino-inka-clasico-4d-3n');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(
      await page.getByRole('heading', { level: 1, name: 'Camino Inka Clásico 4D/3N' }).isVisible(),
    ).toBe(true);
    const reservar = page.getByRole('link', { name: 'Reservar Camino Inka Clásico 4D/3N' });
    expect(await reservar.getAttribute('href')).toBe('/#/booking/100401/1');
    await screenshot(page, `public-tour-es-${viewport}`);

    // Back to the catalogue by the breadcrumb.
    await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link').click();
    await page.waitForURL('**/es/tours');
    expect(await page.getByRole('heading', { level: 1, name: 'Nuestros tours' }).isVisible()).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });

  it('pass axe, without a CSP violation, with no layout shift', async () => {
    const page = await openPage(viewport);
    const errors = consoleErrors(page);
    for (const url of [
      '/en/tours',
      '/es/tours/camino-inka-clasico-4d-3n',
      '/en/tours/nothing-1d',
    ]) {
      await page.goto(url);
      await expectAccessible(page);
    }
    // The tour page: nothing moves once painted (no web font, no image without its size).
    await page.goto('/en/tours/classic-inca-trail-4d-3n');
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
              total += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
        }),
    );
    expect(shift).toBe(0);
    // The 404 page's own status is logged as a failed load; nothing else may be.
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
  });
});

describeInBrowser('the root address', () => {
  it('leads a visitor to the catalogue in their language', async () => {
    const english = await openPage('phone', 'en');
    await english.goto('/');
    await english.waitForURL('**/en/tours');
    expect(await english.getByRole('heading', { level: 1, name: 'Our tours' }).isVisible()).toBe(
      true,
    );
    const spanish = await openPage('phone', 'es');
    const errors = consoleErrors(spanish);
    await spanish.goto('/');
    await spanish.waitForURL('**/es/tours');
    expect(errors).toEqual([]);
  });

  it('keeps the hash routes as they were', async () => {
    const page = await openPage('desktop', 'en');
    const errors = consoleErrors(page);
    await page.goto('/#/login');
    await expect.poll(() => page.getByRole('form', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${baseUrl}/#/login`);
    await page.goto('/#/booking/100401/1');
    await expect.poll(() => page.url()).toContain('#/booking/100401/1');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
  });
});
