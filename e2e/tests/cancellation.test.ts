import type { ChangeQuoteAnswer, CreditAnswer } from '@cusco/shared';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  payWithSandboxCard,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import { dollars, expectToast, readBooking } from '../support/booking.ts';
import {
  baseUrl,
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  visit,
} from '../support/browser.ts';
import { webText } from '../support/catalog.ts';

useBrowser();

/** What the API quotes for cancelling `code` (in `language`), asked as the customer. */
async function quoteOf(
  token: string,
  code: string,
  language: 'en' | 'es',
  refundTo: 'card' | 'credit',
): Promise<ChangeQuoteAnswer> {
  const response = await fetch(`${baseUrl}/api/tour/booking/${code}/changes/quote`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'accept-language': language,
    },
    body: JSON.stringify({ kind: 'cancel', refundTo }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ChangeQuoteAnswer;
}

async function creditOf(token: string): Promise<CreditAnswer> {
  const response = await fetch(`${baseUrl}/api/tour/credit`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as CreditAnswer;
}

/** The status badge in the booking detail's header. */
const headerStatus = (page: Page) =>
  page.getByTestId('booking-header').getByTestId('booking-status');

/**
 * Opens the cancellation dialog of the booking on screen and waits for its quote; answers the
 * dialog.
 */
async function openCancellation(page: Page, language: 'en' | 'es', code: string) {
  const text = (key: string, values?: Record<string, string | number>) =>
    webText(language, key, values);
  await page.getByRole('button', { name: text('cancel.open'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text('cancel.title', { code }) });
  await expect.poll(() => dialog.getByTestId('cancel-refund').isVisible()).toBe(true);
  return dialog;
}

describeInBrowser('cancelling on a phone in Spanish (issue 27)', () => {
  it('a customer cancels a paid booking from its detail after the preview; it says cancelled', async () => {
    const text = (key: string, values?: Record<string, string | number>) =>
      webText('es', key, values);
    const customer = await createCustomer('Carmen', 'Yupanqui');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '100401', { adults: 2 });
    await payWithSandboxCard(session.token, booking.code, booking.transactionId ?? '');

    const page = await openPage('phone', 'es');
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, `/main/booking/detail/${booking.code}`);
    await expect
      .poll(() => headerStatus(page).textContent())
      .toBe(`${text('bookingStatus.label')} ${text('bookingStatus.paid')}`);
    // The phone's header still takes at most 80 px with the status in it (issue 12).
    expect((await page.getByTestId('booking-header').boundingBox())?.height).toBeLessThanOrEqual(
      80,
    );

    const dialog = await openCancellation(page, 'es', booking.code);
    // On a phone the dialog takes the whole screen.
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    // The preview is the API's quote, in Spanish: each line with its reason and amount, what is
    // kept, the refund and the balance after.
    const quote = await quoteOf(session.token, booking.code, 'es', 'card');
    expect(quote.paid).toBe(booking.total);
    expect(quote.refund).toBeGreaterThan(0);
    expect(dollars(await dialog.getByTestId('cancel-refund').textContent())).toBe(quote.refund);
    expect(dollars(await dialog.getByTestId('cancel-kept').textContent())).toBe(quote.total);
    expect(dollars(await dialog.getByTestId('cancel-paid').textContent())).toBe(quote.paid);
    expect(dollars(await dialog.getByTestId('cancel-balance').textContent())).toBe(quote.balance);
    const lines = dialog.getByRole('table', { name: text('cancel.linesTitle') });
    for (const line of quote.lines) {
      const row = lines.getByRole('row').filter({ hasText: line.reason });
      expect(await row.count()).toBe(1);
      expect(dollars(await row.getByRole('cell').last().textContent())).toBe(line.amount);
    }
    expect(
      await dialog.getByText(text('cancel.days_other', { count: quote.daysBefore })).count(),
    ).toBe(1);
    // The refund goes back to the card unless the customer says otherwise.
    expect(
      await dialog
        .getByRole('radio', { name: new RegExp(`^${text('cancel.toCard')}`) })
        .isChecked(),
    ).toBe(true);
    await screenshot(page, 'cancel-preview-phone-es');
    await expectAccessible(page);

    await dialog.getByRole('button', { name: text('cancel.confirm'), exact: true }).click();
    await expectToast(page, `La reserva ${booking.code} está cancelada`, text('cancel.doneTitle'));
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => headerStatus(page).textContent())
      .toBe(`${text('bookingStatus.label')} ${text('bookingStatus.cancelled_by_customer')}`);
    expect(await page.getByTestId('booking-cancelled').textContent()).toContain(
      text('cancel.cancelledTitle'),
    );
    // Nothing more to pay, request or cancel on it.
    for (const name of ['bookingDetail.pay', 'cancel.open', 'bookingDetail.addServices']) {
      expect(await page.getByRole('button', { name: text(name), exact: true }).count(), name).toBe(
        0,
      );
    }
    const after = await readBooking(page, booking.code);
    expect(after.booking.status).toBe('cancelled_by_customer');
    // Refunded to the card: the payments are what was kept.
    expect(after.balance.payments).toBe(quote.total);
    await screenshot(page, 'cancelled-detail-phone-es');
    await expectAccessible(page);
  });
});

describeInBrowser('cancelling on a desktop in English (issue 27)', () => {
  it('a customer takes the refund as a credit, sees it on the reservations page, and pays another booking with it', async () => {
    const text = (key: string, values?: Record<string, string | number>) =>
      webText('en', key, values);
    const customer = await createCustomer('Hugo', 'Mamani');
    const session = await signInApi(customer.email, customer.password);
    const cancelled = await createBooking(session.token, '100401', { adults: 2 });
    await payWithSandboxCard(session.token, cancelled.code, cancelled.transactionId ?? '');
    const other = await createBooking(session.token, '100201', { adults: 1 });

    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, `/main/booking/detail/${cancelled.code}`);
    const dialog = await openCancellation(page, 'en', cancelled.code);
    expect(await dialog.getByText('Refunded to your card').count()).toBe(1);

    // As a credit: quoted again, with the credit's line.
    await dialog.getByRole('radio', { name: /^As a credit with the agency/ }).check();
    await expect
      .poll(() =>
        dialog.getByText('Added to your credit with the agency, for any later booking').count(),
      )
      .toBe(1);
    expect(await dialog.getByText('Refunded to your card').count()).toBe(0);
    const quote = await quoteOf(session.token, cancelled.code, 'en', 'credit');
    expect(dollars(await dialog.getByTestId('cancel-refund').textContent())).toBe(quote.refund);
    expect(dollars(await dialog.getByTestId('cancel-kept').textContent())).toBe(quote.total);
    await expect
      .poll(() =>
        dialog
          .getByRole('button', { name: 'Yes, cancel the reservation', exact: true })
          .isEnabled(),
      )
      .toBe(true);
    await screenshot(page, 'cancel-preview-credit-desktop-en');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Yes, cancel the reservation', exact: true }).click();
    await expectToast(
      page,
      `Reservation ${cancelled.code} is cancelled: $${quote.refund.toFixed(2)} was added to your credit with the agency.`,
      text('cancel.doneTitle'),
    );
    await expect.poll(() => headerStatus(page).textContent()).toBe('Status: Cancelled by you');
    expect((await creditOf(session.token)).balance).toBe(quote.refund);

    // The reservations page: the credit, its movement, and the cancelled one's status.
    await visit(page, '/main/booking');
    const panel = page.getByRole('region', {
      name: `Your credit with the agency: $${quote.refund.toFixed(2)}`,
    });
    await expect.poll(() => panel.isVisible()).toBe(true);
    const movements = panel.getByRole('button', { name: 'Its movements' });
    expect(await movements.getAttribute('aria-expanded')).toBe('false');
    await movements.click();
    expect(await movements.getAttribute('aria-expanded')).toBe('true');
    const issued = panel
      .getByRole('row')
      .filter({ hasText: `Added from reservation ${cancelled.code}` });
    await expect.poll(() => issued.isVisible()).toBe(true);
    expect(dollars(await issued.getByRole('cell').last().textContent())).toBe(quote.refund);
    const cancelledCard = page.getByRole('link', {
      name: new RegExp(`^Open reservation ${cancelled.code}, .*\\(Cancelled by you\\)$`),
    });
    // The list is read apart from the credit: wait for it too.
    await expect.poll(() => cancelledCard.count()).toBe(1);
    await screenshot(page, 'reservations-credit-desktop-en');
    await expectAccessible(page);

    // Another booking, paid with the credit: at first, as much as it can be.
    await page
      .getByRole('link', {
        name: new RegExp(`^Open reservation ${other.code}, .*\\(Awaiting payment\\)$`),
      })
      .click();
    await expect
      .poll(async () => dollars(await page.getByTestId('outstanding-balance').textContent()))
      .toBe(other.total);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const pay = page.getByRole('dialog', { name: 'Pay your reservation' });
    await pay
      .getByRole('radio', {
        name: `With my credit with the agency ($${quote.refund.toFixed(2)} available)`,
      })
      .check();
    const amount = pay.getByLabel('Amount to pay from your credit (US$)');
    const paid = Math.min(quote.refund, other.total);
    expect(dollars(await amount.inputValue())).toBe(paid);
    await expectAccessible(page);
    await pay.getByRole('button', { name: 'Pay with my credit', exact: true }).click();
    await expectToast(
      page,
      `$${paid.toFixed(2)} of your credit was paid on reservation ${other.code}.`,
      'Paid with your credit',
    );
    await expect.poll(() => pay.count()).toBe(0);
    await expect
      .poll(async () => dollars(await page.getByTestId('outstanding-balance').textContent()))
      .toBe(Math.round((other.total - paid) * 100) / 100);
    const after = await readBooking(page, other.code);
    expect(after.balance.payments).toBe(paid);
    const credit = await creditOf(session.token);
    expect(credit.balance).toBe(Math.round((quote.refund - paid) * 100) / 100);
    expect(credit.movements.map((movement) => [movement.kind, movement.bookingCode])).toEqual([
      ['spent', other.code],
      ['issued', cancelled.code],
    ]);
    await screenshot(page, 'paid-with-credit-desktop-en');
  });
});
