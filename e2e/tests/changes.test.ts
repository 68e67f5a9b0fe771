import {
  type BookingDetail,
  type ChangeQuoteAnswer,
  type ChangeRequest,
  CustomerTypeId,
  pricingCatalogFromTour,
  quoteBooking,
  tour as tourSchema,
} from '@cusco/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  nextTravelDate,
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
import { adminText, webText } from '../support/catalog.ts';

useBrowser();

/** What the API quotes for `change` on `code` (in `language`), asked as the customer. */
async function quoteOf(
  token: string,
  code: string,
  language: 'en' | 'es',
  change: ChangeRequest,
): Promise<ChangeQuoteAnswer> {
  const response = await fetch(`${baseUrl}/api/tour/booking/${code}/changes/quote`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'accept-language': language,
    },
    body: JSON.stringify(change),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ChangeQuoteAnswer;
}

/** The booking as its customer reads it through the API. */
async function detailOf(token: string, code: string): Promise<BookingDetail> {
  const response = await fetch(`${baseUrl}/api/tour/booking/${code}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as BookingDetail;
}

/**
 * An administrator gives a departure of the Classic Inca Trail its trail permits (PUT
 * admin/departures/{tour}/{date}): its bookings are then permit-bound, and moving one once its
 * permits are bought costs the policy's fee per traveller.
 */
async function holdPermits(date: string, permits: number) {
  const admin = await signInApi(demo.admin.email, demo.admin.password);
  const response = await fetch(`${baseUrl}/api/admin/departures/100401/${date}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ permits }),
  });
  expect(response.status).toBe(200);
}

/** The status badge in the booking detail's header. */
const headerStatus = (page: Page) =>
  page.getByTestId('booking-header').getByTestId('booking-status');

/**
 * Checks that the preview on screen is the API's quote: each line with its reason and amount,
 * the figures, and the status after (in the dialog's language).
 */
async function expectPreviewOf(dialog: Locator, quote: ChangeQuoteAnswer, language: 'en' | 'es') {
  expect(dollars(await dialog.getByTestId('change-paid').textContent())).toBe(quote.paid);
  expect(dollars(await dialog.getByTestId('change-fee').textContent())).toBe(quote.fee);
  expect(dollars(await dialog.getByTestId('change-total').textContent())).toBe(quote.total);
  expect(dollars(await dialog.getByTestId('change-refund').textContent())).toBe(quote.refund);
  expect(dollars(await dialog.getByTestId('change-balance').textContent())).toBe(quote.balance);
  expect(await dialog.getByTestId('change-status').textContent()).toBe(
    webText(language, `bookingStatus.${quote.status}`),
  );
  if (quote.lines.length === 0) {
    expect(await dialog.getByText(webText(language, 'change.noLines')).count()).toBe(1);
    return;
  }
  const lines = dialog.getByRole('table', { name: webText(language, 'change.linesTitle') });
  expect(await lines.getByRole('row').count()).toBe(quote.lines.length + 1);
  for (const line of quote.lines) {
    const row = lines.getByRole('row').filter({ hasText: line.reason });
    expect(await row.count(), line.reason).toBe(1);
    // "-$850.00" → -850
    const amount = (await row.getByRole('cell').last().textContent()) ?? '';
    expect(dollars(amount) * (amount.includes('-') ? -1 : 1)).toBe(line.amount);
  }
}

/**
 * Opens the change dialog's calendar (on the booking's month) and picks `date`, going a month on
 * at a time.
 */
async function pickDate(dialog: Locator, page: Page, language: 'en' | 'es', date: string) {
  const text = (key: string) => webText(language, key);
  await dialog.getByLabel(text('change.newDate')).click();
  const month = page.getByRole('button', { name: text('common.calendar.monthLevel') });
  const target = dayjs(date).locale(language).format('MMMM YYYY');
  for (let step = 0; step < 3 && (await month.textContent()) !== target; step++) {
    await page.getByRole('button', { name: text('common.calendar.nextMonth') }).click();
  }
  expect(await month.textContent()).toBe(target);
  await page
    .getByRole('button', {
      name: new RegExp(`^${dayjs(date).locale(language).format('dddd D MMMM YYYY')}(,|$)`),
    })
    .click();
}

/** "12 de mayo de 2027" / "12 May 2027", as Confirm says the new date. */
const longDate = (date: string, language: 'en' | 'es') =>
  dayjs(date)
    .locale(language)
    .format(language === 'es' ? 'D [de] MMMM [de] YYYY' : 'D MMMM YYYY');

describeInBrowser('changing a reservation on a phone in Spanish (issue 27)', () => {
  it('a customer moves a paid booking to another date after the preview; the detail shows it', async () => {
    const text = (key: string, values?: Record<string, string | number>) =>
      webText('es', key, values);
    const customer = await createCustomer('Rosa', 'Condori');
    const session = await signInApi(customer.email, customer.password);
    // A departure with its trail permits: moving from it once paid costs the permits' fee.
    const date = nextTravelDate();
    await holdPermits(date, 60);
    const booking = await createBooking(session.token, '100401', { adults: 2 }, date);
    await payWithSandboxCard(session.token, booking.code, booking.transactionId ?? '');
    // The next date of the run: a day with the seats of a fresh departure.
    const newDate = nextTravelDate();

    const page = await openPage('phone', 'es');
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, `/main/booking/detail/${booking.code}`);
    await expect
      .poll(() => headerStatus(page).textContent())
      .toBe(`${text('bookingStatus.label')} ${text('bookingStatus.paid')}`);
    const section = page.getByRole('region', { name: text('change.sectionTitle') });
    await expect.poll(() => section.isVisible()).toBe(true);
    await screenshot(page, 'change-section-phone-es');

    await section.getByRole('button', { name: text('change.moveDate'), exact: true }).click();
    const dialog = page.getByRole('dialog', {
      name: text('change.titleDate', { code: booking.code }),
    });
    await expect.poll(() => dialog.getByLabel(text('change.newDate')).isVisible()).toBe(true);
    // On a phone the dialog takes the whole screen.
    expect((await dialog.boundingBox())?.width).toBe(390);
    await expectAccessible(page);

    await pickDate(dialog, page, 'es', newDate);
    await expect.poll(() => dialog.getByTestId('change-total').isVisible()).toBe(true);
    const confirm = dialog.getByRole('button', {
      name: text('change.confirmDate', { date: longDate(newDate, 'es') }),
      exact: true,
    });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    // The preview is the API's quote of the same change, in Spanish.
    const quote = await quoteOf(session.token, booking.code, 'es', {
      kind: 'date',
      travelDate: newDate,
      refundTo: 'card',
    });
    expect(quote.paid).toBe(booking.total);
    // New permits for both travellers, to pay: the booking owes the fee.
    expect(quote.fee).toBeGreaterThan(0);
    expect(quote.lines.map((line) => line.kind)).toEqual(['fee']);
    expect(quote.balance).toBe(quote.fee);
    await expectPreviewOf(dialog, quote, 'es');
    expect(
      await dialog.getByText(text('change.days_other', { count: quote.daysBefore })).count(),
    ).toBe(1);
    await screenshot(page, 'change-date-preview-phone-es');
    await expectAccessible(page);

    await confirm.click();
    await expectToast(page, `La reserva ${booking.code} está cambiada`, text('change.doneTitle'));
    await expect.poll(() => dialog.count()).toBe(0);
    // The phone's header says the new date beside the code.
    const shown = dayjs(newDate).locale('es').format('ddd, D MMM YYYY');
    await expect.poll(() => page.getByTestId('booking-header').textContent()).toContain(shown);
    const after = await readBooking(page, booking.code);
    expect(after.booking.tripDate).toBe(newDate);
    expect(after.booking.status).toBe(quote.status);
    expect(after.balance.debt).toBe(quote.balance);
    await expect
      .poll(() => headerStatus(page).textContent())
      .toBe(`${text('bookingStatus.label')} ${text(`bookingStatus.${quote.status}`)}`);
    await screenshot(page, 'changed-date-detail-phone-es');
    await expectAccessible(page);
  });
});

describeInBrowser('changing a reservation on a desktop in English (issue 27)', () => {
  it("removes a passenger from a 4-adult booking at the group's new price, adds one back, and each change is e-mailed", async () => {
    const customer = await createCustomer('Hernan', 'Quispe');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '100401', { adults: 4 });
    await payWithSandboxCard(session.token, booking.code, booking.transactionId ?? '');
    // The group's price per adult for three and four, by the shared rules on the tour's prices.
    const tour = tourSchema.parse(await (await fetch(`${baseUrl}/api/tour/100401`)).json());
    const adultPrice = (adults: number) => {
      const result = quoteBooking(pricingCatalogFromTour(tour), {
        categoryId: tour.categories[0]?.value ?? '',
        typeId: tour.types[0]?.value ?? '',
        passengers: [{ customerTypeId: CustomerTypeId.adult, quantity: adults }],
        hotels: [],
        services: [],
      });
      if (!result.ok) throw new Error(result.error.code);
      return (result.quote.passengers[0]?.unitCents ?? 0) / 100;
    };
    const money = (value: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);
    const eachCell = (now: number, was: number) =>
      now === was ? money(now) : `${money(now)} (was ${money(was)})`;

    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, `/main/booking/detail/${booking.code}`);
    const registry = page.getByRole('list', { name: "Passengers' data" });
    await expect.poll(() => registry.getByRole('listitem').count()).toBe(4);

    // Remove passenger 4, from their card.
    const slot = (await detailOf(session.token, booking.code)).passangerRegistry.find(
      (item) => item.number === 4,
    );
    await registry.getByRole('button', { name: 'Remove passenger 4', exact: true }).click();
    const removal = page.getByRole('dialog', {
      name: `Remove passenger 4 from reservation ${booking.code}`,
    });
    await expect.poll(() => removal.getByTestId('change-total').isVisible()).toBe(true);
    const removeQuote = await quoteOf(session.token, booking.code, 'en', {
      kind: 'removePassenger',
      slotId: slot?.id ?? '',
      refundTo: 'card',
    });
    await expectPreviewOf(removal, removeQuote, 'en');
    // The group's new price: three adults at the three's price, the difference in the price line.
    const group = removal.getByRole('table', { name: "The group's new price (3 travellers)" });
    await expect.poll(() => group.isVisible()).toBe(true);
    expect(await group.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      'Adult',
      '3',
      eachCell(adultPrice(3), adultPrice(4)),
    ]);
    const priceLine = removeQuote.lines.find((line) => line.kind === 'price');
    expect(priceLine?.amount).toBe(3 * adultPrice(3) - 4 * adultPrice(4));
    await screenshot(page, 'change-remove-preview-desktop-en');
    await expectAccessible(page);
    const removeConfirm = removal.getByRole('button', {
      name: 'Yes, remove passenger 4',
      exact: true,
    });
    await expect.poll(() => removeConfirm.isEnabled()).toBe(true);
    await removeConfirm.click();
    await expectToast(page, `Reservation ${booking.code} is changed`, 'Reservation changed');
    await expect.poll(() => removal.count()).toBe(0);
    await expect.poll(() => registry.getByRole('listitem').count()).toBe(3);
    const removed = await readBooking(page, booking.code);
    expect(removed.passangerRegistry).toHaveLength(3);
    expect(removed.balance.purchases + removed.balance.additions - removed.balance.discounts).toBe(
      removeQuote.total,
    );

    // And one adult back.
    await page
      .getByRole('region', { name: 'Change this reservation' })
      .getByRole('button', { name: 'Add a passenger', exact: true })
      .click();
    const addition = page.getByRole('dialog', {
      name: `Add a passenger to reservation ${booking.code}`,
    });
    await addition.getByRole('radio', { name: /^Adult/ }).check();
    await expect.poll(() => addition.getByTestId('change-total').isVisible()).toBe(true);
    const addQuote = await quoteOf(session.token, booking.code, 'en', {
      kind: 'addPassenger',
      customerTypeId: CustomerTypeId.adult,
      refundTo: 'card',
    });
    await expectPreviewOf(addition, addQuote, 'en');
    const bigger = addition.getByRole('table', { name: "The group's new price (4 travellers)" });
    expect(await bigger.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      'Adult',
      '4',
      eachCell(adultPrice(4), adultPrice(3)),
    ]);
    // A new hold is said plainly when the change asks for one.
    expect(await addition.getByTestId('change-new-hold').count()).toBe(
      addQuote.status === 'pending_payment' && addQuote.balance > 0 ? 1 : 0,
    );
    await screenshot(page, 'change-add-preview-desktop-en');
    await expectAccessible(page);
    const addConfirm = addition.getByRole('button', {
      name: 'Add a passenger (Adult)',
      exact: true,
    });
    await expect.poll(() => addConfirm.isEnabled()).toBe(true);
    await addConfirm.click();
    await expectToast(page, `Reservation ${booking.code} is changed`, 'Reservation changed');
    await expect.poll(() => addition.count()).toBe(0);
    await expect.poll(() => registry.getByRole('listitem').count()).toBe(4);
    const added = await readBooking(page, booking.code);
    expect(added.passangerRegistry).toHaveLength(4);
    expect(added.booking.status).toBe(addQuote.status);
    expect(added.balance.debt).toBe(addQuote.balance);
    await screenshot(page, 'changed-passengers-detail-desktop-en');
    await expectAccessible(page);

    // Another type, looked at from the keyboard and left as it is: the preview, nothing changed.
    await page
      .getByRole('region', { name: 'Change this reservation' })
      .getByRole('button', { name: 'Change type or category', exact: true })
      .focus();
    await page.keyboard.press('Enter');
    const option = page.getByRole('dialog', {
      name: `Change the type or category of reservation ${booking.code}`,
    });
    const other = tour.types[1];
    await option.getByRole('radio', { name: other?.label ?? '', exact: true }).check();
    await expect
      .poll(
        async () =>
          (await option.getByTestId('change-total').count()) +
          (await option.getByRole('alert').count()),
      )
      .toBe(1);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => option.count()).toBe(0);
    const unchanged = await readBooking(page, booking.code);
    expect(unchanged.booking.type).toBe(added.booking.type);
    expect(unchanged.balance.debt).toBe(added.balance.debt);

    // Each change was e-mailed in the booking's language: the back office's mailbox has both.
    const admin = await openPage('desktop');
    await signInThroughApi(admin, demo.admin.email, demo.admin.password);
    await visit(admin, `/admin/mail?q=${encodeURIComponent(customer.email)}&kind=booking_changed`);
    const open = admin.getByRole('button', {
      name: adminText('en', 'mail.openNamed', { subject: `Booking ${booking.code} was changed` }),
    });
    await expect
      .poll(
        async () => {
          if ((await open.count()) < 2) await admin.reload();
          return open.count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(2);
  });
});
