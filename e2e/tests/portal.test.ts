import { statSync } from 'node:fs';
import { addYears, todayInLima } from '@cusco/shared';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  registerFirstPassenger,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import { dollars, expectAlert, expectToast, readBooking } from '../support/booking.ts';
import {
  baseUrl,
  describeInBrowser,
  descriptionOf,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  type ViewportName,
  visit,
} from '../support/browser.ts';
import { webText } from '../support/catalog.ts';
import { largePhotoPng, passportPng } from '../support/files.ts';
import { fillPassenger } from '../support/passenger-form.ts';

useBrowser();

const completion = (page: Page, number: number) =>
  page.getByTestId(`passenger-${number}`).getByTestId('completion');

// Each flow runs once, at the size its users meet it; see inTurn (support/browser.ts).
describeInBrowser.each(['desktop'] as ViewportName[])('customer portal on %s', (viewport) => {
  it('opens a booking from the list, registers two passengers with a passport scan, and adds a service', async () => {
    const customer = await createCustomer('Elena', 'Torres');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '100401', { adults: 1, students: 1 });

    const page = await openPage(viewport);
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, '/main/booking');
    const card = page.getByRole('link', { name: new RegExp(`Open reservation ${booking.code}`) });
    await expect.poll(() => card.isVisible()).toBe(true);
    await screenshot(page, `reservations-list-${viewport}`);
    await expectAccessible(page);
    await card.click();

    await expect
      .poll(() =>
        page.getByRole('heading', { name: 'Classic Inca Trail 4D/3N', level: 1 }).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => completion(page, 1).textContent()).toBe('0%');
    await screenshot(page, `booking-detail-${viewport}`);
    await expectAccessible(page);

    // Passenger 1, an adult, with the passport scan.
    await page.getByRole('button', { name: 'Edit passenger 1' }).click();
    const dialog = page.getByRole('dialog', { name: /Passenger 1/ });
    await expect.poll(() => dialog.getByLabel('First name').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toContain('Please Complete All Fields');
    await fillPassenger(page, dialog, { first: 'Elena', last: 'Torres', birth: '12/03/1990' });
    await dialog.locator('input[type=file]').setInputFiles(passportPng());
    await screenshot(page, `passenger-form-${viewport}`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, "The passenger's data was saved.", 'Saved');
    await expect.poll(() => completion(page, 1).textContent()).toBe('100%');

    // Passenger 2, a student: the card expiry is required.
    await page.getByRole('button', { name: 'Edit passenger 2' }).click();
    const student = page.getByRole('dialog', { name: /Passenger 2/ });
    await expect.poll(() => student.getByLabel('Student card expiry date').isVisible()).toBe(true);
    await fillPassenger(page, student, { first: 'Lucas', last: 'Torres', birth: '04/07/2004' });
    await student.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => student.getByRole('alert').textContent())
      .toContain('Please Confirm All Fields');
    await student.getByLabel('Student card expiry date').fill('31/12/2027');
    await student.getByLabel('Student card expiry date').press('Tab');
    await student.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, "The passenger's data was saved.", 'Saved');
    const studentCompletion = async () =>
      Number.parseInt((await completion(page, 2).textContent()) ?? '0', 10);
    await expect.poll(studentCompletion).toBeGreaterThan(80);
    expect(await studentCompletion()).toBeLessThan(100);

    // Edit passenger 1 again: the record loads, with its scan.
    await page.getByRole('button', { name: 'Edit passenger 1' }).click();
    const again = page.getByRole('dialog', { name: /Passenger 1/ });
    await expect.poll(() => again.getByLabel('First name').inputValue()).toBe('Elena');
    await again.getByRole('button', { name: 'See the current scan' }).click();
    await expect
      .poll(() => again.getByRole('img', { name: 'Current scan' }).isVisible())
      .toBe(true);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => again.count()).toBe(0);

    // Add a service: the debt rises by its price.
    const before = dollars(await page.getByTestId('outstanding-balance').textContent());
    await page.getByRole('button', { name: 'Add services' }).click();
    const services = page.getByRole('dialog', { name: 'Add services' });
    await expect.poll(() => services.getByRole('button', { name: 'Save' }).isVisible()).toBe(true);
    await services.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, 'No Changes Are Registered');
    const quantity = services.getByRole('textbox', { name: /^Quantity of Sleeping bag rental/ });
    await quantity.fill('2');
    await expectAccessible(page);
    await services.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'The additional services were added.', 'Added!');
    await expect
      .poll(async () => dollars(await page.getByTestId('outstanding-balance').textContent()))
      .toBe(before + 50);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Additional services' }).isVisible())
      .toBe(true);
    await screenshot(page, `booking-detail-after-${viewport}`);
  });
});

describeInBrowser('passenger ages', () => {
  it("refuses an adult's birth date in a child's place, with the type's message in Spanish and English", async () => {
    // The demo customer (the form is left unsaved): the suite's sign-ups stay under their limit.
    const customer = demo.customer;
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '100401', { adults: 1, children: 1 });
    const page = await openPage('phone', 'es');
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, `/main/booking/detail/${booking.code}`);

    const child = async (edit: string, title: RegExp) => {
      await page.getByRole('button', { name: edit }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect
        .poll(() => dialog.getByLabel(/^(Birth date|Fecha de nacimiento)/).isVisible())
        .toBe(true);
      return { dialog, birthDate: dialog.getByLabel(/^(Birth date|Fecha de nacimiento)/) };
    };

    // Spanish: an adult's birth date typed into the child's place stays, and is refused.
    const es = await child('Editar pasajero 2', /Pasajero 2 · Niño/);
    // The field's read-only stand-in is replaced by the date input once the pickers' code is
    // there (ADR 0053): the description is read from whichever is drawn.
    await expect
      .poll(() => descriptionOf(es.birthDate))
      .toMatch(/^Niño: nacido entre el \d{2}\/\d{2}\/\d{4} y el \d{2}\/\d{2}\/\d{4}/);
    await es.birthDate.fill('12/03/1990');
    await es.birthDate.press('Tab');
    await expect.poll(() => es.birthDate.inputValue()).toBe('12/03/1990');
    await expect
      .poll(() => descriptionOf(es.birthDate))
      .toContain(
        'Esta fecha de nacimiento no corresponde a un pasajero niño: los niños deben tener de 3 a 7 años en la fecha del viaje.',
      );
    expect(await es.birthDate.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'passenger-age-es-phone');
    await expectAccessible(page);
    await es.dialog.getByRole('button', { name: 'Cancelar' }).click();

    // English, and a child's birth date is accepted.
    await page.getByText('EN', { exact: true }).click();
    const en = await child('Edit passenger 2', /Passenger 2 · Child/);
    await en.birthDate.fill('12/03/1990');
    await en.birthDate.press('Tab');
    await expect
      .poll(() => descriptionOf(en.birthDate))
      .toContain(
        'This birth date does not match a child passenger: children must be 3 to 7 years old on the travel date.',
      );
    const fiveYearsBefore = addYears(addYears(todayInLima(), 1), -5);
    await en.birthDate.fill(fiveYearsBefore.split('-').reverse().join('/'));
    await en.birthDate.press('Tab');
    await expect.poll(() => en.birthDate.getAttribute('aria-invalid')).toBeNull();
    expect(await descriptionOf(en.birthDate)).not.toContain('does not match');
  });
});

describeInBrowser('empty reservations', () => {
  it('shows the spec message and the Booking button to the tours', async () => {
    const customer = await createCustomer('Nadia', 'Quispe');
    const page = await openPage('phone');
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, '/main/booking');
    await expect
      .poll(() =>
        page
          .getByText(
            "You don't have any reservations. If you want to book any of our tours, enter our tour list.",
          )
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'reservations-empty-phone');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Booking' }).click();
    await expect.poll(() => page.url()).toContain('#/main/tours');
  });
});

describeInBrowser('reservations in pages', () => {
  it('shows the first page and loads the next one with "Show more"', async () => {
    const customer = await createCustomer('Ana', 'Condori');
    const session = await signInApi(customer.email, customer.password);
    const codes: string[] = [];
    for (let index = 0; index < 3; index++) {
      codes.push((await createBooking(session.token, '100201', { adults: 1 })).code);
    }

    const page = await openPage('phone');
    // The API's pages hold 50; asking it for pages of 2 shows the paging with 3 reservations.
    const asked: { page: string | null; pageSize: string | null }[] = [];
    await page.route('**/api/tour/booking/list?*', (route) => {
      const url = new URL(route.request().url());
      asked.push({
        page: url.searchParams.get('page'),
        pageSize: url.searchParams.get('pageSize'),
      });
      url.searchParams.set('pageSize', '2');
      return route.continue({ url: url.toString() });
    });
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, '/main/booking');

    const cards = page.getByRole('link', { name: /^Open reservation / });
    await expect.poll(() => cards.count()).toBe(2);
    await expect.poll(() => page.getByText('Showing 2 of 3 reservations').isVisible()).toBe(true);
    await screenshot(page, 'reservations-show-more-phone');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => cards.count()).toBe(3);
    // The app asks for pages of 50, the first and then the second.
    expect(asked.map((request) => request.pageSize)).toEqual(asked.map(() => '50'));
    expect([...new Set(asked.map((request) => request.page))]).toEqual(['1', '2']);
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    // Every reservation is listed once, and the focus is on the first one the page added.
    const shown = await cards.evaluateAll((links) => links.map((link) => link.textContent ?? ''));
    for (const code of codes) expect(shown.filter((text) => text.includes(code))).toHaveLength(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(/^Open reservation /);
    expect(await cards.nth(2).evaluate((link) => link === document.activeElement)).toBe(true);
  });
});

// Each flow runs once, at the size its users meet it; see inTurn (support/browser.ts).
describeInBrowser.each([['phone', 'es']] as [ViewportName, 'en' | 'es'][])(
  'a passport photo on %s in %s',
  (viewport, language) => {
    it('fits a 3 MB photo to the 1 MB limit in the browser, shows it, and uploads it (issue 12)', async () => {
      const text = (key: string, values?: Record<string, string | number>) =>
        webText(language, key, values);
      const photo = largePhotoPng();
      expect(statSync(photo).size).toBeGreaterThan(2.5 * 1024 * 1024);
      const customer = await createCustomer('Julia', 'Ccori');
      const session = await signInApi(customer.email, customer.password);
      const booking = await createBooking(session.token, '100401', { adults: 1 });
      // The passenger's data is on file; the photo is added from the phone.
      await registerFirstPassenger(session.token, booking.code);
      const page = await openPage(viewport, language);
      await signInThroughApi(page, customer.email, customer.password);
      await visit(page, `/main/booking/detail/${booking.code}`);
      await page.getByRole('button', { name: text('bookingDetail.edit', { number: 1 }) }).click();
      const dialog = page.getByRole('dialog', {
        name: new RegExp(`^${text('bookingDetail.passenger', { number: 1 })}`),
      });
      await expect
        .poll(() => dialog.getByLabel(text('passenger.firstName')).inputValue())
        .toBe('Julia');
      await dialog.locator('input[type=file]').setInputFiles(photo);
      const preview = dialog.getByRole('img', { name: text('passenger.newScan') });
      await expect.poll(() => preview.isVisible(), { timeout: 30_000 }).toBe(true);
      const prepared = Number(await preview.getAttribute('data-size'));
      expect(prepared).toBeGreaterThan(0);
      expect(prepared).toBeLessThanOrEqual(1024 * 1024);
      expect(await dialog.getByRole('alert').count()).toBe(0);
      await screenshot(page, `passport-photo-preview-${viewport}-${language}`);
      await dialog.getByRole('button', { name: text('passenger.save') }).click();
      await expectToast(page, text('passenger.savedText'), text('passenger.savedTitle'));

      // The server stored the resized JPEG, within its limit.
      const detail = await readBooking(page, booking.code);
      const clientId = detail.passangerRegistry[0].clientId as string;
      const stored = await fetch(`${baseUrl}/api/client/${clientId}/document`, {
        headers: { authorization: `Bearer ${session.token}` },
      });
      expect(stored.status).toBe(200);
      expect(stored.headers.get('content-type')).toContain('image/jpeg');
      const bytes = (await stored.arrayBuffer()).byteLength;
      expect(bytes).toBe(prepared);
    });
  },
);
