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

describeInBrowser('staff cancel a booking (issue 27)', () => {
  it('an agent cancels a paid booking for the agency with a reason, after a preview, and the page shows it cancelled by the agency with everything refunded', async () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      adminText('en', key, values);
    const customer = await createCustomer('Yolanda', 'Ccama');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '100401', { adults: 1 });
    await payWithSandboxCard(session.token, booking.code, booking.transactionId ?? '');

    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.agent.email, demo.agent.password);
    await visit(page, `/admin/bookings/${booking.code}`);
    const lifeStatus = page.getByTestId('booking-life-status');
    await expect.poll(() => lifeStatus.textContent()).toBe(t('lifeStatus.paid'));
    await expect
      .poll(() => page.getByTestId('admin-payments').textContent())
      .toBe(money(booking.total));

    await page.getByRole('button', { name: t('cancelBooking.open') }).click();
    const dialog = page.getByRole('dialog', {
      name: t('cancelBooking.title', { code: booking.code }),
    });
    await dialog.getByRole('radio', { name: t('cancelBooking.byAgency') }).check();
    // For the agency, a reason is asked before anything is sent.
    await dialog.getByRole('button', { name: t('cancelBooking.preview') }).click();
    await expect
      .poll(() => dialog.getByText(t('cancelBooking.reasonRequired')).isVisible())
      .toBe(true);
    await expectAccessible(page);
    await dialog
      .getByLabel(new RegExp(`^${t('cancelBooking.reason')}`))
      .fill('A landslide closed the trail');
    await dialog.getByRole('button', { name: t('cancelBooking.preview') }).click();

    // The preview: everything paid goes back, and the status it leaves.
    await expect
      .poll(() => dialog.getByTestId('cancel-refund').textContent())
      .toBe(money(booking.total));
    await expect
      .poll(() => dialog.getByTestId('cancel-status-after').textContent())
      .toBe(t('cancelBooking.statusAfter', { status: t('lifeStatus.cancelled_by_agency') }));
    await expectAccessible(page);
    await screenshot(page, 'admin-cancel-preview-desktop-en');
    // Nothing is cancelled before the confirmation.
    expect(await lifeStatus.textContent()).toBe(t('lifeStatus.paid'));

    await dialog.getByRole('button', { name: t('cancelBooking.confirm') }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() =>
        page
          .getByText(t('cancelBooking.done', { refund: money(booking.total) }))
          .first()
          .isVisible(),
      )
      .toBe(true);

    // The page reads the booking again: cancelled by the agency, everything paid refunded.
    await expect.poll(() => lifeStatus.textContent()).toBe(t('lifeStatus.cancelled_by_agency'));
    await expect.poll(() => page.getByTestId('admin-payments').textContent()).toBe(money(0));
    await expect.poll(() => page.getByTestId('admin-debt').textContent()).toBe(money(0));
    expect(await page.getByRole('button', { name: t('cancelBooking.open') }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'admin-booking-cancelled-by-agency-desktop-en');
  });
});
