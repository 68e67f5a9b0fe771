import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { todayInLima } from '@cusco/shared';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  registerFirstPassenger,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import { expectToast } from '../support/booking.ts';
import {
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  visit,
} from '../support/browser.ts';
import { adminText, webText } from '../support/catalog.ts';
import { passportPng } from '../support/files.ts';
import { type RunningProduct, startProduct } from '../support/product.ts';

useBrowser();

const money = (amount: number, language: 'en' | 'es') =>
  new Intl.NumberFormat(language === 'es' ? 'es-PE' : 'en-US', {
    style: 'currency',
    currency: 'USD',
  }).format(amount);

/**
 * The product of this file, on its own data folder: its passenger is locked as buying a permit
 * in their name does, written in the database while the product is stopped (the purchases'
 * routes are another module's), then the product starts again on the same folder.
 */
let product: RunningProduct | undefined;
let dataDir = '';
let booking: { code: string };
let customer: { email: string; password: string };

/** Marks the booking's first passenger's Inca Trail permit bought (reference OLD-4471). */
async function lockFirstPassenger(code: string) {
  const db = await PGlite.create({ dataDir });
  try {
    const { rows } = await db.query<{ slot: string; tour: string; date: string; agent: string }>(
      `select s.id as slot, b.tour_id as tour, b.travel_date::text as date,
              (select id from users where email = $2) as agent
         from bookings b join passenger_slots s on s.booking_id = b.id
        where b.code = $1 and s.position = 1`,
      [code, demo.agent.email],
    );
    const row = rows[0];
    if (!row) throw new Error(`no booking ${code}`);
    const item = await db.query<{ id: string }>(
      `insert into tour_purchase_items (tour_id, kind, buy_days_before) values ($1, 'permit', 45)
       returning id`,
      [row.tour],
    );
    await db.query(
      `insert into person_purchases
         (tour_id, date, item_id, passenger_slot_id, reference, bought_on, person, recorded_by)
       values ($1, $2, $3, $4, 'OLD-4471', $5, $6, $7)`,
      [
        row.tour,
        row.date,
        item.rows[0]?.id,
        row.slot,
        todayInLima(),
        JSON.stringify({ firstName: 'Julia', lastName: 'Ccori', documentNumber: 'PE4471902' }),
        row.agent,
      ],
    );
  } finally {
    await db.close();
  }
}

describeInBrowser('a document change after the lock (issue 29)', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cusco-e2e-docchange-'));
    const settings = { DATA_DIR: dataDir, RATE_LIMIT_SCALE: '5' };
    const first = await startProduct(settings);
    try {
      customer = await createCustomer('Julia', 'Ccori', first.baseUrl);
      const session = await signInApi(customer.email, customer.password, first.baseUrl);
      booking = await createBooking(
        session.token,
        '100401',
        { adults: 1 },
        undefined,
        first.baseUrl,
      );
      await registerFirstPassenger(session.token, booking.code, first.baseUrl);
    } finally {
      await first.stop();
    }
    await lockFirstPassenger(booking.code);
    product = await startProduct(settings);
  });
  afterAll(async () => {
    await product?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a customer asks for a passport change on a phone in Spanish with two scans; an agent confirms it with the new permit and the booking owes 115 USD more', async () => {
    const server = product?.baseUrl ?? '';
    const w = (key: string, values?: Record<string, string | number>) => webText('es', key, values);
    const fee = money(115, 'es');

    // The customer, on a phone, in Spanish.
    const phone = await openPage('phone', 'es', server);
    await visit(phone, '/login');
    await signInThroughApi(phone, customer.email, customer.password, server);
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
    const debtBefore = await owed(server, booking.code);

    // An agent confirms it with the new permit's reference, told the fee it adds.
    const a = (key: string, values?: Record<string, string | number>) =>
      adminText('en', key, values);
    const desk = await openPage('desktop', 'en', server);
    await visit(desk, '/login');
    await signInThroughApi(desk, demo.agent.email, demo.agent.password, server);
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
async function owed(server: string, code: string): Promise<number> {
  const session = await signInApi(customer.email, customer.password, server);
  const response = await fetch(`${server}/api/tour/booking/${code}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const detail = (await response.json()) as { balance: { debt: number } };
  return detail.balance.debt;
}
