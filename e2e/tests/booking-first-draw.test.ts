import { expect, it } from 'vitest';
import { baseUrl, describeInBrowser, openPage, useBrowser } from '../support/browser.ts';

/**
 * What the booking page's first draw leaves out on a phone (ADR 0053, decision 14; ADR 0059):
 * each is main-thread time or a request before the page's largest paint, on a phone that has
 * little of either. A change that brings one back fails here, not only in Lighthouse's figures.
 */
describeInBrowser("the booking page's first draw on a phone", () => {
  useBrowser();

  it('draws the hotels, the extras, Continue and the summary after the date and its notice', async () => {
    const page = await openPage('phone', 'es');
    // Each watched part's first appearance, by the DOM change that brought it (the n-th batch of
    // mutations): parts drawn in the same commit arrive in the same batch.
    await page.addInitScript(() => {
      const seen: Record<string, number> = {};
      let batch = 0;
      const texts = (selector: string) =>
        Array.from(document.querySelectorAll(selector), (element) => element.textContent?.trim());
      const parts: Record<string, () => boolean> = {
        notice: () => document.getElementById('date-notice') !== null,
        date: () => document.querySelector('[data-field="date"]') !== null,
        extras: () => texts('legend').includes('Servicios adicionales'),
        continue: () => texts('main button').includes('Continuar'),
        summary: () => document.getElementById('booking-summary-title') !== null,
      };
      new MutationObserver(() => {
        batch++;
        for (const [name, drawn] of Object.entries(parts)) {
          if (seen[name] === undefined && drawn()) seen[name] = batch;
        }
      }).observe(document, { childList: true, subtree: true });
      Object.assign(window, { firstSeen: seen });
    });
    await page.goto('/#/booking/100401/1');
    await page.getByRole('button', { name: 'Continuar', exact: true }).waitFor();
    await page.locator('#booking-summary-title').waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { firstSeen: Record<string, number> }).firstSeen,
    );
    const notice = seen.notice ?? Number.NaN;
    expect({
      'notice with the date': seen.notice === seen.date,
      'extras after': (seen.extras ?? 0) > notice,
      'Continue after': (seen.continue ?? 0) > notice,
      'summary after': (seen.summary ?? 0) > notice,
    }).toEqual({
      'notice with the date': true,
      'extras after': true,
      'Continue after': true,
      'summary after': true,
    });
  });

  it('draws step 1 all the same when the days cannot be read', async () => {
    const page = await openPage('phone', 'es');
    let refused = 0;
    await page.route('**/api/tour/*/availability*', (route) => {
      refused++;
      return route.fulfill({ status: 503, json: { message: 'down' } });
    });
    await page.goto('/#/booking/100401/1');
    await page.getByRole('button', { name: 'Continuar', exact: true }).waitFor();
    expect(await page.locator('[data-field="date"]').count()).toBe(1);
    expect(refused).toBeGreaterThan(0);
  });

  it('draws step 1 offline from the tour at hand, without its days', async () => {
    const page = await openPage('phone', 'es');
    await page.goto('/#/booking/100401/1');
    await page.getByRole('button', { name: 'Continuar', exact: true }).waitFor();
    // The tab keeps a draft on the private departure, whose days were never asked for.
    const tour = (await (await fetch(`${baseUrl}/api/tour/100401`)).json()) as {
      types: { value: string }[];
      categories: { value: string }[];
    };
    const draft = {
      date: '2000-01-01',
      typeId: tour.types[1]?.value,
      categoryId: tour.categories[0]?.value,
      counts: {},
      hotels: [],
      services: {},
    };
    await page.evaluate((kept) => {
      sessionStorage.setItem('cusco.booking.public.100401', JSON.stringify({ draft: kept }));
      location.hash = '#/login';
    }, draft);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).waitFor();
    await page.context().setOffline(true);
    await page.evaluate(() => {
      location.hash = '#/booking/100401/1';
    });
    await page.getByRole('button', { name: 'Continuar', exact: true }).waitFor();
    expect(await page.getByRole('radio', { name: 'Privado' }).isChecked()).toBe(true);
  });

  it("keeps each Mantine field's id from its first draw (no second draw to change it)", async () => {
    const page = await openPage('phone', 'es');
    await page.addInitScript(() => {
      const changed: string[] = [];
      new MutationObserver((records) => {
        for (const record of records)
          if (record.oldValue?.startsWith('mantine-'))
            changed.push(`${record.oldValue} → ${(record.target as Element).id}`);
      }).observe(document, {
        subtree: true,
        attributes: true,
        attributeFilter: ['id'],
        attributeOldValue: true,
      });
      Object.assign(window, { changedIds: changed });
    });
    await page.goto('/#/booking/100401/1');
    await page.getByRole('button', { name: 'Continuar', exact: true }).waitFor();
    // Something to compare: the page's fields carry Mantine's ids.
    expect(await page.locator('[id^="mantine-"]').count()).toBeGreaterThan(5);
    expect(
      await page.evaluate(() => (window as unknown as { changedIds: string[] }).changedIds),
    ).toEqual([]);
  });

  it("asks for the service worker's code only once the page has loaded", async () => {
    const page = await openPage('phone', 'es', baseUrl, { serviceWorkers: 'allow' });
    // An image of the page's own, held until the screen is drawn, holds its load event too.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/held-until-drawn.png', async (route) => {
      await held;
      await route.fulfill({ status: 204 });
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const image = new Image();
        image.alt = '';
        image.src = '/held-until-drawn.png';
        document.body.append(image);
      });
    });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto('/#/booking/100401/1', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Continuar', exact: true }).waitFor();
    expect(asked.filter((path) => /pwa-register/.test(path))).toEqual([]);
    release();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(asked.filter((path) => /pwa-register/.test(path))).toHaveLength(1);
  });
});
