import { todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  manageDeparture,
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

/** Opens the booking page's calendar on the month of `date`. */
async function calendarAt(page: Page, date: string) {
  await page.getByLabel(webText('en', 'booking.travelDate')).click();
  const months = dayjs(date).startOf('month').diff(dayjs(todayInLima()).startOf('month'), 'month');
  for (let month = 0; month < months; month++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  return page.getByRole('button', {
    name: new RegExp(`${dayjs(date).format('D MMMM YYYY')}(,|$)`),
  });
}

describeInBrowser('availability (issue 14)', () => {
  it('lets an administrator close a date, and lists the bookings to contact', async () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      adminText('en', key, values);
    // The 20th, three months on, or four when that is the trail's closed February.
    let month = dayjs(todayInLima()).add(3, 'month');
    if (month.month() === 1) month = month.add(1, 'month');
    const date = month.date(20).format('YYYY-MM-DD');
    const customer = await createCustomer('Edwin', 'Choque');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '100201', { adults: 1 }, date);

    const page = await openPage('desktop', 'en');
    await visit(page, '/login');
    await signInThroughApi(page, demo.admin.email, demo.admin.password);
    await visit(page, '/admin/departures');
    await page.getByRole('button', { name: t('departure.title') }).click();
    const dialog = page.getByRole('dialog', { name: t('departure.title') });
    await dialog.getByLabel(t('departure.tourCode')).fill('100201');
    await dialog.getByLabel(t('date')).fill(date);
    await dialog.getByLabel(t('departure.capacity')).fill('10');
    await dialog.getByLabel(t('departure.status'), { exact: true }).click();
    await page.getByRole('option', { name: t('departure.statuses.closed') }).click();
    await dialog.getByLabel(t('departure.reason')).fill('Landslide on the trail');
    await dialog.getByRole('button', { name: t('departure.save') }).click();
    await expect.poll(() => dialog.getByText(new RegExp(booking.code)).isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'admin-departure-closed-desktop-en');
  });

  it('shows the last seats of a departure, then, once they are booked, sold out to another visitor', async () => {
    // The 15th, two months on (three when that is the trail's closed February), of the short
    // Inca Trail: 2 seats.
    let month = dayjs(todayInLima()).add(2, 'month');
    if (month.month() === 1) month = month.add(1, 'month');
    const date = month.date(15).format('YYYY-MM-DD');
    await manageDeparture('100201', date, 2);

    const first = await openPage('desktop', 'en');
    await visit(first, '/booking/100201');
    const day = await calendarAt(first, date);
    await day.click();
    await expect
      .poll(() => first.getByTestId('seats-left').textContent())
      .toBe(webText('en', 'booking.seatsLeft_other', { count: 2 }));
    await expectAccessible(first);
    await screenshot(first, 'availability-last-seats-desktop-en');

    // Someone books those two seats.
    const customer = await createCustomer('Lidia', 'Huillca');
    const session = await signInApi(customer.email, customer.password);
    await createBooking(session.token, '100201', { adults: 2 }, date);

    // Another visitor's calendar has the date disabled, and says why.
    const second = await openPage('desktop', 'en');
    await visit(second, '/booking/100201');
    const soldOut = await calendarAt(second, date);
    await expect.poll(() => soldOut.isDisabled()).toBe(true);
    expect(await soldOut.getAttribute('title')).toBe(webText('en', 'booking.soldOut'));
    await screenshot(second, 'availability-sold-out-desktop-en');
  });
});
