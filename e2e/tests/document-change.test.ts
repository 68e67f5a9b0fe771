import { copyFileSync } from 'node:fs';
import path from 'node:path';
import type { DeparturePurchases } from '@cusco/shared';
import { beforeAll, expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  nextTravelDate,
  registerFirstPassenger,
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
import { adminText, webText } from '../support/catalog.ts';
import { passportPng } from '../support/files.ts';

useBrowser();

const money = (amount: number, language: 'en' | 'es') =>
  new Intl.NumberFormat(language === 'es' ? 'es-PE' : 'en-US', {
    style: 'currency',
    currency: 'USD',
  }).format(amount);

const TOUR = '100401';
let booking: { code: string };
let customer: { email: string; password: string };

/**
 * Marks the booking's first passenger's Inca Trail permit bought (reference OLD-4471) as an agent
 * does on the departure's purchases (POST admin/departures/{tour}/{date}/purchases), which locks
 * the passenger's names, nationality, birth date and document.
 */
async function lockFirstPassenger(code: string, date: string) {
  const agent = await signInApi(demo.agent.email, demo.agent.password);
  const url = `${baseUrl}/api/admin/departures/${TOUR}/${date}/purchases`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${agent.token}` };
  const departure = (await (await fetch(url, { headers })).json()) as DeparturePurchases;
  const permit = departure.items.find((item) => item.kind === 'permit');
  const julia = departure.people.find(
    (person) => person.bookingCode === code && person.position === 1,
  );
  expect(permit, 'the Inca Trail needs a permit bought').toBeDefined();
  expect(julia?.missing, 'her data is complete for a permit').toEqual([]);
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      item: permit?.id,
      people: [{ passengerSlotId: julia?.passengerSlotId }],
      reference: 'OLD-4471',
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

describeInBrowser('a document change after the lock (issue 29)', () => {
  beforeAll(async () => {
    customer = await createCustomer('Julia', 'Ccori');
    const session = await signInApi(customer.email, customer.password);
    const date = nextTravelDate();
    booking = await createBooking(session.token, TOUR, { adults: 1 }, date);
    await registerFirstPassenger(session.token, booking.code);
    await lockFirstPassenger(booking.code, date);
  });

  it('a customer asks for a passport change on a phone in Spanish with two scans; an agent confirms it with the new permit and the booking owes 115 USD more', async () => {
    const w = (key: string, values?: Record<string, string | number>) => webText('es', key, values);
    const fee = money(115, 'es');

    // The customer, on a phone, in Spanish.
    const phone = await openPage('phone', 'es');
    await signInThroughApi(phone, customer.email, customer.password);
    await visit(phone, `/main/booking/detail/${booking.code}`);
    const card = phone.getByTestId('passenger-1');
    await card.getByRole('button', { name: w('docChange.ask') }).click();
    const dialog = phone.getByRole('dialog', { name: w('docChange.title', { number: 1 }) });
    await expect.poll(() => dialog.getByTestId('doc-change-terms').textContent()).toContain(fee);
    await dialog.getByLabel(w('docChange.fields.documentNumber')).fill('X9876543');
    const oldScan = passportPng();
    const newScan = path.join(path.dirname(oldScan), 'new-passport.png');
    copyFileSync(oldScan, newScan);
    await dialog.locator('input[type=file][name=oldDocument]').setInputFiles(oldScan);
    await dialog.locator('input[type=file][name=newDocument]').setInputFiles(newScan);
    await expect.poll(() => dialog.getByTestId('doc-change-preview').count()).toBe(2);
    await screenshot(phone, 'document-change-phone-es');
    await expectAccessible(phone);

    await dialog.getByRole('button', { name: w('docChange.review') }).click();
    await expect
      .poll(() => dialog.getByTestId('doc-change-review-documentNumber').textContent())
      .toBe(
        w('docChange.reviewLine', {
          field: w('docChange.fields.documentNumber'),
          before: 'PE4471902',
          after: 'X9876543',
        }),
      );
    await expect.poll(() => dialog.getByTestId('doc-change-fee').textContent()).toContain(fee);
    await dialog.getByRole('button', { name: w('docChange.send') }).click();
    await expectToast(phone, w('docChange.sentText', { fee }), w('docChange.sentTitle'));
    await expect
      .poll(() => card.getByTestId('doc-change-status').textContent())
      .toContain(w('docChange.status.requested'));
    const debtBefore = await owed(booking.code);

    // An agent confirms it with the new permit's reference, told the fee it adds.
    const a = (key: string, values?: Record<string, string | number>) =>
      adminText('en', key, values);
    const desk = await openPage('desktop', 'en');
    await signInThroughApi(desk, demo.agent.email, demo.agent.password);
    await desk.getByRole('link', { name: webText('en', 'nav.adminDocumentChanges') }).click();
    await desk
      .getByRole('button', {
        name: a('docChange.reviewFor', { name: 'Julia Ccori', code: booking.code }),
      })
      .click();
    const review = desk.getByRole('dialog', {
      name: a('docChange.modalTitle', { code: booking.code }),
    });
    await expect
      .poll(() => review.getByTestId('doc-change-row-documentNumber').textContent())
      .toContain('X9876543');
    await review
      .getByRole('button', { name: a('docChange.see', { side: a('docChange.newScan') }) })
      .click();
    await expect.poll(() => review.getByTestId('doc-change-scan-new').isVisible()).toBe(true);
    await screenshot(desk, 'document-change-review-desktop');
    await expectAccessible(desk);

    await review.getByRole('button', { name: a('docChange.confirm') }).click();
    await expect
      .poll(() =>
        review
          .getByText(a('docChange.confirmText', { fee: money(115, 'en'), code: booking.code }))
          .isVisible(),
      )
      .toBe(true);
    await review.getByLabel(a('docChange.reference')).fill('NEW-2027-0042');
    await review
      .getByRole('button', { name: a('docChange.confirmSubmit', { fee: money(115, 'en') }) })
      .click();
    await expect
      .poll(() =>
        desk
          .getByText(a('docChange.confirmedToast', { fee: money(115, 'en'), code: booking.code }))
          .isVisible(),
      )
      .toBe(true);

    // The booking owes 115 USD more, and the customer sees the change done.
    await visit(desk, `/admin/bookings/${booking.code}`);
    await expect
      .poll(() => desk.getByTestId('admin-debt').textContent())
      .toBe(money(debtBefore + 115, 'en'));
    await phone.reload();
    await expect
      .poll(() => card.getByTestId('doc-change-status').textContent())
      .toContain(w('docChange.status.confirmed'));
  });
});

/** What the booking owes, as its customer's detail says (US dollars). */
async function owed(code: string): Promise<number> {
  const session = await signInApi(customer.email, customer.password);
  const response = await fetch(`${baseUrl}/api/tour/booking/${code}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const detail = (await response.json()) as { balance: { debt: number } };
  return detail.balance.debt;
}
