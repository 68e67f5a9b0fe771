import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createCustomer, signInThroughApi } from '../support/api.ts';
import { listBookings, setPassengers } from '../support/booking.ts';
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

const words = {
  en: {
    lang: '0',
    other: 'Español',
    adult: 'Adult',
    student: 'Student',
    next: 'Continue',
    newHere: "I'm new here",
    terms: /I accept the Terms and Conditions/,
    saved: 'is saved',
    reserveAndPay: /^Reserve and pay \$/,
    checkout: 'Secure card payment',
    pay: /^Pay \$/,
  },
  es: {
    lang: '1',
    other: 'English',
    adult: 'Adulto',
    student: 'Estudiante',
    next: 'Continuar',
    newHere: 'Soy nuevo',
    terms: /Acepto los Términos y Condiciones/,
    saved: 'está guardada',
    reserveAndPay: /^Reservar y pagar /,
    checkout: 'Pago seguro con tarjeta',
    pay: /^Pagar /,
  },
} as const;
type Language = keyof typeof words;

const passengers = (page: Page) => page.getByRole('group', { name: /Passengers|Pasajeros/ });
const count = (page: Page, label: string) => passengers(page).getByLabel(label, { exact: true });
const stepOf = (page: Page) => new URL(page.url().replace('#', '')).searchParams.get('step');

const combinations: [ViewportName, Language][] = [
  ['phone', 'es'],
  ['desktop', 'en'],
];

// Each test at one size, in turn; see inTurn (support/browser.ts).
describeInBrowser.each(combinations)(
  'the booking draft on %s in %s (issue 12, bug 3)',
  (viewport, language) => {
    const it = inTurn(combinations, [viewport, language]);
    const w = words[language];

    it('survives Back and Forward between steps, a refresh and a change of language', async () => {
      const page = await openPage(viewport, language);
      await visit(page, `/booking/100401/${w.lang}`);
      await setPassengers(page, w.adult, '2');
      await setPassengers(page, w.student, '1');
      await page.getByRole('button', { name: w.next, exact: true }).click();
      // Step 2 is a history entry of its own.
      await expect.poll(() => page.getByText(w.newHere).isVisible()).toBe(true);
      expect(stepOf(page)).toBe('2');

      await page.goBack();
      await expect.poll(() => count(page, w.adult).inputValue()).toBe('2');
      expect(await count(page, w.student).inputValue()).toBe('1');
      expect(stepOf(page)).toBeNull();

      await page.goForward();
      await expect.poll(() => page.getByText(w.newHere).isVisible()).toBe(true);

      await page.reload();
      await expect.poll(() => page.getByText(w.newHere).isVisible()).toBe(true);

      // The other language's page: the same step, the same draft.
      await page.getByRole('link', { name: w.other }).click();
      const other = words[language === 'en' ? 'es' : 'en'];
      await expect.poll(() => page.getByText(other.newHere).isVisible()).toBe(true);
      expect(stepOf(page)).toBe('2');
      await page.goBack();
      await page.goBack();
      await expect.poll(() => count(page, w.adult).inputValue()).toBe('2');
      expect(await count(page, w.student).inputValue()).toBe('1');
      await expectAccessible(page);
    });

    it('shows the booking already saved, with its Pay button, after a refresh: never a second one', async () => {
      const customer = await createCustomer('Rosa', 'Quispe');
      const page = await openPage(viewport, language);
      await signInThroughApi(page, customer.email, customer.password);
      await visit(page, `/booking/200401/${w.lang}`);
      await setPassengers(page, w.adult, '2');
      await page.getByRole('button', { name: w.next, exact: true }).click();
      await expect.poll(() => stepOf(page)).toBe('3');
      await page.getByRole('checkbox', { name: w.terms }).check();
      await page.getByRole('button', { name: w.reserveAndPay }).click();
      const saved = page.getByRole('status').filter({ hasText: w.saved });
      await expect.poll(() => saved.isVisible()).toBe(true);
      const code = /(CT-[A-Z0-9]{6})/.exec((await saved.textContent()) ?? '')?.[1];
      expect(code).toBeTruthy();
      // The checkout opened at once; the customer refreshes instead of paying.
      await expect
        .poll(() => page.getByRole('dialog', { name: w.checkout }).isVisible())
        .toBe(true);

      await page.reload();
      await expect.poll(() => saved.isVisible()).toBe(true);
      expect(await saved.textContent()).toContain(code);
      await expect.poll(() => page.getByRole('button', { name: w.pay }).isVisible()).toBe(true);
      await screenshot(page, `booking-saved-after-refresh-${viewport}-${language}`);
      expect(await listBookings(page)).toHaveLength(1);
    });
  },
);
