import { todayInLima, translate } from '@cusco/shared';
import dayjs from 'dayjs';
import { expect, it } from 'vitest';
import { createCustomer, signInThroughApi } from '../support/api.ts';
import {
  dollars,
  expectAlert,
  expectFieldMessage,
  listBookings,
  readBooking,
  setPassengers,
} from '../support/booking.ts';
import {
  describeInBrowser,
  expectAccessible,
  isInvalidAndFocused,
  openPage,
  screenshot,
  useBrowser,
  type ViewportName,
  visit,
} from '../support/browser.ts';

useBrowser();

describeInBrowser.each(['phone', 'desktop'] as ViewportName[])('booking page on %s', (viewport) => {
  it('a new visitor books the Classic Inca Trail for 2 adults and 1 student with a service', async () => {
    const page = await openPage(viewport);
    await visit(page, '/booking/100401');
    await expect
      .poll(() =>
        page.getByRole('heading', { name: 'Classic Inca Trail 4D/3N', level: 1 }).isVisible(),
      )
      .toBe(true);
    await screenshot(page, `booking-step1-${viewport}`);
    await expectAccessible(page);

    // A travel date next month (or the month after, when next month is the trail's closed February).
    await page.getByLabel('Travel date').click();
    await page.getByRole('button', { name: 'Next month' }).click();
    if (dayjs(todayInLima()).add(1, 'month').month() === 1) {
      await page.getByRole('button', { name: 'Next month' }).click();
    }
    await page
      .getByRole('button', { name: / 15 \w+ \d{4}$/ })
      .first()
      .click();

    await setPassengers(page, 'Adult', '2');
    // Not a whole number: refused by its field, as typed (ADR 0038), until it is one.
    await setPassengers(page, 'Student', '-1x');
    const student = page
      .getByRole('group', { name: 'Passengers' })
      .getByLabel('Student', { exact: true });
    expect(await student.inputValue()).toBe('-1x');
    await expectFieldMessage(page, 'Enter a whole number, such as 2');
    expect(await student.getAttribute('aria-invalid')).toBe('true');
    await setPassengers(page, 'Student', '1');
    expect(await student.inputValue()).toBe('1');
    await page.getByRole('switch', { name: /Sleeping bag rental/ }).click();
    await page.getByRole('textbox', { name: /Quantity of Sleeping bag rental/ }).fill('3');

    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect.poll(() => summary.getByText('Adult × 2').isVisible()).toBe(true);
    await expect.poll(() => summary.getByText('Student × 1').isVisible()).toBe(true);
    await expect.poll(() => summary.getByText(/Sleeping bag rental .* × 3/).isVisible()).toBe(true);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    // Step 2: register a new account.
    await page.getByText("I'm new here").click();
    const form = page.getByRole('form', { name: 'Create your account' });
    await expect.poll(() => form.isVisible()).toBe(true);
    await screenshot(page, `booking-step2-${viewport}`);
    await expectAccessible(page);
    await form.getByLabel('First name').fill('Camila');
    await form.getByLabel('Last name').fill('Rojas');
    await form.getByLabel('Phone').fill('+51 974 000 222');
    await form.getByLabel('Birth date').fill('02/08/1994');
    await form.getByLabel('Birth date').press('Tab');
    await form.getByLabel('E-mail').fill(`camila.${Date.now()}.${viewport}@example.com`);
    await form.getByLabel(/^Password/).fill('Sacsayhuaman-99');
    await form.getByLabel('Country').fill('Chile');
    await page.getByRole('option', { name: 'Chile', exact: true }).click();
    await form.getByRole('button', { name: 'Sign up' }).click();

    // Step 3: terms and the amount, then one button, Reserve and pay (issue 12).
    await expect.poll(() => page.getByText('Camila Rojas').first().isVisible()).toBe(true);
    const reserveAndPay = page.getByRole('button', { name: /^Reserve and pay \$/ });
    const shownTotal = dollars(await summary.getByTestId('summary-total').textContent());
    expect(dollars(await reserveAndPay.textContent())).toBe(shownTotal);
    await reserveAndPay.click();
    // Said by the checkbox, which gets the focus (ADR 0038).
    const terms = page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ });
    await expectFieldMessage(
      page,
      'Accepting the Terms and Conditions is necessary to enter the tour.',
    );
    await expect.poll(() => isInvalidAndFocused(terms)).toBe(true);
    await terms.check();
    await screenshot(page, `booking-step3-${viewport}`);
    await expectAccessible(page);
    // Two quick clicks still save one booking, and open one checkout.
    await reserveAndPay.dblclick();

    const saved = page.getByRole('status').filter({ hasText: 'is saved' });
    await expect.poll(() => saved.isVisible()).toBe(true);
    const code = /(CT-[A-Z0-9]{6})/.exec((await saved.textContent()) ?? '')?.[1];
    expect(code).toBeTruthy();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Secure card payment' }).isVisible())
      .toBe(true);
    await screenshot(page, `booking-saved-${viewport}`);

    const detail = await readBooking(page, code ?? '');
    expect(detail.balance.purchases).toBe(shownTotal);
    expect(detail.passangerRegistry).toHaveLength(3);
    expect(await listBookings(page)).toHaveLength(1);
  });
});

describeInBrowser('booking page rules', () => {
  it('shows each step-1 message for its case', async () => {
    const page = await openPage('desktop');
    await visit(page, '/booking/300501');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Cusco and Machu Picchu');

    // Each message stands by its field, which gets the focus; no dialog (ADR 0038).
    const passengers = page.getByRole('group', { name: 'Passengers' });
    const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
    await continueButton.click();
    await expectFieldMessage(page, 'At least one adult must be selected.', passengers);
    const adult = passengers.getByLabel('Adult', { exact: true });
    await expect.poll(() => isInvalidAndFocused(adult)).toBe(true);

    await setPassengers(page, 'Child', '2');
    await continueButton.click();
    await expectFieldMessage(page, 'At least one adult must be selected.', passengers);

    await setPassengers(page, 'Adult', '2');
    await expect.poll(() => passengers.getByRole('alert').count()).toBe(0);
    await continueButton.click();
    const hotel = page.getByRole('group', { name: 'Hotel' });
    await expectFieldMessage(page, 'Selecting a Hotel in this Tour is mandatory.', hotel);
    await expect
      .poll(() => isInvalidAndFocused(hotel.getByLabel('Hotel', { exact: true })))
      .toBe(true);

    // Add with nothing chosen says what is missing, by each field.
    await hotel.getByRole('button', { name: 'Add rooms' }).click();
    await expectFieldMessage(page, 'Choose a hotel', hotel);
    await expectFieldMessage(page, 'Choose a room', hotel);
    await expectFieldMessage(page, 'Enter how many rooms: 1 or more', hotel);

    await hotel.getByLabel('Hotel', { exact: true }).click();
    await page.getByRole('option', { name: 'Luxury hotel 5★' }).click();
    await hotel.getByLabel('Room', { exact: true }).click();
    await page.getByRole('option', { name: 'Triple room' }).click();
    await hotel.getByLabel('Rooms', { exact: true }).fill('1');
    await hotel.getByRole('button', { name: 'Add rooms' }).click();
    await expectFieldMessage(
      page,
      'The room Triple room is not configured for the hotel Luxury hotel 5★.',
      hotel,
    );

    await hotel.getByLabel('Room', { exact: true }).click();
    await page.getByRole('option', { name: 'Double room' }).click();
    await hotel.getByRole('button', { name: 'Add rooms' }).click();
    await expect
      .poll(() => hotel.getByRole('table').getByText('Double room').isVisible())
      .toBe(true);
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect
      .poll(() => summary.getByText('1 × Double room, Luxury hotel 5★').isVisible())
      .toBe(true);
    // One room per passenger: 4 passengers and 1 room leave 3 more.
    await hotel.getByLabel('Rooms', { exact: true }).fill('9');
    await expect.poll(() => hotel.getByLabel('Rooms', { exact: true }).inputValue()).toBe('3');
    await expect
      .poll(() => hotel.getByRole('alert').textContent())
      .toBe('At most 4 hotel rooms: one per passenger.');
    await screenshot(page, 'booking-hotel-desktop');

    await hotel.getByRole('button', { name: 'Remove Double room at Luxury hotel 5★' }).click();
    await expect.poll(() => hotel.getByText('No rooms added yet.').isVisible()).toBe(true);
  });

  it("keeps passengers and per-person services within the tour's limits", async () => {
    const page = await openPage('phone');
    await visit(page, '/booking/100401');
    const passengers = page.getByRole('group', { name: 'Passengers' });
    await expect
      .poll(() => passengers.getByText('At most 16 passengers per reservation.').isVisible())
      .toBe(true);

    // More than the group maximum is lowered to it, and the page says why.
    await setPassengers(page, 'Adult', '20');
    await expect
      .poll(() => passengers.getByLabel('Adult', { exact: true }).inputValue())
      .toBe('16');
    await expect
      .poll(() => passengers.getByRole('alert').textContent())
      .toBe('A reservation of this tour can have at most 16 passengers.');
    await setPassengers(page, 'Student', '3');
    await expect
      .poll(() => passengers.getByLabel('Student', { exact: true }).inputValue())
      .toBe('0');
    await setPassengers(page, 'Adult', '2');
    await expect.poll(() => passengers.getByRole('alert').count()).toBe(0);

    // A service sold per person: at most one per passenger.
    const services = page.getByRole('group', { name: 'Additional services' });
    await services.getByRole('switch', { name: /Sleeping bag rental/ }).click();
    const bags = services.getByRole('textbox', { name: /Quantity of Sleeping bag rental/ });
    await bags.fill('4');
    await expect.poll(() => bags.inputValue()).toBe('2');
    await expect
      .poll(() => services.getByRole('alert').textContent())
      .toBe('This service is sold per passenger: at most 2 for this reservation.');

    // Fewer passengers afterwards: the message stays by the service, and Reserve goes no further.
    await setPassengers(page, 'Adult', '1');
    await expect
      .poll(() => services.getByRole('alert').textContent())
      .toBe('This service is sold per passenger: at most 1 for this reservation.');
    expect(await bags.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'booking-limits-phone');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => bags.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByText("I'm new here").isVisible()).toBe(false);

    await bags.fill('1');
    await expect.poll(() => services.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => page.getByText("I'm new here").isVisible()).toBe(true);
  });

  it('keeps the notice of a lowered number when the calendar then moves the date', async () => {
    const page = await openPage('phone');
    // Step 1 is drawn with the first departure's days (ADR 0053, decision 14). The private
    // departure's days arrive only after the visitor has typed, and the date the page chose
    // is closed there: the calendar then moves it, which must not undo the notice.
    let chosen = '';
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/tour/100401/availability**', async (route) => {
      const response = await route.fetch();
      const days = (await response.json()) as { date: string; status: string; reason: string }[];
      if (!chosen) {
        chosen = days.find((day) => day.status === 'open')?.date ?? '';
        return route.fulfill({ response, json: days });
      }
      await held;
      const closed = days.map((day) =>
        day.date === chosen ? { ...day, status: 'closed', reason: 'Closed for the test' } : day,
      );
      return route.fulfill({ response, json: closed });
    });
    await visit(page, '/booking/100401');
    const date = page.getByLabel('Travel date');
    await expect.poll(() => chosen).not.toBe('');
    await expect.poll(() => date.textContent()).toContain(dayjs(chosen).format('D MMMM YYYY'));
    const before = await date.textContent();
    await page.getByRole('radio', { name: 'Private' }).check();
    await setPassengers(page, 'Adult', '20');
    const passengers = page.getByRole('group', { name: 'Passengers' });
    const notice = 'A reservation of this tour can have at most 16 passengers.';
    await expect.poll(() => passengers.getByRole('alert').textContent()).toBe(notice);
    expect(await date.textContent()).toBe(before);

    release();
    await expect.poll(() => date.textContent()).not.toBe(before);
    expect(await passengers.getByRole('alert').allTextContents()).toEqual([notice]);
    expect(await passengers.getByLabel('Adult', { exact: true }).inputValue()).toBe('16');
  });

  it('shows "Hotel\'s Category" on a Machu Picchu tour and requires a hotel line there', async () => {
    const page = await openPage('phone');
    await visit(page, '/booking/400201');
    await expect
      .poll(() => page.getByRole('radiogroup', { name: "Hotel's Category" }).isVisible())
      .toBe(true);
    await setPassengers(page, 'Adult', '1');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectFieldMessage(page, 'Selecting a Hotel in this Tour is mandatory.');
    await screenshot(page, 'booking-machu-picchu-phone');
    await expectAccessible(page);

    await visit(page, '/booking/100401');
    await expect
      .poll(() => page.getByRole('radiogroup', { name: 'Language' }).isVisible())
      .toBe(true);
  });

  it('switching to /1 shows the page in Spanish', async () => {
    const page = await openPage('desktop');
    await visit(page, '/booking/100401/1');
    await expect
      .poll(() =>
        page.getByRole('heading', { name: 'Camino Inka Clásico 4D/3N', level: 1 }).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByText('Fecha de viaje').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('radiogroup', { name: 'Idioma' }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await expectFieldMessage(page, 'Debe seleccionar al menos un adulto.');
    await screenshot(page, 'booking-es-desktop');
    await page.getByRole('link', { name: 'English' }).click();
    await expect
      .poll(() =>
        page.getByRole('heading', { name: 'Classic Inca Trail 4D/3N', level: 1 }).isVisible(),
      )
      .toBe(true);
  });

  it('starts in the page language, and the next screen is in the stored one again', async () => {
    const page = await openPage('desktop', 'es');
    await visit(page, '/booking/100401/0');
    await expect
      .poll(() =>
        page.getByRole('heading', { name: 'Classic Inca Trail 4D/3N', level: 1 }).isVisible(),
      )
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await visit(page, '/login');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Iniciar sesión', level: 1 }).isVisible())
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  });

  it('refuses a bad tour code or language and goes to login', async () => {
    const page = await openPage('desktop');
    await visit(page, '/booking/12345');
    await expectAlert(page, 'There is an error in the tour code');
    await expect.poll(() => page.url()).toMatch(/#\/login$/);

    await visit(page, '/booking/100401/7');
    await expectAlert(page, 'Hubo un error escogiendo el lenguaje');
    await expect.poll(() => page.url()).toMatch(/#\/login$/);
  });

  it('reports a bad language after a bad tour code while the login screen is still on its way', async () => {
    const page = await openPage('desktop');
    // The login screen's code is held, so the router stays on the booking screen after the first
    // report: the second address is the same screen with other parameters, not a new one.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/login-page-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await visit(page, '/booking/12345');
    await expectAlert(page, 'There is an error in the tour code');
    await visit(page, '/booking/100401/7');
    await expectAlert(page, 'Hubo un error escogiendo el lenguaje');
    release();
    await expect.poll(() => page.url()).toMatch(/#\/login$/);
  });

  it('takes a signed-in visitor straight to step 3, and the header shows their name', async () => {
    const page = await openPage('desktop');
    const customer = await createCustomer('Julia', 'Pacheco');
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, '/booking/200501');
    await expect.poll(() => page.getByTestId('header-user').textContent()).toBe('Julia Pacheco');
    await setPassengers(page, 'Adult', '1');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Are you a passenger?' }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();
    // Back keeps everything chosen.
    expect(
      await page
        .getByRole('group', { name: 'Passengers' })
        .getByLabel('Adult', { exact: true })
        .inputValue(),
    ).toBe('1');
  });

  it('offers Try again after a 503 and the retry, with the same Idempotency-Key, makes one booking', async () => {
    const page = await openPage('desktop');
    const customer = await createCustomer('Iris', 'Quispe');
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, '/booking/200501');
    await setPassengers(page, 'Adult', '1');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();

    // The first save reaches the server, but its answer is lost to a 503, as when the database
    // restarts after the commit; the next ones go through untouched.
    const keys: string[] = [];
    await page.route('**/api/tour/save', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.continue();
      await route.fetch();
      await route.fulfill({
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '5' },
        // The API's own 503 body (src/errors.ts).
        body: JSON.stringify({
          statusCode: 503,
          code: 'UNAVAILABLE',
          error: 'Service Unavailable',
          message: translate('serviceUnavailable', 'en'),
        }),
      });
    });
    await page.getByRole('button', { name: /^Reserve and pay / }).click();
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await expect
      .poll(() => dialog.textContent())
      .toContain('The service is briefly unavailable: nothing was saved.');
    await expectAccessible(page);
    // Try again has the focus: Enter sends the same request again.
    await expect
      .poll(() =>
        dialog
          .getByRole('button', { name: 'Try again' })
          .evaluate((button) => button === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Enter');

    const saved = page.getByRole('status').filter({ hasText: 'is saved' });
    await expect.poll(() => saved.isVisible()).toBe(true);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const bookings = await listBookings(page);
    expect(bookings).toHaveLength(1);
    expect(await saved.textContent()).toContain(bookings[0]?.id);
    // Saved on the retry: its checkout opens, as after a first-time save.
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Secure card payment' }).isVisible())
      .toBe(true);
  });

  it('opens the itinerary, the included services and the related tours', async () => {
    const page = await openPage('desktop');
    await visit(page, '/booking/100401');
    await page.getByRole('button', { name: 'Itinerary' }).click();
    const itinerary = page.getByRole('dialog', { name: 'Itinerary' });
    await expect.poll(() => itinerary.getByText('Day 1').first().isVisible()).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Services included' }).click();
    await expect
      .poll(() =>
        page.getByRole('dialog', { name: 'Services included' }).getByRole('listitem').count(),
      )
      .toBeGreaterThan(3);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Terms and conditions' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('dialog', { name: 'Terms and conditions' })
          .getByText(/115 USD/)
          .isVisible(),
      )
      .toBe(true);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Related tours' }).click();
    const link = page.getByRole('menuitem').first();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toMatch(/^#\/booking\/\d{6}$/);
  });
});
