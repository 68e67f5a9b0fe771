import { randomUUID } from 'node:crypto';
import type { Reseller } from '@cusco/shared';
import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
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
import { adminText, webText } from '../support/catalog.ts';

useBrowser();

const t = (key: string, values?: Record<string, string | number>) => adminText('en', key, values);

/** The seeded reseller (apps/api/src/seed/demo-accounts.ts). */
const COMPANY = 'Andean Routes Travel S.A.C.';

async function resellers(token: string): Promise<{ body: string; list: Reseller[] }> {
  const answer = await fetch(`${baseUrl}/api/admin/resellers`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status).toBe(200);
  const body = await answer.text();
  return { body, list: JSON.parse(body) as Reseller[] };
}

/** The demo reseller's sandbox key (docs/octo.md). */
const DEMO_OCTO_KEY = 'cusco_demo-andean-routes-sandbox-2026';

/** Calls the OCTO API as a reseller's system does. */
function octo(path: string, key: string, body?: unknown) {
  return fetch(`${baseUrl}/octo${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'octo-capabilities': 'octo/pricing',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A date about ten months ahead (never February: the Inca Trail is closed then). */
function laterDate(): string {
  const day = new Date();
  day.setUTCMonth(day.getUTCMonth() + 10, 10 + Math.floor(Math.random() * 15));
  if (day.getUTCMonth() === 1) day.setUTCMonth(2);
  return day.toISOString().slice(0, 10);
}

describeInBrowser('resellers and booking channels (issue 31)', () => {
  it('an administrator makes a key, sees and copies it once, finds it listed by its prefix, and revokes it after confirming', async () => {
    const admin = await signInApi(demo.admin.email, demo.admin.password);
    const label = `E2E booking engine ${randomUUID().slice(0, 6)}`;
    const page = await openPage('desktop', 'en');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl,
    });
    await visit(page, '/login');
    await signInThroughApi(page, demo.admin.email, demo.admin.password);

    // Reached from the back office's menu.
    await visit(page, '/admin');
    await page.getByRole('link', { name: 'Resellers' }).first().click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/admin/resellers');
    const section = page.getByRole('region', { name: COMPANY, exact: true });
    await expect.poll(() => section.isVisible()).toBe(true);
    await expectAccessible(page);

    // New key: a label, the company's user, the default rate.
    await section
      .getByRole('button', { name: t('resellers.newKeyFor', { company: COMPANY }) })
      .click();
    const form = page.getByRole('dialog', {
      name: t('resellers.newKeyTitle', { company: COMPANY }),
    });
    await form.getByLabel(new RegExp(`^${t('resellers.keys.label')}`)).fill(label);
    await form.getByLabel(new RegExp(`^${t('resellers.keys.user')}`)).click();
    await page.getByRole('option', { name: new RegExp(demo.corporate.email) }).click();
    expect(await form.getByLabel(t('resellers.rateLabel'), { exact: true }).inputValue()).toBe(
      '120',
    );
    await form.getByRole('button', { name: t('resellers.create') }).click();

    // Shown once, with the warning, the copy button, the OCTO base URL and the docs.
    const shown = page.getByRole('dialog', { name: t('resellers.shownTitle', { label }) });
    await expect.poll(() => shown.isVisible()).toBe(true);
    const keyField = shown.getByRole('textbox', { name: t('resellers.apiKey'), exact: true });
    const key = await keyField.inputValue();
    expect(key).toMatch(/^cusco_[A-Za-z0-9_-]{43}$/);
    expect(await shown.getByText(t('resellers.onceTitle')).isVisible()).toBe(true);
    expect(
      await shown.getByRole('textbox', { name: t('resellers.baseUrl'), exact: true }).inputValue(),
    ).toBe(`${baseUrl}/octo`);
    expect(await shown.getByText('docs/octo.md').isVisible()).toBe(true);
    await shown.getByRole('button', { name: t('resellers.copyKey') }).click();
    await expect.poll(() => shown.getByText(t('resellers.copied')).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expectAccessible(page);
    await screenshot(page, 'admin-reseller-key-shown-desktop-en');
    await shown.getByRole('button', { name: t('resellers.done') }).click();
    await expect.poll(() => shown.isVisible()).toBe(false);

    // Gone from the screen: listed by its prefix only, and the server keeps only its hash.
    const { body, list } = await resellers(admin.token);
    expect(body).not.toContain(key);
    const stored = list
      .find((company) => company.name === COMPANY)
      ?.keys.find((one) => one.label === label);
    expect(stored?.prefix).toBe(key.slice(0, stored?.prefix.length));
    expect(stored?.revokedAt).toBeNull();
    // The key opens the OCTO API at once.
    expect((await octo('/supplier', key)).status).toBe(200);
    const row = section.getByRole('row', { name: new RegExp(label) });
    await expect.poll(() => row.textContent()).toContain(`${stored?.prefix}…`);
    expect(await page.content()).not.toContain(key);
    await screenshot(page, 'admin-resellers-desktop-en');

    // Revoked after a confirmation naming it.
    await row.getByRole('button', { name: t('resellers.revokeOf', { label }) }).click();
    const confirm = page.getByRole('dialog', {
      name: t('resellers.revokeTitle', { label, prefix: stored?.prefix ?? '' }),
    });
    expect(await confirm.textContent()).toContain(`${stored?.prefix}…`);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: t('resellers.revokeConfirm') }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await expect.poll(() => row.textContent()).toContain('Revoked');
    expect(await row.getByRole('button', { name: t('resellers.revoke') }).count()).toBe(0);
    const after = (await resellers(admin.token)).list
      .find((company) => company.name === COMPANY)
      ?.keys.find((one) => one.label === label);
    expect(after?.revokedAt).not.toBeNull();
    // Refused from the next request on.
    const refused = await octo('/supplier', key);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'FORBIDDEN' });
    await expectAccessible(page);
  });

  it("on a phone, the screen fits and an administrator changes a company's net price after confirming", async () => {
    const admin = await signInApi(demo.admin.email, demo.admin.password);
    const page = await openPage('phone', 'en');
    await visit(page, '/login');
    await signInThroughApi(page, demo.admin.email, demo.admin.password);
    await visit(page, '/admin/resellers');
    const section = page.getByRole('region', { name: COMPANY, exact: true });
    await expect.poll(() => section.isVisible()).toBe(true);
    // Nothing wider than the phone (the keys' table scrolls in its own region).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'admin-resellers-phone-en');

    const net = section.getByRole('textbox', { name: t('resellers.netLabel'), exact: true });
    await net.fill('12.5');
    await section.getByRole('button', { name: t('resellers.netSave') }).click();
    const confirm = page.getByRole('dialog', {
      name: t('resellers.netConfirmTitle', { company: COMPANY }),
    });
    expect(await confirm.textContent()).toContain('0 % to 12.5 %');
    await expectAccessible(page);
    await screenshot(page, 'admin-reseller-net-price-phone-en');
    await confirm.getByRole('button', { name: t('resellers.netConfirm') }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await expect
      .poll(
        async () =>
          (await resellers(admin.token)).list.find((company) => company.name === COMPANY)
            ?.netDiscountBps,
      )
      .toBe(1250);

    // Back to the seeded price, through the API, for the other tests.
    const id = (await resellers(admin.token)).list.find((company) => company.name === COMPANY)?.id;
    const reset = await fetch(`${baseUrl}/api/admin/resellers/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ netDiscountBps: 0 }),
    });
    expect(reset.status).toBe(200);
  });

  it('the bookings list says where each booking was made and filters by it', async () => {
    const customer = await createCustomer('Nilda', 'Ccori');
    const session = await signInApi(customer.email, customer.password);
    const { code } = await createBooking(session.token, '100401', { adults: 1 });
    const page = await openPage('desktop', 'en');
    await visit(page, '/login');
    await signInThroughApi(page, demo.admin.email, demo.admin.password);
    await visit(page, `/admin/bookings?q=${code}`);
    const row = page.getByRole('row', { name: new RegExp(code) });
    await expect
      .poll(() => row.getByTestId('booking-channel').textContent())
      .toBe(t('channel.site'));

    await page.getByRole('combobox', { name: t('bookings.channel'), exact: true }).click();
    await page.getByRole('option', { name: t('channel.octo') }).click();
    await expect.poll(() => new URL(page.url()).hash).toContain('channel=octo');
    await expect.poll(() => page.getByText(t('bookings.empty')).isVisible()).toBe(true);
    await expectAccessible(page);

    await visit(page, `/admin/bookings/${code}`);
    await expect
      .poll(() => page.getByTestId('booking-channel').textContent())
      .toBe(t('channel.site'));
  });

  it("a booking the reseller's system makes through OCTO shows in their portal and in the back office, with their reference", async () => {
    const product = (await (await octo('/products/100401', DEMO_OCTO_KEY)).json()) as {
      options: { id: string }[];
    };
    const reference = `RS-${randomUUID().slice(0, 6)}`;
    const held = await octo('/bookings', DEMO_OCTO_KEY, {
      productId: '100401',
      optionId: product.options[0]?.id,
      availabilityId: `${laterDate()}T00:00:00-05:00`,
      unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
      resellerReference: reference,
    });
    expect(held.status).toBe(200);
    const hold = (await held.json()) as { uuid: string; supplierReference: string; status: string };
    expect(hold.status).toBe('ON_HOLD');
    const confirmed = await octo(`/bookings/${hold.uuid}/confirm`, DEMO_OCTO_KEY, {
      contact: { fullName: 'Emma Walsh', emailAddress: 'emma@example.com' },
    });
    expect(((await confirmed.json()) as { status: string }).status).toBe('CONFIRMED');
    const code = hold.supplierReference;

    // The company's user sees it in the portal, booked through their system.
    const portal = await openPage('phone', 'en');
    await visit(portal, '/login');
    await signInThroughApi(portal, demo.corporate.email, demo.corporate.password);
    await visit(portal, `/main/booking/detail/${code}`);
    await expect
      .poll(() => portal.getByTestId('booking-octo').textContent())
      .toBe(webText('en', 'bookingDetail.octoReference', { reference }));
    await expectAccessible(portal);
    await screenshot(portal, 'portal-octo-booking-phone-en');

    // Staff see its channel and reference in the bookings list.
    const page = await openPage('desktop', 'en');
    await visit(page, '/login');
    await signInThroughApi(page, demo.admin.email, demo.admin.password);
    await visit(page, `/admin/bookings?q=${code}`);
    const row = page.getByRole('row', { name: new RegExp(code) });
    await expect
      .poll(() => row.getByTestId('booking-channel').textContent())
      .toBe(t('channel.octoRef', { reference }));
  });
});
