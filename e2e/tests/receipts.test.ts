import { rucCheckDigit, todayInLima } from '@cusco/shared';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  payWithSandboxCard,
  registerFirstPassenger,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import { setPassengers } from '../support/booking.ts';
import {
  baseUrl,
  describeInBrowser,
  downloadedBytes,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  visit,
} from '../support/browser.ts';
import { adminText, webText } from '../support/catalog.ts';

useBrowser();

/**
 * SUNAT's receipts in the browser (issue 30): a customer asks for a factura with a RUC on the
 * booking page, pays, and gets it by e-mail and in the portal; staff find, download and export
 * receipts in the back office.
 */

const en = (key: string, values?: Record<string, string | number>) => webText('en', key, values);
const admin = (key: string, values?: Record<string, string | number>) =>
  adminText('en', key, values);

const rucBase = '2045678901';
const ruc = `${rucBase}${rucCheckDigit(rucBase)}`;

async function getJson(path: string, token: string) {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });
  expect(response.status, path).toBe(200);
  return response.json();
}

/** Pays in the sandbox checkout framed in the page. */
async function payWithCard(page: Page) {
  const checkout = page.frameLocator('iframe[title="Card payment page"]');
  await checkout.getByLabel('Card number').fill('4111 1111 1111 1111');
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/30');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: /^Pay / }).click();
}

/** Saves what a click downloads and answers its name and bytes. */
async function downloadOf(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await downloadedBytes(download) };
}

/** The booking's receipts, as its owner reads them, once there is one. */
async function receiptsOf(token: string, code: string) {
  let answer: { receipts: { code: string; type: string; pdfUrl: string }[] } = { receipts: [] };
  await expect
    .poll(
      async () => {
        answer = await getJson(`tour/booking/${code}/receipts`, token);
        return answer.receipts.length;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBeGreaterThan(0);
  return answer.receipts;
}

describeInBrowser('receipts (issue 30)', () => {
  it('a customer asks for a factura with a RUC, pays, and gets it by e-mail and in the portal', async () => {
    const customer = await createCustomer('Marco', 'Huillca');
    const page = await openPage('desktop', 'en');
    const session = await signInThroughApi(page, customer.email, customer.password);
    await visit(page, '/booking/200401');
    await setPassengers(page, 'Adult', '1');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();

    // The factura: a wrong check digit is refused by its field before anything is saved.
    await page.getByRole('checkbox', { name: en('receipts.booking.want') }).check();
    const rucField = page.getByRole('textbox', { name: /^RUC/ });
    await rucField.fill(`${rucBase}${(rucCheckDigit(rucBase) + 1) % 10}`);
    await page.getByLabel(en('receipts.invoice.legalName')).fill('Andes Cargo S.A.C.');
    await page.getByLabel(en('receipts.invoice.fiscalAddress')).fill('Av. El Sol 320, Cusco');
    await page.getByRole('button', { name: /^Reserve and pay \$/ }).click();
    await expect
      .poll(() =>
        page
          .getByText(/Enter a valid RUC/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(
      await page.frameLocator('iframe[title="Card payment page"]').locator('body').count(),
    ).toBe(0);
    await rucField.fill(ruc);
    await expectAccessible(page);
    await screenshot(page, 'booking-factura-desktop');
    await page.getByRole('button', { name: /^Reserve and pay \$/ }).click();
    await expect
      .poll(() =>
        page
          .frameLocator('iframe[title="Card payment page"]')
          .getByText('Pay your reservation')
          .isVisible(),
      )
      .toBe(true);
    const code =
      /(CT-[A-Z0-9]{6})/.exec(
        (await page.getByRole('status').filter({ hasText: 'is saved' }).textContent()) ?? '',
      )?.[1] ?? '';
    expect(code).not.toBe('');
    await payWithCard(page);
    await expect.poll(() => page.url()).toContain(`#/main/booking/detail/${code}`);

    // The receipt is a factura in the company's name.
    const [factura] = await receiptsOf(session.token, code);
    expect(factura?.type).toBe('factura');
    expect(factura?.code).toMatch(/^F001-\d{8}$/);

    // The portal lists it, with its PDF.
    const card = page.getByLabel(`${en('receipts.types.factura')} ${factura?.code}`);
    await expect.poll(() => card.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await card.textContent()).toContain('Andes Cargo S.A.C.');
    const pdf = await downloadOf(page, () =>
      card
        .getByRole('button', { name: en('receipts.downloadPdfOf', { code: factura?.code ?? '' }) })
        .click(),
    );
    expect(pdf.name).toBe(`${factura?.code}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The factura's details stand for the next payments.
    const invoicePanel = page.getByRole('region', { name: en('receipts.invoice.title') });
    expect(await invoicePanel.getByText(en('receipts.invoice.rucValue', { ruc })).isVisible()).toBe(
      true,
    );
    await expectAccessible(page);
    await screenshot(page, 'portal-receipts-desktop');

    // The e-mail: the mailbox (the embedded transport) holds a message to the customer with the
    // factura's PDF attached.
    const staff = await signInApi(demo.admin.email, demo.admin.password);
    await expect
      .poll(
        async () => {
          const list = (await getJson(
            `admin/mail?q=${encodeURIComponent(customer.email)}&pageSize=50`,
            staff.token,
          )) as { id: string; kept: boolean }[];
          const files: string[] = [];
          for (const item of list.filter((message) => message.kept)) {
            const message = (await getJson(`admin/mail/${item.id}`, staff.token)) as {
              attachments: { filename: string; contentType: string }[];
            };
            files.push(...message.attachments.map((file) => file.filename));
          }
          // Its name: the receipt's code, or SUNAT's file name (RUC-01-F001-3).
          const number = Number(factura?.code.split('-')[1]);
          return files.some((name) => new RegExp(`F001-0*${number}\\.pdf$`, 'i').test(name));
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
  });

  it('staff find a receipt by its booking, download its PDF, and export the month as CSV', async () => {
    const customer = await createCustomer('Nilda', 'Condori');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '200401', { adults: 1 });
    // A resident traveller (Peru): the boleta is issued at 18 % at once, with no passport to wait for.
    await registerFirstPassenger(session.token, booking.code);
    await payWithSandboxCard(session.token, booking.code, booking.transactionId ?? '');
    const [boleta] = await receiptsOf(session.token, booking.code);
    expect(boleta?.type).toBe('boleta');
    const receiptCode = boleta?.code ?? '';
    expect(receiptCode).toMatch(/^B001-\d{8}$/);

    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.agent.email, demo.agent.password);
    await page.getByRole('link', { name: en('receipts.nav') }).click();
    await expect
      .poll(() =>
        page.getByRole('heading', { name: admin('receipts.title'), level: 1 }).isVisible(),
      )
      .toBe(true);

    // Filters: today's receipts, boletas, the booking's code.
    const today = todayInLima();
    await page.getByLabel(admin('from'), { exact: true }).fill(today);
    await page.getByLabel(admin('to'), { exact: true }).fill(today);
    await page.getByRole('combobox', { name: admin('receipts.type'), exact: true }).click();
    await page.getByRole('option', { name: admin('receipts.types.boleta') }).click();
    await page.getByRole('searchbox', { name: admin('receipts.search') }).fill(booking.code);
    await expect.poll(() => page.url()).toContain(`q=${booking.code}`);
    const row = page.getByRole('row').filter({ hasText: receiptCode });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    // The boleta names the traveller whose document is on file (the account holder gave none).
    expect(await row.textContent()).toContain('Julia Ccori');
    expect(page.url()).toContain('type=boleta');
    await expectAccessible(page);
    await screenshot(page, 'admin-receipts-desktop');

    const pdf = await downloadOf(page, () =>
      row.getByRole('button', { name: admin('receipts.pdfOf', { code: receiptCode }) }).click(),
    );
    expect(pdf.name).toBe(`${receiptCode}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The month's sales register holds it.
    const month = today.slice(0, 7);
    const monthField = page.getByLabel(admin('receipts.month'));
    expect(await monthField.inputValue()).toBe(month);
    const csv = await downloadOf(page, () =>
      page.getByRole('button', { name: admin('receipts.exportCsv') }).click(),
    );
    expect(csv.name).toBe(`registro-de-ventas-${month}.csv`);
    // One line per document: its series and its number (eight digits) in their columns.
    const [series, number] = receiptCode.split('-');
    const lines = csv.bytes.toString('utf8').split(/\r?\n/);
    expect(lines.some((line) => line.includes(series ?? '-') && line.includes(number ?? '-'))).toBe(
      true,
    );

    // On a phone, the same screen.
    const phone = await openPage('phone', 'es');
    await signInThroughApi(phone, demo.agent.email, demo.agent.password);
    await visit(phone, `/admin/receipts?q=${booking.code}`);
    await expect
      .poll(() => phone.getByRole('row').filter({ hasText: receiptCode }).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    await expectAccessible(phone);
    await screenshot(phone, 'admin-receipts-phone-es');
  });
});
