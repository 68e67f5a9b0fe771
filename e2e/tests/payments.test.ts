import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createBooking, createCustomer, signInApi, signInThroughApi } from '../support/api.ts';
import { dollars, readBooking, setPassengers } from '../support/booking.ts';
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

/** Pays in the sandbox checkout framed in the page. */
async function payWithCard(page: Page, card: string) {
  const checkout = page.frameLocator('iframe[title="Card payment page"]');
  await checkout.getByLabel('Card number').fill(card);
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/30');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: /^Pay / }).click();
}

// Each flow runs once, at the size its users meet it; see inTurn (support/browser.ts).
describeInBrowser.each(['phone'] as ViewportName[])('payments on %s', (viewport) => {
  it('a visitor pays the deposit, lands on the reservation, then pays the balance to zero', async () => {
    const customer = await createCustomer('Irene', 'Salas');
    const page = await openPage(viewport);
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, '/booking/200401');
    await setPassengers(page, 'Adult', '2');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();

    // Pay in one step (issue 12): the deposit is chosen before saving, and one button saves the
    // booking and opens its checkout for that amount.
    await page.getByRole('radio', { name: /Partial payment/ }).check();
    const label = (await page.getByText(/^Partial payment \(50% deposit\):/).textContent()) ?? '';
    const deposit = dollars(/\$[\d,.]+/.exec(label)?.[0] ?? null);
    // How the deposit is made is said beside it (issue 12, deposit clarity).
    expect(
      await page
        .getByText(
          '50% of the passengers and hotels, in whole dollars; extra services are paid with the balance.',
        )
        .first()
        .isVisible(),
    ).toBe(true);
    const reserveAndPay = page.getByRole('button', { name: /^Reserve and pay \$/ });
    expect(dollars(await reserveAndPay.textContent())).toBe(deposit);
    await reserveAndPay.click();
    await expect
      .poll(() =>
        page
          .frameLocator('iframe[title="Card payment page"]')
          .getByText('Pay your reservation')
          .isVisible(),
      )
      .toBe(true);
    const code =
      /(CT-[A-Z0-9]{6})/.exec(
        (await page.getByRole('status').filter({ hasText: 'is saved' }).textContent()) ?? '',
      )?.[1] ?? '';
    expect(code).not.toBe('');
    await screenshot(page, `checkout-${viewport}`);
    await payWithCard(page, '4111 1111 1111 1111');

    await expect.poll(() => page.url()).toContain(`#/main/booking/detail/${code}`);
    const detail = await readBooking(page, code);
    expect(detail.balance.payments).toBe(deposit);
    await expect
      .poll(async () => dollars(await page.getByTestId('outstanding-balance').textContent()))
      .toBe(detail.balance.purchases - deposit);
    await screenshot(page, `detail-after-deposit-${viewport}`);
    await expectAccessible(page);

    // The balance, from the reservation: the amount starts at the debt.
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Pay your reservation' });
    const amount = modal.getByLabel('Amount to pay (US$)');
    expect(dollars(await amount.inputValue())).toBe(detail.balance.purchases - deposit);
    await amount.fill('0');
    await modal.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect
      .poll(() => modal.getByRole('alert').textContent())
      .toContain('The amount to pay is not valid');
    await amount.fill(String(detail.balance.purchases - deposit));
    await modal.getByRole('button', { name: 'Pay', exact: true }).click();
    await payWithCard(page, '4111111111111111');
    await expect
      .poll(async () => dollars(await page.getByTestId('outstanding-balance').textContent()))
      .toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Pay', exact: true }).count()).toBe(0);
    expect((await readBooking(page, code)).balance.debt).toBe(0);
  });
});

describeInBrowser('a declined card', () => {
  it('shows the decline and leaves the reservation payable', async () => {
    const customer = await createCustomer('Tomas', 'Ccahua');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '100201', { adults: 1 });
    const page = await openPage('desktop');
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, `/main/booking/detail/${booking.code}`);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Pay your reservation' })
      .getByRole('button', { name: 'Pay', exact: true })
      .click();
    await payWithCard(page, '4000 0000 0000 0002');
    await expect
      .poll(() =>
        page
          .getByText(
            /^A payment of \$[\d,.]+ was declined and nothing was charged\. You can pay again\.$/,
          )
          .isVisible(),
      )
      .toBe(true);
    await expect
      .poll(async () => dollars(await page.getByTestId('outstanding-balance').textContent()))
      .toBe(booking.total);
    await expect
      .poll(() => page.getByRole('button', { name: 'Pay', exact: true }).isVisible())
      .toBe(true);
    await screenshot(page, 'detail-declined-desktop');
    expect((await readBooking(page, booking.code)).balance.payments).toBe(0);

    // While the gateway is taking a card, the server refuses another payment (409): the modal
    // says so in its own words, and stays open to try again later.
    const inProgress =
      'A payment is in progress for this reservation. Wait until it is confirmed, or try again in a few minutes.';
    await page.route('**/api/tour/payment/add', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 409,
          code: 'CONFLICT',
          error: 'Conflict',
          message: inProgress,
          details: { transactionId: '3a1c5a5e-7a39-4c1e-9d59-1f2b4d8c6e01' },
        }),
      }),
    );
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Pay your reservation' });
    await modal.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect.poll(() => modal.getByRole('alert').textContent()).toBe(inProgress);
    expect(await page.getByRole('dialog', { name: 'Error' }).count()).toBe(0);
    await expect
      .poll(() => modal.getByRole('button', { name: 'Pay', exact: true }).isEnabled())
      .toBe(true);
  });
});
