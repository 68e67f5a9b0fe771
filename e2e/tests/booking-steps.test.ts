import { todayInLima, translate } from '@cusco/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  manageDeparture,
  nextTravelDate,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import { expectFieldMessage, hasFocus, setPassengers } from '../support/booking.ts';
import {
  baseUrl,
  describeInBrowser,
  expectAccessible,
  isInvalidAndFocused,
  openPage,
  screenshot,
  useBrowser,
  visit,
} from '../support/browser.ts';
import { webText } from '../support/catalog.ts';

useBrowser();

/**
 * The booking page's steps (issue 28, ADR 0038): Continue says what it does, step 1's messages
 * stand by their fields with the first wrong one focused, a count that is not a whole number is
 * refused, closed days say why and the first open date is chosen with today's reason, a date
 * that sells out while the customer is on step 3 brings them back to the date with the next
 * dates that have room, and every call of an English page asks in English.
 */

/** The days of a tour's first departure from today, as the API answers them. */
async function daysOf(tourCode: string, from: string, to: string, language: 'en' | 'es') {
  const answer = await fetch(`${baseUrl}/api/tour/${tourCode}/availability?from=${from}&to=${to}`, {
    headers: { 'accept-language': language },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { date: string; status: string; reason: string }[];
}

/** Opens the booking page's calendar on the month of `date`, and answers that day's button. */
async function calendarAt(page: Page, date: string) {
  await page.getByLabel(webText('en', 'booking.travelDate')).click();
  const month = page.getByRole('button', { name: 'Choose the month' });
  const target = dayjs(date).format('MMMM YYYY');
  for (let step = 0; step < 24 && (await month.textContent()) !== target; step++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  expect(await month.textContent()).toBe(target);
  return page.getByRole('button', {
    name: new RegExp(`(^| )${dayjs(date).format('D MMMM YYYY')}(,|$)`),
  });
}

describeInBrowser('the booking steps on a phone in Spanish', () => {
  it("chooses the first open date with today's reason, continues, and says each field's message", async () => {
    const today = todayInLima();
    const days = await daysOf(
      '100401',
      today,
      dayjs(today).add(60, 'day').format('YYYY-MM-DD'),
      'es',
    );
    const todays = days.find((day) => day.date === today);
    const firstOpen = days.find((day) => day.status === 'open')?.date as string;
    // The classic trail is booked 21 days ahead: today is closed, and the API says why.
    expect(todays?.status).toBe('closed');
    expect(todays?.reason).toBe(translate('closedLeadTime', 'es', { count: 21 }));

    const page = await openPage('phone', 'es');
    await visit(page, '/booking/100401/1');
    const field = page.getByLabel(webText('es', 'booking.travelDate'));
    await expect
      .poll(() => field.textContent())
      .toContain(dayjs(firstOpen).locale('es').format('D MMMM YYYY'));
    const notice = page.getByTestId('date-closed');
    await expect
      .poll(() => notice.textContent())
      .toBe(webText('es', 'steps.todayClosed', { reason: todays?.reason ?? '' }));

    // The button says what it does.
    expect(await page.getByRole('button', { name: 'Reservar', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    const passengers = page.getByRole('group', { name: 'Pasajeros' });
    await expectFieldMessage(page, translate('atLeastOneAdult', 'es'), passengers);
    const adult = passengers.getByLabel('Adulto', { exact: true });
    await expect.poll(() => isInvalidAndFocused(adult)).toBe(true);

    // "1.5" is refused by its field: neither 15 nor 1.
    await adult.fill('1.5');
    await expect.poll(() => adult.inputValue()).toBe('1.5');
    await expectFieldMessage(page, webText('es', 'steps.wholeNumber'), passengers);
    const summary = page.getByRole('complementary', { name: 'Resumen' });
    expect(await summary.getByText(/Adulto ×/).count()).toBe(0);
    await screenshot(page, 'booking-steps-fields-phone-es');
    await expectAccessible(page);

    await adult.fill('2');
    await expect.poll(() => summary.getByText('Adulto × 2').isVisible()).toBe(true);
    await expect.poll(() => passengers.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expect.poll(() => page.getByText('Soy nuevo').isVisible()).toBe(true);
  });

  it('shows the hotel rooms table with its price and Remove at 360 px', async () => {
    const page = await openPage('phone', 'es');
    await page.setViewportSize({ width: 360, height: 740 });
    await visit(page, '/booking/300501/1');
    await setPassengers(page, 'Adulto', '2');
    const hotel = page.getByRole('group', { name: 'Hotel' });
    await hotel.getByLabel('Hotel', { exact: true }).click();
    await page.getByRole('option', { name: 'Hotel de lujo 5★' }).click();
    await hotel.getByLabel('Habitación', { exact: true }).click();
    // Each room says its price per night before it is added.
    const double = page.getByRole('option', { name: /^Habitación doble · .+ por noche$/ });
    await expect.poll(() => double.isVisible()).toBe(true);
    await double.click();
    await expect
      .poll(() => hotel.getByTestId('hotel-night-price').textContent())
      .toMatch(/por habitación y noche/);
    await hotel.getByLabel('Habitaciones', { exact: true }).fill('1');
    await hotel.getByRole('button', { name: 'Agregar habitaciones' }).click();
    const table = hotel.getByRole('table');
    const remove = table.getByRole('button', { name: /^Quitar Habitación doble/ });
    await expect.poll(() => remove.isVisible()).toBe(true);
    // Price and Remove inside the screen, none of the table scrolled away.
    const width = 360;
    for (const cell of [table.getByRole('cell').nth(1), remove]) {
      const box = await cell.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await screenshot(page, 'booking-steps-hotel-360-es');
    await expectAccessible(page);
  });
});

describeInBrowser('the booking steps on a desktop in English', () => {
  it("asks for the page's days in English on every fresh load, whatever the stored language", async () => {
    for (let load = 0; load < 4; load++) {
      // Stored Spanish: the app starts in it, and the English page's language comes after.
      const page = await openPage('desktop', 'es');
      const languages: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/tour/100401/availability')) {
          languages.push(request.headers()['accept-language'] ?? '');
        }
      });
      await visit(page, '/booking/100401/0');
      await expect.poll(() => page.getByTestId('date-closed').textContent()).toContain('Today');
      expect(languages.length).toBeGreaterThan(0);
      expect(
        languages.every((language) => language === 'en'),
        languages.join(),
      ).toBe(true);
      await page.context().close();
    }
  });

  it('brings the customer back to the date when it sells out on step 3, with the next dates', async () => {
    // A date of its own with two seats, a year or so on, when the tour runs.
    let date = nextTravelDate();
    const days = await daysOf(
      '200501',
      date,
      dayjs(date).add(30, 'day').format('YYYY-MM-DD'),
      'en',
    );
    date = days.find((day) => day.status === 'open')?.date as string;
    await manageDeparture('200501', date, 2);

    const customer = await createCustomer('Nayra', 'Condori');
    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, '/booking/200501');
    const day = await calendarAt(page, date);
    await day.click();
    await setPassengers(page, 'Adult', '2');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const terms = page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ });
    await terms.check();

    // Meanwhile another customer takes one of the two seats.
    const other = await createCustomer('Wilber', 'Huaman');
    const session = await signInApi(other.email, other.password);
    await createBooking(session.token, '200501', { adults: 1 }, date);

    await page.getByRole('button', { name: /^Reserve and pay \$/ }).click();
    // Back on the date, with the server's words and its next dates as buttons.
    const gone = page.getByTestId('date-gone');
    await expect.poll(() => gone.isVisible()).toBe(true);
    expect(await gone.textContent()).toContain(translate('notEnoughSeats', 'en', { count: 1 }));
    expect(await gone.textContent()).toContain(webText('en', 'steps.nextDates'));
    expect(page.url()).not.toContain('step=');
    const next = gone.getByRole('button');
    expect(await next.count()).toBeGreaterThan(0);
    await expect.poll(() => hasFocus(next.first())).toBe(true);
    await screenshot(page, 'booking-steps-sold-out-desktop-en');
    await expectAccessible(page);

    const label = (await next.first().textContent()) ?? '';
    await next.first().click();
    await expect.poll(() => gone.count()).toBe(0);
    const field = page.getByLabel(webText('en', 'booking.travelDate'));
    expect(await field.textContent()).toContain(label);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => terms.isVisible()).toBe(true);
  });
});
