import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createBooking, createCustomer, signInApi, signInThroughApi } from '../support/api.ts';
import { dollars } from '../support/booking.ts';
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

/** What the tests read and press, in each language of the app. */
const words = {
  en: {
    pay: 'Pay',
    payDialog: 'Pay your reservation',
    checkout: 'Secure card payment',
    frame: 'Card payment page',
    close: 'Close',
    card: { number: 'Card number', expiry: 'Expiry (MM/YY)', pay: /^Pay / },
    declined: /^A payment of \$[\d,.]+ was declined and nothing was charged\. You can pay again\.$/,
    notCompleted:
      /^A payment of \$[\d,.]+ was not completed and nothing was charged\. You can pay again\.$/,
    received: 'Payment received',
    paidInFull: 'Your reservation is paid in full.',
  },
  es: {
    pay: 'Pagar',
    payDialog: 'Pagar su reserva',
    checkout: 'Pago seguro con tarjeta',
    frame: 'Página de pago con tarjeta',
    close: 'Cerrar',
    // The sandbox's card page follows the app's language (issue 12).
    card: { number: 'Número de tarjeta', expiry: 'Vencimiento (MM/AA)', pay: /^Pagar / },
    declined: /^Un pago de .+ fue rechazado y no se hizo ningún cargo\. Puede pagar de nuevo\.$/,
    notCompleted:
      /^Un pago de .+ no se completó y no se hizo ningún cargo\. Puede pagar de nuevo\.$/,
    received: 'Pago recibido',
    paidInFull: 'Su reserva está pagada por completo.',
  },
} as const;
type Language = keyof typeof words;

/** An amount as the app writes it in a language (Intl, as apps/web/src/lib/format.ts). */
const money = (dollars: number, language: Language) =>
  new Intl.NumberFormat(language === 'es' ? 'es-PE' : 'en-US', {
    style: 'currency',
    currency: 'USD',
  }).format(dollars);

/** A signed-in customer on the detail of a new, unpaid reservation. */
async function onUnpaidReservation(viewport: ViewportName, language: Language) {
  const customer = await createCustomer('Lucia', 'Huaman');
  const session = await signInApi(customer.email, customer.password);
  const booking = await createBooking(session.token, '100201', { adults: 1 });
  const page = await openPage(viewport, language);
  await signInThroughApi(page, customer.email, customer.password);
  await visit(page, `/main/booking/detail/${booking.code}`);
  return { page, booking };
}

/** Opens the checkout for the whole balance (the amount the payment dialog starts at). */
async function openCheckout(page: Page, language: Language) {
  const w = words[language];
  await page.getByRole('button', { name: w.pay, exact: true }).click();
  await page
    .getByRole('dialog', { name: w.payDialog })
    .getByRole('button', { name: w.pay, exact: true })
    .click();
  await expect
    .poll(() => page.frameLocator(`iframe[title="${w.frame}"]`).getByLabel('CVC').isVisible())
    .toBe(true);
}

/** Pays in the sandbox's card page, framed in the checkout dialog. */
async function payWithCard(page: Page, language: Language, card: string) {
  const w = words[language];
  const checkout = page.frameLocator(`iframe[title="${w.frame}"]`);
  await checkout.getByLabel(w.card.number).fill(card);
  await checkout.getByLabel(w.card.expiry).fill('12/30');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: w.card.pay }).click();
}

const attemptAlerts = (page: Page) => page.getByTestId('payment-attempt');

const combinations: [ViewportName, Language][] = [
  ['phone', 'es'],
  ['desktop', 'en'],
];

// Each test at one size, in turn; see inTurn (support/browser.ts).
describeInBrowser.each(combinations)(
  'after paying, on %s in %s (issue 12)',
  (viewport, language) => {
    const it = inTurn(combinations, [viewport, language]);
    const w = words[language];

    it('confirms an approved payment with the new balance, and no stale decline beside it', async () => {
      const { page, booking } = await onUnpaidReservation(viewport, language);
      await openCheckout(page, language);
      await payWithCard(page, language, '4000 0000 0000 0002');
      await expect.poll(() => attemptAlerts(page).textContent()).toMatch(w.declined);

      await openCheckout(page, language);
      await payWithCard(page, language, '4111 1111 1111 1111');
      const confirmation = page.getByTestId('payment-confirmation');
      await expect.poll(() => confirmation.isVisible()).toBe(true);
      const text = (await confirmation.textContent()) ?? '';
      expect(text).toContain(w.received);
      expect(text).toContain(w.paidInFull);
      expect(text).toContain(money(booking.total, language));
      // The decline was news before the payment; it is no longer shown.
      expect(await attemptAlerts(page).count()).toBe(0);
      await expect
        .poll(async () => dollars(await page.getByTestId('outstanding-balance').textContent()))
        .toBe(0);
      await expectAccessible(page);
      await screenshot(page, `payment-confirmation-${viewport}-${language}`);

      // A refresh keeps the confirmation (its attempt is in the address), still without the decline.
      await page.reload();
      await expect.poll(() => confirmation.isVisible()).toBe(true);
      expect(await attemptAlerts(page).count()).toBe(0);
      await confirmation.getByRole('button', { name: w.close }).click();
      await expect.poll(() => confirmation.count()).toBe(0);
    });

    it('shows a checkout closed before the card as not completed, and pays again', async () => {
      const { page } = await onUnpaidReservation(viewport, language);
      await openCheckout(page, language);
      await page
        .getByRole('dialog', { name: w.checkout })
        .getByRole('button', { name: w.close })
        .click();
      await expect.poll(() => attemptAlerts(page).textContent()).toMatch(w.notCompleted);
      await expectAccessible(page);
      await screenshot(page, `payment-not-completed-${viewport}-${language}`);

      // Paying again reopens a checkout (the same attempt, for the same amount) and is confirmed.
      await openCheckout(page, language);
      await payWithCard(page, language, '4111 1111 1111 1111');
      await expect.poll(() => page.getByTestId('payment-confirmation').isVisible()).toBe(true);
      expect(await attemptAlerts(page).count()).toBe(0);
    });
  },
);
