import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  nextTravelDate,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
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

useBrowser();

const t = (key: string, values?: Record<string, string | number>) => adminText('en', key, values);

/** "1 guide, 3 porters", as the crew section says what is missing. */
const roles = (counts: [string, number][]) =>
  counts.map(([role, count]) => t(`crew.counts.${role}`, { count })).join(', ');

/** Chooses a person in the Assign dialog (a searchable list) and assigns them. */
async function assign(page: Page, name: string) {
  await page
    .getByRole('button', { name: t('crew.section.assign') })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: t('crew.section.assignTitle') });
  const person = dialog.getByLabel(new RegExp(`^${t('crew.section.member')}`));
  await expect
    .poll(async () => {
      if (!(await person.inputValue()).startsWith(name)) {
        await person.fill(name);
        await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
      }
      return person.inputValue();
    })
    .toMatch(new RegExp(`^${name}`));
  await dialog.getByRole('button', { name: t('crew.section.assign') }).click();
  return dialog;
}

describeInBrowser("a departure's crew (issue 29)", () => {
  it('an agent sees what is missing, assigns a guide and a porter, is told why a guide with an expired licence cannot go, and removes one after confirming', async () => {
    // A classic Inca Trail departure with 2 travellers and 30 permits, set up through the API.
    const customer = await createCustomer('Teodora', 'Ccahua');
    const session = await signInApi(customer.email, customer.password);
    const date = nextTravelDate();
    await createBooking(session.token, '100401', { adults: 2 }, date);
    const admin = await signInApi(demo.admin.email, demo.admin.password);
    const permits = await fetch(`${baseUrl}/api/admin/departures/100401/${date}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ permits: 30 }),
    });
    expect(permits.status).toBe(200);

    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.agent.email, demo.agent.password);

    // The roster, read-only for an agent: the demo's crew, no add or edit.
    await visit(page, '/admin/crew');
    await expect
      .poll(() => page.getByRole('cell', { name: 'Julio Pumacahua Ttito' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: t('crew.add') }).count()).toBe(0);
    expect(await page.getByText(t('crew.readOnly')).isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'admin-crew-roster-desktop-en');

    // The departure: the rule (a guide per 8, a cook, 1.5 porters each) asks for 1 guide, 1 cook
    // and 3 porters; nobody is assigned; 2 travellers use 7 of the 30 permits (2.5 staff each).
    await visit(page, `/admin/departures/100401/${date}`);
    const missing = page.getByTestId('crew-missing');
    const permitFigures = page.getByTestId('crew-permits');
    await expect
      .poll(() => missing.textContent())
      .toBe(
        t('crew.section.missing', {
          list: roles([
            ['guide', 1],
            ['cook', 1],
            ['porter', 3],
          ]),
        }),
      );
    await expect.poll(() => permitFigures.textContent()).toContain('30 held · 7 used · 23 left');
    expect(await page.getByText(t('crew.section.empty')).isVisible()).toBe(true);

    await assign(page, 'Rosa Huamán Quispe');
    await expect
      .poll(() => missing.textContent())
      .toBe(
        t('crew.section.missing', {
          list: roles([
            ['cook', 1],
            ['porter', 3],
          ]),
        }),
      );
    await assign(page, 'Wilber Choque Huarca');
    await expect
      .poll(() => missing.textContent())
      .toBe(
        t('crew.section.missing', {
          list: roles([
            ['cook', 1],
            ['porter', 2],
          ]),
        }),
      );
    const crewTable = page.getByRole('region', { name: t('crew.section.caption') });
    await expect.poll(() => crewTable.getByRole('row').count()).toBe(3);

    // A guide whose licence has expired: the server's refusal is said in the dialog.
    const refused = await assign(page, 'Julio Pumacahua Ttito');
    const alert = refused.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toMatch(
        /^Julio Pumacahua Ttito's guide licence expires on \d{4}-\d{2}-\d{2}, before this departure ends on \d{4}-\d{2}-\d{2}$/,
      );
    await expectAccessible(page);
    await screenshot(page, 'admin-crew-assign-refused-desktop-en');
    await refused.getByRole('button', { name: t('cancel') }).click();
    await expect.poll(() => refused.isVisible()).toBe(false);

    // Removing the porter, after confirming.
    await page
      .getByRole('button', {
        name: t('crew.section.removeName', { name: 'Wilber Choque Huarca' }),
      })
      .click();
    const confirm = page.getByRole('dialog', {
      name: t('crew.section.removeTitle', { name: 'Wilber Choque Huarca' }),
    });
    await confirm.getByRole('button', { name: t('crew.section.remove') }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await expect
      .poll(() => missing.textContent())
      .toBe(
        t('crew.section.missing', {
          list: roles([
            ['cook', 1],
            ['porter', 3],
          ]),
        }),
      );
    await expect.poll(() => crewTable.getByRole('row').count()).toBe(2);
    expect(await crewTable.textContent()).toContain('Rosa Huamán Quispe');
    await screenshot(page, 'admin-departure-crew-desktop-en');

    // On a phone, in Spanish: the roster and the departure's crew, laid out for 390 px.
    const phone = await openPage('phone', 'es');
    await signInThroughApi(phone, demo.agent.email, demo.agent.password);
    await visit(phone, `/admin/departures/100401/${date}`);
    await expect
      .poll(() => phone.getByTestId('crew-missing').textContent())
      .toBe(
        adminText('es', 'crew.section.missing', {
          list: ['cook', 'porter']
            .map((role, index) =>
              adminText('es', `crew.counts.${role}`, { count: [1, 3][index] ?? 0 }),
            )
            .join(', '),
        }),
      );
    await screenshot(phone, 'admin-departure-crew-phone-es');
    await visit(phone, '/admin/crew?role=guide');
    await expect
      .poll(() => phone.getByRole('cell', { name: /Julio Pumacahua Ttito/ }).isVisible())
      .toBe(true);
    await screenshot(phone, 'admin-crew-roster-phone-es');
  });
});
