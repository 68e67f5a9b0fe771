import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createBooking, createCustomer, signInApi, signInThroughApi } from '../support/api.ts';
import { expectToast } from '../support/booking.ts';
import {
  describeInBrowser,
  expectAccessible,
  isInvalidAndFocused,
  openPage,
  useBrowser,
  type ViewportName,
  visit,
} from '../support/browser.ts';
import { webText } from '../support/catalog.ts';

useBrowser();

/** A text that starts with `prefix`, as a pattern. */
const startsWith = (prefix: string) =>
  new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Waits for the dialog, checks it with axe (issue 12: 0 serious or critical on every dialog). */
async function expectDialogAccessible(page: Page, dialog: Locator) {
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await expectAccessible(page);
}

/** Closes the dialog with Escape, and waits for it to go. */
async function closeWithEscape(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.count()).toBe(0);
}

describeInBrowser.each([
  ['phone', 'es'],
  ['desktop', 'en'],
] as [ViewportName, 'en' | 'es'][])(
  'every dialog and toast on %s in %s (issue 12)',
  (viewport, language) => {
    const text = (key: string, values?: Record<string, string | number>) =>
      webText(language, key, values);

    it("passes axe on the booking page's dialogs: the tour's panels, the terms, and a field's message", async () => {
      const page = await openPage(viewport, language);
      await visit(page, `/booking/100401/${language === 'es' ? 1 : 0}`);
      for (const panel of ['itinerary', 'included', 'notIncluded']) {
        await page.getByRole('button', { name: text(`booking.info.${panel}`) }).click();
        const dialog = page.getByRole('dialog', { name: text(`booking.info.${panel}`) });
        await expectDialogAccessible(page, dialog);
        await closeWithEscape(page, dialog);
      }
      await page.getByRole('button', { name: text('booking.info.terms'), exact: true }).click();
      const terms = page.getByRole('dialog', { name: text('terms.standardTitle') });
      await expectDialogAccessible(page, terms);
      await closeWithEscape(page, terms);

      // Continue with no passenger: said by the passengers, the first count focused, no dialog
      // (ADR 0038); axe with the message shown.
      await page.getByRole('button', { name: text('steps.continue'), exact: true }).click();
      const wrong = page.locator('[data-field="passengers"][aria-invalid="true"]').first();
      await expect.poll(() => isInvalidAndFocused(wrong)).toBe(true);
      expect(await page.getByRole('dialog', { name: text('common.error') }).count()).toBe(0);
      await expectAccessible(page);
    });

    it("passes axe on the reservation's dialogs: passenger, services, request, toast, payment, checkout, confirmation", async () => {
      const customer = await createCustomer('Nilda', 'Condori');
      const session = await signInApi(customer.email, customer.password);
      const booking = await createBooking(session.token, '100401', { adults: 2 });
      const page = await openPage(viewport, language);
      await signInThroughApi(page, customer.email, customer.password);
      await visit(page, `/main/booking/detail/${booking.code}`);

      // The passenger form.
      await page.getByRole('button', { name: text('bookingDetail.edit', { number: 1 }) }).click();
      const passenger = page.getByRole('dialog', {
        name: startsWith(text('bookingDetail.passenger', { number: 1 })),
      });
      await expectDialogAccessible(page, passenger);
      await closeWithEscape(page, passenger);

      // Add services.
      await page.getByRole('button', { name: text('bookingDetail.addServices') }).click();
      const services = page.getByRole('dialog', { name: text('services.title') });
      await expectDialogAccessible(page, services);
      await closeWithEscape(page, services);

      // Pay: the amount, then the card checkout in its frame.
      await page.getByRole('button', { name: text('bookingDetail.pay'), exact: true }).click();
      const payment = page.getByRole('dialog', { name: text('payments.modalTitle') });
      await expectDialogAccessible(page, payment);
      await payment.getByRole('button', { name: text('payments.pay'), exact: true }).click();
      const checkout = page.getByRole('dialog', { name: text('payments.checkoutTitle') });
      await expect
        .poll(() =>
          checkout
            .frameLocator(`iframe[title="${text('payments.checkoutFrame')}"]`)
            .getByRole('button')
            .first()
            .isVisible(),
        )
        .toBe(true);
      await expectDialogAccessible(page, checkout);
      await checkout.getByRole('button', { name: text('common.close') }).click();
      await expect.poll(() => checkout.count()).toBe(0);

      // A new request, saved: the form, then the success toast.
      await page.getByRole('button', { name: text('bookingDetail.removePassengers') }).click();
      const request = page.getByRole('dialog', { name: text('incidents.formNew') });
      await expectDialogAccessible(page, request);
      await request.getByLabel(startsWith(text('incidents.passenger'))).click();
      await page
        .getByRole('option', { name: startsWith(text('bookingDetail.passenger', { number: 2 })) })
        .click();
      await request.getByLabel(startsWith(text('incidents.message'))).fill('Mi amigo no viaja.');
      await request.getByRole('button', { name: text('incidents.save') }).click();
      await expectToast(page, text('incidents.createdText'), text('incidents.createdTitle'));
      await expect.poll(() => request.count()).toBe(0);
      await expectAccessible(page);

      // The request, opened from the list, and the confirmation of its deletion.
      await visit(page, '/main/incidents');
      await page
        .getByRole('button', { name: startsWith(text('incidents.open', { name: '' })) })
        .first()
        .click();
      const opened = page.getByRole('dialog', {
        name: startsWith(text('incidents.formView', { name: '' })),
      });
      await expectDialogAccessible(page, opened);
      await opened.getByRole('button', { name: text('incidents.delete') }).click();
      const confirm = page.getByRole('dialog', { name: text('incidents.confirmTitle') });
      await expectDialogAccessible(page, confirm);
      await confirm.getByRole('button', { name: text('incidents.no'), exact: true }).click();
      await expect.poll(() => confirm.count()).toBe(0);
    });
  },
);
