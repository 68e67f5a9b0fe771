import { expect, it } from 'vitest';
import { demo, signInThroughApi } from '../support/api.ts';
import {
  describeInBrowser,
  expectAccessible,
  inTurn,
  openPage,
  screenshot,
  useBrowser,
  type ViewportName,
  visit,
} from '../support/browser.ts';

useBrowser();

const tabs = ['Inka Trail', 'Alternative Trek', 'Packages', 'Machupicchu'];

const sizes: ViewportName[] = ['phone', 'desktop'];

// Each test at one size, in turn; see inTurn (support/browser.ts).
describeInBrowser.each(sizes)('tours on %s', (viewport) => {
  const it = inTurn(sizes, viewport);
  it('shows the tours of each tab and links Reserve to the booking page', async () => {
    const page = await openPage(viewport);
    await signInThroughApi(page, demo.customer.email, demo.customer.password);
    await visit(page, '/main/tours');

    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab }).click();
      const panel = page.getByRole('tabpanel', { name: tab });
      await expect
        .poll(() => panel.getByRole('article').count(), { message: tab })
        .toBeGreaterThan(0);
      await screenshot(page, `tours-${tab.toLowerCase().replaceAll(' ', '-')}-${viewport}`);
    }
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Inka Trail' }).click();
    const classic = page.getByRole('article', { name: 'Classic Inca Trail 4D/3N' });
    await expect.poll(() => classic.getByText('Group · Private').isVisible()).toBe(true);
    await classic.getByRole('link', { name: 'Reserve Classic Inca Trail 4D/3N' }).click();
    await expect.poll(() => page.url()).toContain('#/booking/100401/0');
  });

  it("opens a Spanish reader's booking page in Spanish", async () => {
    const page = await openPage(viewport, 'es');
    await signInThroughApi(page, demo.customer.email, demo.customer.password);
    await visit(page, '/main/tours');
    const classic = page.getByRole('article', { name: 'Camino Inka Clásico 4D/3N' });
    await classic.getByRole('link', { name: /Camino Inka Clásico 4D\/3N/ }).click();
    await expect.poll(() => page.url()).toContain('#/booking/100401/1');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toContain('Camino Inka Clásico');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  });
});

describeInBrowser('tours for a corporate client', () => {
  it('links Reserve to the corporate booking page and shows the company', async () => {
    const page = await openPage('desktop');
    await signInThroughApi(page, demo.corporate.email, demo.corporate.password);
    await visit(page, '/main/tours');
    await page.getByRole('tab', { name: 'Packages' }).click();
    const card = page.getByRole('tabpanel', { name: 'Packages' }).getByRole('article').first();
    const href = await card.getByRole('link').getAttribute('href');
    expect(href).toMatch(/^#\/corporative\/\d{6}$/);
    await expect
      .poll(() => page.getByTestId('company-name').textContent())
      .toBe('Andean Routes Travel S.A.C.');
    await expect.poll(() => page.getByRole('link', { name: 'Booking' }).isVisible()).toBe(true);
  });
});
