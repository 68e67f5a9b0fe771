import { randomUUID } from 'node:crypto';
import {
  adminBookingDetail,
  CustomerTypeId,
  pricingCatalogFromTour,
  quoteBooking,
  tour as tourSchema,
} from '@cusco/shared';
import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  nextTravelDate,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import { expectToast } from '../support/booking.ts';
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
import { fillPassenger } from '../support/passenger-form.ts';

useBrowser();

const t = (key: string, values?: Record<string, string | number>) => adminText('en', key, values);
const money = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

/** The back office's detail of a booking, read through the API with a staff token. */
async function staffDetail(token: string, code: string) {
  const response = await fetch(`${baseUrl}/api/admin/bookings/${code}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return adminBookingDetail.parse(await response.json());
}

/** The classic trail in English, and the price of one adult on its first type and category. */
async function classicTrail() {
  const tour = tourSchema.parse(
    await (
      await fetch(`${baseUrl}/api/tour/100401`, { headers: { 'accept-language': 'en' } })
    ).json(),
  );
  const result = quoteBooking(pricingCatalogFromTour(tour), {
    categoryId: tour.categories[0]?.value ?? '',
    typeId: tour.types[0]?.value ?? '',
    passengers: [{ customerTypeId: CustomerTypeId.adult, quantity: 1 }],
    hotels: [],
    services: [],
  });
  if (!result.ok) throw new Error(result.error.code);
  return { tour, oneAdult: result.quote.totalCents / 100 };
}

describeInBrowser('the front desk (issue 28)', () => {
  it('an agent books for a walk-in customer and takes cash at the desk', async () => {
    const { tour, oneAdult } = await classicTrail();
    const agent = await signInApi(demo.agent.email, demo.agent.password);
    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.agent.email, demo.agent.password);
    await visit(page, '/admin/bookings');
    await page.getByRole('link', { name: t('desk.open') }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: t('desk.title') }).isVisible())
      .toBe(true);
    await expectAccessible(page);

    // The walk-in customer: a guest account made at the desk.
    await page.getByRole('button', { name: t('desk.newCustomer') }).click();
    const email = `walkin.${randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel(t('desk.name')).fill('Wilber');
    await page.getByLabel(t('desk.lastName')).fill('Choque');
    await page.getByRole('textbox', { name: t('desk.email'), exact: true }).fill(email);
    await page.getByLabel(t('desk.phone')).fill('+51 984 555 123');
    await page.getByLabel('English', { exact: true }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: t('desk.addCustomer') }).click();
    await expect.poll(() => page.getByTestId('desk-customer').textContent()).toBe('Wilber Choque');

    // The trip, priced by the shared rules before it is saved.
    await page.getByRole('combobox', { name: t('desk.tour') }).click();
    await page.getByRole('option', { name: new RegExp(`\\(${tour.code}\\)`) }).click();
    await page.getByLabel(t('desk.date')).fill(nextTravelDate());
    await expect.poll(() => page.getByTestId('desk-total').textContent()).toBe(money(oneAdult));
    await expectAccessible(page);
    await screenshot(page, 'admin-desk-trip-desktop-en');
    await page.getByRole('button', { name: t('desk.book') }).click();

    const booked = page.getByRole('heading', { name: /^Booking .+ saved$/ });
    await expect.poll(() => booked.isVisible()).toBe(true);
    const code = /^Booking (.+) saved$/.exec((await booked.textContent()) ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
    await expect.poll(() => page.getByTestId('desk-debt').textContent()).toBe(money(oneAdult));
    await expectAccessible(page);

    // Cash at the desk, through the back office's payment dialog.
    await page.getByRole('button', { name: t('desk.takePayment') }).click();
    const dialog = page.getByRole('dialog', { name: t('money.paymentTitle', { code }) });
    await dialog.getByRole('button', { name: t('money.review') }).click();
    await dialog.getByRole('button', { name: t('money.confirm') }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByTestId('desk-debt').textContent()).toBe(money(0));
    await expect.poll(() => page.getByText(t('desk.paymentTaken')).isVisible()).toBe(true);
    await expectAccessible(page);

    // The booking is the customer's, paid in cash.
    const detail = await staffDetail(agent.token, code);
    expect(detail.customer).toMatchObject({ name: 'Wilber Choque', email });
    expect(detail.booking.balance).toMatchObject({ payments: oneAdult, debt: 0 });
    expect(detail.audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['booking.create', 'booking.payment']),
    );
  });

  it('an agent moves a booking to another date and adds a passenger, each priced before confirming, then cancels it', async () => {
    const { tour } = await classicTrail();
    const customer = await createCustomer('Nilda', 'Quispe');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, tour.code, { adults: 1 });
    const agent = await signInApi(demo.agent.email, demo.agent.password);

    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.agent.email, demo.agent.password);
    await visit(page, `/admin/bookings/${booking.code}`);
    const area = page.getByRole('region', { name: t('desk.change.title') });
    await expect.poll(() => area.isVisible()).toBe(true);
    await expectAccessible(page);

    // Another date: the price difference is shown before anything changes.
    const newDate = nextTravelDate();
    await area.getByRole('button', { name: t('desk.change.date') }).click();
    let dialog = page.getByRole('dialog', {
      name: t('desk.change.dateTitle', { code: booking.code }),
    });
    await dialog.getByLabel(t('desk.change.newDate')).fill(newDate);
    await dialog.getByRole('button', { name: t('desk.change.preview') }).click();
    const difference = dialog.getByTestId('change-difference');
    await expect.poll(() => difference.isVisible()).toBe(true);
    expect(await difference.textContent()).toMatch(/\$/);
    await expectAccessible(page);
    expect((await staffDetail(agent.token, booking.code)).booking.booking.tripDate).not.toBe(
      newDate,
    );
    await dialog.getByRole('button', { name: t('desk.change.confirm') }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(async () => (await staffDetail(agent.token, booking.code)).booking.booking.tripDate)
      .toBe(newDate);

    // A second adult: the preview's new total is what the booking then costs.
    await area.getByRole('button', { name: t('desk.change.addPassenger') }).click();
    dialog = page.getByRole('dialog', {
      name: t('desk.change.addPassengerTitle', { code: booking.code }),
    });
    await dialog.getByLabel(t('desk.change.passengerType')).click();
    const adult = tour.customerTypes.find((type) => type.value === CustomerTypeId.adult);
    await page.getByRole('option', { name: adult?.label ?? '', exact: true }).click();
    await dialog.getByRole('button', { name: t('desk.change.preview') }).click();
    await expect.poll(() => dialog.getByTestId('change-difference').isVisible()).toBe(true);
    expect(await dialog.getByTestId('change-difference').textContent()).toMatch(/^\+\$/);
    const newTotal = (await dialog.getByTestId('change-total').textContent()) ?? '';
    await expectAccessible(page);
    await screenshot(page, 'admin-change-preview-desktop-en');
    await dialog.getByRole('button', { name: t('desk.change.confirm') }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(
        async () => (await staffDetail(agent.token, booking.code)).booking.passangerRegistry.length,
      )
      .toBe(2);
    const after = (await staffDetail(agent.token, booking.code)).booking.balance;
    expect(money(after.purchases + after.additions - after.discounts)).toBe(newTotal);

    // Cancelling is in the same area.
    await area.getByRole('button', { name: t('cancelBooking.open') }).click();
    dialog = page.getByRole('dialog', { name: t('cancelBooking.title', { code: booking.code }) });
    await dialog.getByRole('button', { name: t('cancelBooking.preview') }).click();
    await dialog.getByRole('button', { name: t('cancelBooking.confirm') }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => page.getByTestId('booking-life-status').textContent())
      .toBe(t('lifeStatus.cancelled_by_customer'));
    // A cancelled booking offers no change any more.
    await expect.poll(() => area.count()).toBe(0);
    await expectAccessible(page);
  });

  it("an agent fills in a passenger's details and edits them; the customer sees them", async () => {
    const customer = await createCustomer('Rosa', 'Huaman');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '100401', { adults: 1 });
    const agent = await signInApi(demo.agent.email, demo.agent.password);
    /** The booking's first passenger, as its customer reads it. */
    const customerSees = async () => {
      const response = await fetch(`${baseUrl}/api/tour/booking/${booking.code}`, {
        headers: { authorization: `Bearer ${session.token}`, 'accept-language': 'en' },
      });
      expect(response.status).toBe(200);
      const detail = (await response.json()) as {
        passangerRegistry: { name: string; percentage: number }[];
      };
      return detail.passangerRegistry[0];
    };
    expect((await customerSees())?.percentage).toBe(0);

    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.agent.email, demo.agent.password);
    await visit(page, `/admin/bookings/${booking.code}`);
    const add = page.getByRole('button', {
      name: t('deskPassenger.addOf', { label: t('deskPassenger.add'), number: 1 }),
    });
    await expect.poll(() => add.isVisible()).toBe(true);
    await add.click();
    let dialog = page.getByRole('dialog', { name: /^Passenger 1 .*add details$/ });
    await expect.poll(() => dialog.getByLabel('First name').isVisible()).toBe(true);
    // The customer's own checks, and no scan at the desk (said so).
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toContain('Please Complete All Fields');
    expect(await dialog.getByText(t('deskPassenger.noScan')).isVisible()).toBe(true);
    expect(await dialog.locator('input[type=file]').count()).toBe(0);
    await fillPassenger(page, dialog, { first: 'Rosa', last: 'Huaman', birth: '12/03/1990' });
    await expectAccessible(page);
    await screenshot(page, 'admin-passenger-form-desktop-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, t('deskPassenger.savedText'), t('deskPassenger.savedTitle'));
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => page.getByRole('cell', { name: 'Rosa Huaman', exact: true }).isVisible())
      .toBe(true);

    // The customer sees the passenger the desk registered.
    const seen = await customerSees();
    expect(seen?.name).toBe('Rosa Huaman');
    expect(seen?.percentage).toBeGreaterThan(0);

    // Editing opens the same form, prefilled from the saved record.
    await page
      .getByRole('button', {
        name: t('deskPassenger.editOf', { label: t('deskPassenger.edit'), number: 1 }),
      })
      .click();
    dialog = page.getByRole('dialog', { name: /^Passenger 1 .*edit details$/ });
    await expect.poll(() => dialog.getByLabel('First name').inputValue()).toBe('Rosa');
    await dialog.getByLabel('Last name').fill('Huamán Quispe');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(async () => (await customerSees())?.name).toBe('Rosa Huamán Quispe');
    const audit = (await staffDetail(agent.token, booking.code)).audit.map((entry) => entry.action);
    expect(audit).toEqual(expect.arrayContaining(['passenger.create', 'passenger.update']));
  });

  it('the new booking screen is usable on a phone', async () => {
    const page = await openPage('phone', 'es');
    await signInThroughApi(page, demo.agent.email, demo.agent.password);
    await visit(page, '/admin/bookings/new');
    const es = (key: string) => adminText('es', key);
    await expect
      .poll(() => page.getByRole('heading', { name: es('desk.title') }).isVisible())
      .toBe(true);
    await page.getByLabel(es('desk.searchCustomer')).fill('traveller@');
    await expect
      .poll(() =>
        page
          .getByRole('button', {
            name: adminText('es', 'desk.chooseNamed', { name: demo.customer.name }),
          })
          .isVisible(),
      )
      .toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'admin-desk-search-phone-es');
  });
});
