import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  payWithSandboxCard,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import {
  describeInBrowser,
  downloadedBytes,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  type ViewportName,
  visit,
} from '../support/browser.ts';

useBrowser();

/** Saves what a click downloads and answers its name and bytes. */
async function downloadOf(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await downloadedBytes(download) };
}

// Each flow runs once, at the size its users meet it; see inTurn (support/browser.ts).
describeInBrowser.each(['phone'] as ViewportName[])('travel documents on %s', (viewport) => {
  it("downloads the voucher and the calendar file from a paid booking's detail", async () => {
    const customer = await createCustomer('Nadia', 'Ccori');
    const { token } = await signInApi(customer.email, customer.password);
    const booking = await createBooking(token, '200401', { adults: 1 });
    const page = await openPage(viewport);
    await signInThroughApi(page, customer.email, customer.password);

    // Unpaid: no travel documents yet.
    await visit(page, `/main/booking/detail/${booking.code}`);
    await expect.poll(() => page.getByTestId('booking-header').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Download the voucher (PDF)' }).count()).toBe(0);

    await payWithSandboxCard(token, booking.code, booking.transactionId ?? '');
    await page.reload();
    const documents = page.getByRole('region', { name: 'Travel documents' });
    await expect.poll(() => documents.isVisible()).toBe(true);
    await screenshot(page, `travel-documents-${viewport}`);
    await expectAccessible(page);

    const voucher = await downloadOf(page, () =>
      documents.getByRole('button', { name: 'Download the voucher (PDF)' }).click(),
    );
    expect(voucher.name).toBe(`voucher-${booking.code}.pdf`);
    const pdf = await PDFDocument.load(voucher.bytes);
    expect(pdf.getSubject()).toBe(booking.code);
    expect(pdf.getPageCount()).toBe(1);

    const calendar = await downloadOf(page, () =>
      documents.getByRole('button', { name: 'Add to my calendar (.ics)' }).click(),
    );
    expect(calendar.name).toBe(`${booking.code}.ics`);
    expect(calendar.bytes.toString('utf8')).toContain('BEGIN:VEVENT');
  });
});

describeInBrowser('password reset and the mailbox', () => {
  it('a customer asks for a link; the mailbox shows the message but never the link; a wrong link offers a new one', async () => {
    const customer = await createCustomer('Teo', 'Huallpa');
    const page = await openPage('desktop');
    await visit(page, '/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('E-mail').fill(customer.email);
    await dialog.getByRole('button', { name: 'Send me a link' }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toContain(`If an account has the address ${customer.email}`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The embedded transport kept the message: an administrator opens it in the mailbox, and
    // finds it without its link (whoever reads it could take the account over; issue 26).
    const admin = await openPage('desktop');
    await signInThroughApi(admin, demo.admin.email, demo.admin.password);
    await visit(admin, `/admin/mail?q=${encodeURIComponent(customer.email)}&kind=password_reset`);
    const open = admin.getByRole('button', { name: 'Open the message Reset your password' });
    await expect
      .poll(
        async () => {
          if ((await open.count()) === 0) await admin.reload();
          return open.count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(1);
    await screenshot(admin, 'admin-mail');
    await expectAccessible(admin);
    await open.click();
    const message = admin.getByRole('dialog', { name: 'Reset your password' });
    await expect
      .poll(() =>
        message.frameLocator('iframe').getByText('The link is not shown in this copy').isVisible(),
      )
      .toBe(true);
    expect(
      await message
        .frameLocator('iframe')
        .getByRole('link', { name: 'Choose a new password' })
        .count(),
    ).toBe(0);
    await message.getByRole('tab', { name: 'Plain text' }).click();
    const text = (await message.getByRole('tabpanel').textContent()) ?? '';
    expect(text).toContain('The link is not shown in this copy');
    expect(text).not.toMatch(/#\/reset\//);
    await screenshot(admin, 'admin-mail-message');
    await expectAccessible(admin);

    // A link that is not (or no longer) valid says so, and offers a new one. (Setting a new
    // password through a real link, read from a real SMTP server: password-reset.test.ts.)
    await visit(page, `/reset/${'x'.repeat(43)}`);
    await page.getByLabel(/^New password/).fill('Another-Pass-2027');
    await page.getByLabel(/^Repeat the new password/).fill('Another-Pass-2027');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not valid any more');
    expect(await page.getByRole('link', { name: 'Ask for a new link' }).isVisible()).toBe(true);
  });
});
