import { IncidentTypeId } from '@cusco/shared';
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { createBooking, createCustomer, signInApi, signInThroughApi } from '../support/api.ts';
import { dollars, setPassengers } from '../support/booking.ts';
import {
  baseUrl,
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  type ViewportName,
  visit,
} from '../support/browser.ts';

useBrowser();

/** Whether anything in the box is wider than its own box, or reaches past the outer box. */
function overflows(box: Locator) {
  return box.evaluate((outer) =>
    [outer, ...Array.from(outer.querySelectorAll('*'))].some(
      (element) =>
        element.scrollWidth > element.clientWidth + 1 ||
        element.getBoundingClientRect().right > outer.getBoundingClientRect().right + 1,
    ),
  );
}

describeInBrowser.each(['phone', 'desktop'] as ViewportName[])('layout on %s', (viewport) => {
  it('keeps the longest tour name inside the booking summary (issue 12, bug 6)', async () => {
    const page = await openPage(viewport);
    await visit(page, '/booking/400201');
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect
      .poll(() =>
        summary.getByText('Machu Picchu 2D/1N with a night in Aguas Calientes').isVisible(),
      )
      .toBe(true);
    await setPassengers(page, 'Adult', '2');
    expect(await overflows(summary)).toBe(false);
  });

  it("keeps a long service name's price inside the booking summary", async () => {
    const page = await openPage(viewport);
    await visit(page, '/booking/100401');
    await setPassengers(page, 'Adult', '2');
    await page.getByRole('switch', { name: /Sleeping bag rental/ }).click();
    await page.getByRole('textbox', { name: /Quantity of Sleeping bag rental/ }).fill('2');
    const summary = page.getByRole('complementary', { name: 'Summary' });
    const line = summary.getByText(/Sleeping bag rental .* × 2/);
    await expect.poll(() => line.isVisible()).toBe(true);
    // The line's price stands beside it, whole and inside the box.
    const price = line.locator('xpath=following-sibling::*[1]');
    expect(await price.textContent()).toMatch(/^\$\d[\d,]*\.\d{2}$/);
    expect(await overflows(summary)).toBe(false);
  });

  it("shows a request's whole status beside a long reservation name (issue 12, bug 6)", async () => {
    const customer = await createCustomer('Ana', 'Mamani');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '400101', { adults: 1 });
    const saved = await fetch(`${baseUrl}/api/incident/save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'A question about the train times and the luggage allowance on the way back',
        description: 'Can we take two large suitcases on the Vistadome?',
        typeId: IncidentTypeId.freeSubject,
        bookingId: booking.code,
      }),
    });
    expect(saved.status).toBe(201);
    const page = await openPage(viewport);
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, '/main/incidents');
    const badge = page.getByText('Registered', { exact: true });
    await expect.poll(() => badge.isVisible()).toBe(true);
    const cut = await badge.evaluate((label) =>
      [label, label.parentElement].some((box) => box && box.scrollWidth > box.clientWidth + 1),
    );
    expect(cut).toBe(false);
  });
});

const detailWords = {
  en: {
    included: 'Services included',
    balance: 'Outstanding balance',
    pay: 'Pay',
    payDialog: 'Pay your reservation',
  },
  es: {
    included: 'Servicios incluidos',
    balance: 'Saldo pendiente',
    pay: 'Pagar',
    payDialog: 'Pagar su reserva',
  },
} as const;

describeInBrowser.each([
  ['phone', 'es'],
  ['phone', 'en'],
  ['desktop', 'en'],
] as [ViewportName, 'en' | 'es'][])(
  'the booking detail on %s in %s (issue 12)',
  (viewport, language) => {
    it('puts the balance and Pay first on a phone, in a bar at the bottom, with the long tables closed', async () => {
      const w = detailWords[language];
      const customer = await createCustomer('Rosa', 'Huamani');
      const session = await signInApi(customer.email, customer.password);
      const booking = await createBooking(session.token, '100401', { adults: 2 });
      const page = await openPage(viewport, language);
      await signInThroughApi(page, customer.email, customer.password);
      await visit(page, `/main/booking/detail/${booking.code}`);
      const header = page.getByTestId('booking-header');
      await expect.poll(() => header.isVisible()).toBe(true);
      const headerHeight = (await header.boundingBox())?.height ?? 0;
      const included = page.getByRole('heading', { name: w.included, level: 2 });
      const bar = page.getByRole('complementary', { name: w.balance });
      const balanceHeading = page.locator('#detail-balance');
      const passengersHeading = page.locator('#detail-passengers');
      const top = async (element: Locator) => (await element.boundingBox())?.y ?? 0;

      if (viewport === 'phone') {
        expect(headerHeight).toBeLessThanOrEqual(80);
        // The balance before the tables.
        expect(await top(balanceHeading)).toBeLessThan(await top(passengersHeading));
        // The bar: fixed at the bottom of the screen, with the debt and Pay.
        await expect.poll(() => bar.isVisible()).toBe(true);
        const box = await bar.boundingBox();
        expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(page.viewportSize()?.height);
        expect(dollars(await bar.textContent())).toBe(booking.total);
        const pay = bar.getByRole('button', { name: w.pay, exact: true });
        const payBox = await pay.boundingBox();
        expect((payBox?.x ?? 0) + (payBox?.width ?? 0)).toBeLessThanOrEqual(
          (page.viewportSize()?.width ?? 0) - 8,
        );
        expect(await pay.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
        // A long table is closed under its heading's button, and opens.
        const toggle = included.getByRole('button', { name: w.included });
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await page.getByRole('table', { name: w.included }).isVisible()).toBe(false);
        await screenshot(page, `booking-detail-first-${viewport}-${language}`);
        await expectAccessible(page);
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        await expect
          .poll(() => page.getByRole('table', { name: w.included }).isVisible())
          .toBe(true);
        await pay.click();
      } else {
        expect(await bar.count()).toBe(0);
        expect(await top(balanceHeading)).toBeGreaterThan(await top(passengersHeading));
        expect(await page.getByRole('table', { name: w.included }).isVisible()).toBe(true);
        await page.getByRole('button', { name: w.pay, exact: true }).click();
      }
      await expect
        .poll(() => page.getByRole('dialog', { name: w.payDialog }).isVisible())
        .toBe(true);
    });
  },
);

describeInBrowser.each(['phone', 'desktop'] as ViewportName[])(
  'the booking page loading on %s',
  (viewport) => {
    it('does not move when the tour arrives: the header already takes its room (CLS 0)', async () => {
      const page = await openPage(viewport);
      // The tour's answer is held until the loading screen has been measured.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/tour/100401', async (route) => {
        await held;
        await route.continue();
      });
      await visit(page, '/booking/100401');
      const main = page.getByRole('main');
      await expect.poll(() => page.getByRole('status').first().isVisible()).toBe(true);
      const loadingTop = (await main.boundingBox())?.y;
      release();
      await expect
        .poll(() =>
          page.getByRole('heading', { level: 1, name: 'Classic Inca Trail 4D/3N' }).isVisible(),
        )
        .toBe(true);
      expect((await main.boundingBox())?.y).toBe(loadingTop);
    });
  },
);
