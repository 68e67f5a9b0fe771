import { todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  registerFirstPassenger,
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
import { adminText, webText } from '../support/catalog.ts';

useBrowser();

const t = (key: string, values?: Record<string, string | number>) => adminText('en', key, values);

/** A trail date about 100 days on (never in February): its permit is to buy within the board's range. */
function trailDate(): string {
  let day = dayjs(todayInLima()).add(100, 'day');
  while (day.month() === 1) day = day.add(1, 'day');
  return day.format('YYYY-MM-DD');
}

describeInBrowser('the to-buy board and the lock (issue 29)', () => {
  it('an agent sees who is missing what and marks the permit bought; the customer, on a phone in Spanish, sees the lock and why', async () => {
    // A booking of two on the classic trail: Julia Ccori's data complete, passenger 2 not given.
    const customer = await createCustomer('Julia', 'Ccori');
    const session = await signInApi(customer.email, customer.password);
    const date = trailDate();
    const booking = await createBooking(session.token, '100401', { adults: 2 }, date);
    await registerFirstPassenger(session.token, booking.code);

    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.agent.email, demo.agent.password);
    await page.getByRole('link', { name: webText('en', 'purchases.nav') }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: t('purchases.title'), level: 1 }).isVisible())
      .toBe(true);
    // The permit of this booking's departure: Julia ready, passenger 2 without data.
    const card = page
      .getByRole('article')
      .filter({
        has: page.getByRole('heading', { name: t('purchases.kinds.permit'), exact: true }),
      })
      .filter({ hasText: booking.code });
    await expect.poll(() => card.count()).toBe(1);
    const julia = card.getByRole('row').filter({ hasText: 'Julia Ccori' });
    expect(await julia.textContent()).toContain(t('purchases.states.complete'));
    const second = card
      .getByRole('row')
      .filter({ hasText: t('purchases.noName', { position: 2 }) });
    expect(await second.textContent()).toContain(t('purchases.fields.passengerData'));
    expect(await second.getByRole('link', { name: booking.code }).count()).toBe(1);
    await expectAccessible(page);
    await screenshot(page, 'to-buy-desktop');

    // Mark bought: Julia only (passenger 2 cannot be ticked), with the reference, confirmed.
    await card.getByRole('button', { name: new RegExp(`^${t('purchases.markBought')}:`) }).click();
    const dialog = page.getByRole('dialog');
    const juliaBox = dialog.getByRole('checkbox', { name: /^Julia Ccori/ });
    await expect.poll(() => juliaBox.isEnabled()).toBe(true);
    expect(
      await dialog
        .getByRole('checkbox', { name: new RegExp(`^${t('purchases.noName', { position: 2 })}`) })
        .isDisabled(),
    ).toBe(true);
    await dialog.getByRole('button', { name: t('purchases.dialog.selectReady') }).click();
    await dialog.getByLabel(t('purchases.dialog.reference')).fill('CI-2027-004512');
    await dialog.getByRole('button', { name: t('purchases.dialog.review') }).click();
    await expect.poll(() => dialog.getByText(/reference CI-2027-004512/).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: t('purchases.dialog.confirm') }).click();
    await expect.poll(() => page.getByText(t('purchases.dialog.done')).isVisible()).toBe(true);
    await expect
      .poll(() => card.textContent())
      .toContain(t('purchases.counts', { needed: 1, complete: 0, bought: 1, cancelled: 0 }));

    // The customer, on a phone in Spanish: passenger 1 is locked, and the form says why.
    const phone = await openPage('phone', 'es');
    await signInThroughApi(phone, customer.email, customer.password);
    await visit(phone, `/main/booking/detail/${booking.code}`);
    const es = (key: string, values?: Record<string, string | number>) =>
      webText('es', key, values);
    await phone.getByRole('button', { name: es('bookingDetail.edit', { number: 1 }) }).click();
    const form = phone.getByRole('dialog', {
      name: new RegExp(`^${es('bookingDetail.passenger', { number: 1 })}`),
    });
    const firstName = form.getByLabel(es('passenger.firstName'));
    await expect.poll(() => firstName.inputValue()).toBe('Julia');
    const notice = form.getByTestId('passenger-lock');
    const day = new Intl.DateTimeFormat('es', {
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${todayInLima()}T00:00:00Z`));
    expect(await notice.textContent()).toContain(
      es('lock.reason', {
        item: es('lock.kinds.permit'),
        date: day,
        fields: 'nombres, nacionalidad, fecha de nacimiento y documento',
      }),
    );
    for (const label of ['passenger.firstName', 'passenger.lastName', 'passenger.documentNumber']) {
      expect(await form.getByLabel(es(label)).getAttribute('readonly'), label).not.toBeNull();
    }
    expect(await form.getByLabel(es('passenger.phone')).getAttribute('readonly')).toBeNull();
    await expectAccessible(phone);
    await screenshot(phone, 'passenger-lock-phone-es');
  });
});
