import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../apps/api/test/support/smtp.ts';
import { createCustomer } from '../support/api.ts';
import {
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  visit,
} from '../support/browser.ts';
import { ownProductDatabase, type RunningProduct, startProduct } from '../support/product.ts';

/**
 * "Forgot your password?" end to end, as a customer lives it: the link arrives by e-mail (a real
 * SMTP server in the test; the product configured with SMTP_URL, as in production, since the
 * local mailbox never keeps the link), is opened in the browser, sets a new password, and the
 * new password signs in while the old one no longer does.
 */
let smtp: TestSmtpServer;
let product: RunningProduct;

describeInBrowser('password reset by e-mail', () => {
  useBrowser();
  beforeAll(async () => {
    smtp = await startSmtpServer();
    product = await startProduct(
      {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Cusco Treks <bookings@example.com>',
        MAIL_INTERVAL_SECONDS: '1',
        SEED_DEMO_DATA: 'false',
        PAYMENT_GATEWAY: 'sandbox',
      },
      ownProductDatabase,
    );
  });
  afterAll(async () => {
    await product?.stop();
    await smtp?.stop();
  });

  it('sends a link that sets a new password once, in the language of the page', async () => {
    const customer = await createCustomer('Killa', 'Apaza', product.baseUrl);
    const page = await openPage('phone', 'es', product.baseUrl);
    await visit(page, '/login');
    await page.getByRole('button', { name: '¿Olvidó su contraseña?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Correo electrónico').fill(customer.email);
    await dialog.getByRole('button', { name: 'Enviarme un enlace' }).click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toContain(customer.email);

    // The message reaches the customer's inbox (after the welcome), in Spanish, with the link.
    const inbox = (subject: string) =>
      smtp.to(customer.email).filter((message) => message.mail.subject === subject);
    await expect
      .poll(() => inbox('Restablezca su contraseña').length, { timeout: 20_000, interval: 250 })
      .toBe(1);
    const [mail] = inbox('Restablezca su contraseña');
    const link = /https?:\/\/[^\s"<>]+#\/reset\/[A-Za-z0-9_-]+/.exec(mail?.mail.text ?? '')?.[0];
    expect(link?.startsWith(`${product.baseUrl}/#/reset/`)).toBe(true);

    await page.goto(link ?? '');
    await page.getByLabel(/^Nueva contraseña/).fill('Inti-Raymi-Trail-2027');
    await page.getByLabel(/^Repita la nueva contraseña/).fill('Inti-Raymi-Trail-2027');
    await expectAccessible(page);
    await screenshot(page, 'password-reset-phone');
    await page.getByRole('button', { name: 'Guardar la nueva contraseña' }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/#\/login/);

    // The new password signs in; the old one, and the link a second time, do not.
    const signIn = (password: string) =>
      fetch(`${product.baseUrl}/api/authentication/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: customer.email, password }),
      });
    expect((await signIn('Inti-Raymi-Trail-2027')).status).toBe(200);
    expect((await signIn(customer.password)).status).toBe(401);
    const token = link?.split('#/reset/')[1] ?? '';
    const again = await fetch(`${product.baseUrl}/api/authentication/password/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token,
        password: 'Another-Trail-2028',
        confirm: 'Another-Trail-2028',
      }),
    });
    expect(again.status).toBe(422);
    // And "your password was changed" follows in the inbox.
    await expect
      .poll(() => inbox('Su contraseña fue cambiada').length, { timeout: 20_000, interval: 250 })
      .toBe(1);
  });
});
