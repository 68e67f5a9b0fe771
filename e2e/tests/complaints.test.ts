import { expect, it } from 'vitest';
import { demo, signInThroughApi } from '../support/api.ts';
import {
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  visit,
} from '../support/browser.ts';
import { adminText, webText } from '../support/catalog.ts';

useBrowser();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describeInBrowser('the complaints book on a phone in Spanish (issue 30)', () => {
  const text = (key: string, values?: Record<string, string | number>) =>
    webText('es', key, values);
  const admin = (key: string, values?: Record<string, string | number>) =>
    adminText('es', key, values);
  const field = (page: import('playwright-core').Page, key: string) =>
    page.getByLabel(new RegExp(`^${escapeRegExp(text(key))}`));

  it('is filed from the footer link of the sign-in page, reaches the staff queue, and is answered there', async () => {
    const page = await openPage('phone', 'es');
    await visit(page, '/login');
    await page.getByRole('link', { name: text('footer.complaintsBook') }).click();
    await expect
      .poll(() =>
        page.getByRole('heading', { level: 1, name: text('complaints.title') }).isVisible(),
      )
      .toBe(true);

    // Sent empty: the fields say what is missing, beside themselves.
    await page.getByRole('button', { name: text('complaints.send') }).click();
    await expect
      .poll(() => field(page, 'complaints.name').getAttribute('aria-invalid'))
      .toBe('true');
    await expect
      .poll(() =>
        // packages/shared/src/locales/es.json: complaintDetailRequired.
        page.getByText('Describa lo ocurrido').isVisible(),
      )
      .toBe(true);
    await expectAccessible(page);

    await field(page, 'complaints.name').fill('Lucía Condori Apaza');
    await field(page, 'complaints.documentType').selectOption('DNI');
    await field(page, 'complaints.documentNumber').fill('41234567');
    await field(page, 'complaints.address').fill('Calle Plateros 345, Cusco');
    await field(page, 'complaints.phone').fill('+51 984 555 666');
    await field(page, 'complaints.email').fill('lucia.condori@example.com');
    await field(page, 'complaints.service').fill('Tour Valle Sagrado');
    await field(page, 'complaints.amount').fill('180,50');
    await page.getByRole('radio', { name: text('complaints.kindComplaint'), exact: true }).check();
    await field(page, 'complaints.detail').fill('El bus llegó dos horas tarde al hotel.');
    await field(page, 'complaints.request').fill('Que me devuelvan la mitad del precio.');
    await page.getByRole('checkbox', { name: text('complaints.accept') }).check();
    await page.getByRole('button', { name: text('complaints.send') }).click();

    const filedHeading = page.getByRole('heading', {
      name: new RegExp(
        `^${escapeRegExp(text('complaints.filedTitle', { number: 'NUMBER' })).replace('NUMBER', '\\d{4}-\\d{6}')}$`,
      ),
    });
    await expect.poll(() => filedHeading.isVisible()).toBe(true);
    const number = /\d{4}-\d{6}/.exec((await filedHeading.textContent()) ?? '')?.[0] ?? '';
    expect(number).not.toBe('');
    await expectAccessible(page);
    await screenshot(page, 'complaints-filed-phone-es');

    // Staff find it in the queue through the menu, open it and answer it.
    const desk = await openPage('phone', 'es');
    await signInThroughApi(desk, demo.agent.email, demo.agent.password);
    await visit(desk, '/admin');
    await desk.getByRole('button', { name: text('nav.openMenu') }).click();
    // The staff shell carries the footer's link to the public book too.
    await expect
      .poll(() => desk.getByRole('link', { name: text('footer.complaintsBook') }).count())
      .toBe(2);
    await desk
      .getByRole('navigation')
      .getByRole('link', { name: text('complaints.adminNav') })
      .click();
    const row = desk.getByRole('link', { name: number });
    await expect.poll(() => row.isVisible()).toBe(true);
    await expect
      .poll(() =>
        desk
          .getByText(admin('complaints.dueIn', { count: 15 }))
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(desk, 'admin-complaints-phone-es');
    await row.click();
    await expect.poll(() => desk.getByText('Lucía Condori Apaza').first().isVisible()).toBe(true);
    await expect.poll(() => desk.getByText('PEN 180.50').isVisible()).toBe(true);
    await desk
      .getByRole('textbox', { name: admin('complaints.answer') })
      .fill('Le devolvemos S/ 90,25 a su tarjeta.');
    await expectAccessible(desk);
    await desk.getByRole('button', { name: admin('complaints.sendAnswer') }).click();
    const confirm = desk.getByRole('dialog', {
      name: admin('complaints.confirmTitle', { number }),
    });
    await confirm.getByRole('button', { name: admin('complaints.confirmSend') }).click();
    await expect
      .poll(() => desk.getByText('Le devolvemos S/ 90,25 a su tarjeta.').isVisible())
      .toBe(true);
    await expect
      .poll(() => desk.getByRole('button', { name: admin('complaints.sendAnswer') }).count())
      .toBe(0);
    await screenshot(desk, 'admin-complaint-answered-phone-es');
  }, 120_000);
});
