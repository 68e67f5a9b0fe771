import { todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
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
  baseUrl,
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  visit,
} from '../support/browser.ts';
import { adminText, webText } from '../support/catalog.ts';

useBrowser();

/** Opens the booking page's calendar on the month of `date` (after the month it opens on). */
async function calendarAt(page: Page, date: string) {
  // The field (a button), not the calendar's dialog of the same name, which may still be closing.
  await page.getByRole('button', { name: webText('en', 'booking.travelDate') }).click();
  const month = page.getByRole('button', { name: 'Choose the month' });
  const target = dayjs(date).format('MMMM YYYY');
  for (let step = 0; step < 24 && (await month.textContent()) !== target; step++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  expect(await month.textContent()).toBe(target);
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

describeInBrowser('the booking calendar and the rules of a tour (issue 14)', () => {
  it('starts on the first date the tour runs, closes February with why, and says when few seats are left', async () => {
    const today = dayjs(todayInLima());
    const answer = await fetch(
      `${baseUrl}/api/tour/100401/availability?from=${today.format('YYYY-MM-DD')}&to=${today
        .add(120, 'day')
        .format('YYYY-MM-DD')}`,
    );
    const days = (await answer.json()) as { date: string; status: string; seatsLeft: number }[];
    const firstOpen = days.find((day) => day.status === 'open')?.date as string;
    expect(dayjs(firstOpen).diff(today, 'day')).toBeGreaterThanOrEqual(21);

    const page = await openPage('desktop', 'en');
    await visit(page, '/booking/100401');
    const field = page.getByLabel(webText('en', 'booking.travelDate'));
    await expect.poll(() => field.textContent()).toContain(dayjs(firstOpen).format('D MMMM YYYY'));

    // Next February, the trail's closed month: disabled, and why on hover.
    let february = today.month(1).date(10);
    if (!february.isAfter(today)) february = february.add(1, 'year');
    const closed = await calendarAt(page, february.format('YYYY-MM-DD'));
    expect(await closed.isDisabled()).toBe(true);
    expect(await closed.getAttribute('title')).toBe('This tour does not run in February');
    expect(await closed.getAttribute('aria-label')).toContain('This tour does not run in February');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // A date with three seats left: the calendar and the summary say so.
    const few = days.find((day) => day.status === 'open' && day.seatsLeft <= 5);
    expect(few).toBeDefined();
    const day = await calendarAt(page, few?.date as string);
    await day.click();
    const summary = page.getByTestId('summary-seats-left');
    await expect
      .poll(() => summary.textContent())
      .toBe(
        webText('en', `booking.seatsLeft_${few?.seatsLeft === 1 ? 'one' : 'other'}`, {
          count: few?.seatsLeft as number,
        }),
      );
    await expectAccessible(page);
    await screenshot(page, 'availability-few-seats-desktop-en');
  });
});

describeInBrowser('the departure calendar of the back office (issue 14)', () => {
  it('lets an administrator schedule dates in bulk and read a day, on a phone in Spanish', async () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      adminText('es', key, values);
    // The first fortnight, twenty months on (twenty-one when that is February), of the short
    // trail: after the twelve months the demo schedules, and past the days this run's other
    // bookings take (nextTravelDate: a year on, a day later for each), so that no other test
    // file has booked the days read here, whatever order the files run in.
    let month = dayjs(todayInLima()).add(20, 'month');
    if (month.month() === 1) month = month.add(1, 'month');
    const from = month.date(1).format('YYYY-MM-DD');
    const to = month.date(14).format('YYYY-MM-DD');
    const tuesdays = Array.from({ length: 14 }, (_, n) => month.date(n + 1)).filter(
      (day) => day.day() === 2,
    );

    const page = await openPage('phone', 'es');
    await signInThroughApi(page, demo.admin.email, demo.admin.password);
    await visit(page, `/admin/calendar?tour=100201&month=${month.format('YYYY-MM')}`);
    await page.getByRole('button', { name: t('bulk.open') }).click();
    const dialog = page.getByRole('dialog', { name: t('bulk.title', { tour: '100201' }) });
    await dialog.getByLabel(t('from')).fill(from);
    await dialog.getByLabel(t('to')).fill(to);
    // Tuesdays only: every other day unticked.
    for (const day of [1, 3, 4, 5, 6, 0]) {
      await dialog
        .getByRole('checkbox', { name: dayjs().day(day).locale('es').format('dddd') })
        .uncheck();
    }
    await dialog.getByLabel(t('departure.capacity')).fill('5');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: t('bulk.save') }).click();
    await expect
      .poll(() => dialog.getByTestId('bulk-result').textContent())
      .toBe(t('bulk.saved', { count: tuesdays.length }));
    await dialog.getByRole('button', { name: t('departure.done') }).click();

    // A scheduled Tuesday reads 5 seats a group; the day after follows the tour's own 16.
    const tuesday = tuesdays[0] as dayjs.Dayjs;
    await page
      .getByRole('button', { name: new RegExp(`^${tuesday.locale('es').format('dddd D MMMM')}:`) })
      .click();
    const figures = page.getByTestId('day-figures');
    await expect.poll(() => figures.textContent()).toContain(t('calendar.scheduled'));
    expect(await figures.textContent()).toContain(
      t('calendar.groupFigures', { booked: 0, capacity: 5, left: 5 }),
    );
    const wednesday = tuesday.add(1, 'day');
    await page
      .getByRole('button', {
        name: new RegExp(`^${wednesday.locale('es').format('dddd D MMMM')}:`),
      })
      .click();
    await expect.poll(() => figures.textContent()).toContain(t('calendar.tourDefaults'));
    expect(await figures.textContent()).toContain(
      t('calendar.groupFigures', { booked: 0, capacity: 16, left: 16 }),
    );
    await expectAccessible(page);
    await screenshot(page, 'admin-calendar-phone-es');
  });
});
