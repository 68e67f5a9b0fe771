import { todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  raiseRequest,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import { describeInBrowser, openPage, useBrowser, visit } from '../support/browser.ts';

useBrowser();

/**
 * Issue 28, layout: no text is cut from 360 to 1280 px, in either language. The amount on the
 * checkout's pay button, the pending amount on the reservation cards, and the badges of the
 * staff's dashboard are each whole: nothing in them is wider than its box, none is cut with an
 * ellipsis, and none reaches past the screen's right edge.
 */

/** Why an element's text is cut, or null when it is whole. */
function cutOf(element: Locator): Promise<string | null> {
  return element.evaluate((outer) => {
    for (const box of [outer, ...Array.from(outer.querySelectorAll('*'))]) {
      if (!(box instanceof HTMLElement) || box.getClientRects().length === 0) continue;
      // Text for a screen reader only (a 1 px box, on purpose) is not shown, so not cut.
      if (box.closest('.mantine-VisuallyHidden-root')) continue;
      const style = getComputedStyle(box);
      const text = (box.textContent ?? '').trim().slice(0, 40);
      if (box.scrollWidth > box.clientWidth + 1 && style.overflowX !== 'visible') {
        return `"${text}" is ${box.scrollWidth}px wide in a box of ${box.clientWidth}px`;
      }
      if (style.textOverflow === 'ellipsis' && box.scrollWidth > box.clientWidth) {
        return `"${text}" ends in an ellipsis`;
      }
      // Past the screen's edge, unless in a box that scrolls sideways (a wide table on a phone).
      let scroller: HTMLElement | null = box.parentElement;
      while (scroller && !/auto|scroll/.test(getComputedStyle(scroller).overflowX)) {
        scroller = scroller.parentElement;
      }
      if (
        !scroller &&
        box.getBoundingClientRect().right > document.documentElement.clientWidth + 1
      ) {
        return `"${text}" reaches past the screen's right edge`;
      }
    }
    return null;
  });
}

/** Every element the locator finds, each whole (the first one cut, named, fails). */
async function expectWhole(elements: Locator, what: string) {
  const count = await elements.count();
  expect(count, `${what}: none found`).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    expect(await cutOf(elements.nth(index)), what).toBeNull();
  }
}

const widths = [360, 390, 768, 1280] as const;
const words = {
  en: { pay: 'Pay', pending: 'Pending' },
  es: { pay: 'Pagar', pending: 'Pendiente' },
} as const;

/** An amount as the checkout writes it: the currency code, then cents always shown. */
const checkoutAmount = /^USD \d{1,3}(,\d{3})*\.\d{2}$/;

describeInBrowser('no text cut at 360–1280 px (issue 28)', () => {
  let customer: { email: string; password: string };
  let transactionId: string;

  beforeAll(async () => {
    customer = await createCustomer('Maximiliana', 'Huamantica Condorcanqui');
    const session = await signInApi(customer.email, customer.password);
    // A large group: amounts of five digits and more on the cards.
    const booking = await createBooking(session.token, '100401', { adults: 9, students: 3 });
    await raiseRequest(session.token, booking.code, 'A question about the train times');
    // Unpaid, travelling in 12 days: on the dashboard's departures and unpaid balances, with
    // their badges.
    const soon = dayjs(todayInLima()).add(12, 'day').format('YYYY-MM-DD');
    await createBooking(session.token, '400101', { adults: 2 }, soon);
    transactionId = booking.transactionId ?? '';
    expect(transactionId).not.toBe('');
  });

  describe.each(['en', 'es'] as const)('in %s', (language) => {
    it('keeps every checked text whole at each width', async () => {
      const w = words[language];
      const visitor = await openPage('phone', language);
      const traveller = await openPage('phone', language);
      await signInThroughApi(traveller, customer.email, customer.password);
      const staff = await openPage('desktop', language);
      await signInThroughApi(staff, demo.admin.email, demo.admin.password);

      const sized = async (page: Page, width: number) =>
        page.setViewportSize({ width, height: width < 768 ? 800 : 900 });

      for (const width of widths) {
        // The checkout's pay button, with the whole amount, cents included.
        await sized(visitor, width);
        await visitor.goto(`/sandbox/checkout/${transactionId}?lang=${language}`);
        const pay = visitor.locator('button.pay');
        await expect.poll(() => pay.isVisible()).toBe(true);
        const label = ((await pay.textContent()) ?? '').trim();
        expect(label.startsWith(`${w.pay} `)).toBe(true);
        expect(label.slice(w.pay.length + 1)).toMatch(checkoutAmount);
        await expectWhole(pay, `the pay button at ${width} px`);

        // The reservation cards' pending amount (and every fact on them).
        await sized(traveller, width);
        await visit(traveller, '/main/booking');
        const pending = traveller
          .locator('[class*="Card"]')
          .getByText(w.pending, { exact: true })
          .locator('xpath=..');
        await expect.poll(() => pending.count()).toBeGreaterThan(0);
        await expectWhole(pending, `the pending amount at ${width} px`);
        await expectWhole(
          traveller.getByTestId('booking-status'),
          `the cards' status at ${width} px`,
        );

        // The staff dashboard's badges.
        await sized(staff, width);
        await visit(staff, '/admin');
        const badges = staff.locator('main .mantine-Badge-root');
        await expect.poll(() => badges.count()).toBeGreaterThan(0);
        await expectWhole(badges, `the dashboard's badges at ${width} px`);
      }
    }, 240_000);
  });
});
