import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  payWithSandboxCard,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import {
  baseUrl,
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  visit,
} from '../support/browser.ts';
import { adminText } from '../support/catalog.ts';

useBrowser();

const money = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
const t = (key: string, values?: Record<string, string | number>) => adminText('en', key, values);

/** The customer's own reading of their booking (what their detail shows). */
async function customerDetail(token: string, code: string) {
  const response = await fetch(`${baseUrl}/api/tour/booking/${code}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    balance: { debt: number; discounts: number };
    paymentExtra: { substract: { name: string }[] };
  };
}

describeInBrowser('the desk’s guard rails (issue 28)', () => {
  it('an administrator refunds with each reason, adds a staff note the customer never sees, and reads the audit trail by name', async () => {
    const customer = await createCustomer('Ruth', 'Quispe');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '100401', { adults: 1 });
    await payWithSandboxCard(session.token, booking.code, booking.transactionId ?? '');

    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.admin.email, demo.admin.password);
    await visit(page, `/admin/bookings/${booking.code}`);
    const debt = page.getByTestId('admin-debt');
    await expect.poll(() => debt.textContent()).toBe(money(0));

    // The price drops: a discount and a refund in one step, the balance stays settled.
    const refund = async (reason: 'priceDrops' | 'priceStands', amount: number) => {
      await page
        .getByRole('button', { name: new RegExp(`^${t('money.refund', { amount: '' })}`) })
        .first()
        .click();
      const dialog = page.getByRole('dialog', {
        name: t('money.refundTitle', { code: booking.code }),
      });
      await dialog
        .getByLabel(new RegExp(`^${t('money.amount').replace(/[()]/g, '\\$&')}`))
        .fill(String(amount));
      await dialog.getByRole('radio', { name: new RegExp(t(`ops.refund.${reason}`)) }).check();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: t('money.review') }).click();
      await expect.poll(() => dialog.getByTestId('money-debt-after').isVisible()).toBe(true);
      await dialog.getByRole('button', { name: t('money.confirm') }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
    };
    await refund('priceDrops', 50);
    await expect.poll(() => debt.textContent()).toBe(money(0));
    await expect.poll(() => page.getByTestId('admin-discounts').textContent()).toBe(money(50));
    const afterDrop = await customerDetail(session.token, booking.code);
    expect(afterDrop.balance.debt).toBe(0);
    expect(afterDrop.balance.discounts).toBe(50);

    // The price stands: the money goes back and the customer owes it again.
    await refund('priceStands', 30);
    await expect.poll(() => debt.textContent()).toBe(money(30));
    expect((await customerDetail(session.token, booking.code)).balance.debt).toBe(30);
    await screenshot(page, 'admin-refund-reasons-desktop-en');

    // A staff note: on the booking page, never in the customer's answers.
    const secret = 'Prefers a call after 6 pm; asked twice about porters';
    const notes = page.getByTestId('staff-notes');
    await notes.getByLabel(t('ops.notes.new')).fill(secret);
    await notes.getByRole('button', { name: t('ops.notes.add') }).click();
    await expect.poll(() => notes.getByText(secret).isVisible()).toBe(true);
    await expectAccessible(page);
    const seen = await fetch(`${baseUrl}/api/tour/booking/${booking.code}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(await seen.text()).not.toContain('Prefers a call');

    // The customer's own page does not show it either.
    const customerPage = await openPage('desktop', 'en');
    await signInThroughApi(customerPage, customer.email, customer.password);
    await visit(customerPage, `/main/booking/detail/${booking.code}`);
    await expect.poll(() => customerPage.getByText(booking.code).first().isVisible()).toBe(true);
    expect(await customerPage.content()).not.toContain('Prefers a call');

    // The audit trail: the customer's and the tour's names, the fields before → after.
    await visit(page, `/admin/audit?booking=${booking.code}`);
    const table = page.getByRole('table');
    await expect
      .poll(() => table.getByText('Ruth Quispe · Classic Inca Trail 4D/3N').first().isVisible())
      .toBe(true);
    await expect
      .poll(() =>
        table
          .getByText(t('ops.audit.beforeAfter', { before: '0', after: '30' }))
          .first()
          .isVisible(),
      )
      .toBe(true);
    // Polled: the table may still be swapping the unfiltered first page for the booking's.
    await expect
      .poll(() => table.getByText(`${t('ops.audit.fields.reason')}:`).count())
      .toBeGreaterThan(0);
    await expect
      .poll(() => table.getByText(t('ops.audit.values.price_drops')).count())
      .toBeGreaterThan(0);
    await expectAccessible(page);
    await screenshot(page, 'admin-audit-readable-desktop-en');
  });
});
