import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { createBooking, createCustomer, demo, signInApi } from '../support/api.ts';
import {
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
} from '../support/browser.ts';
import {
  adminTrailOf,
  call,
  controlledByServiceWorker,
  newGuide,
  payAtDesk,
  signInGuide,
  tomorrow,
  voucherCodeOf,
} from '../support/trail.ts';

/**
 * The guide's app on the trail (issue 32): a guide downloads a departure, goes offline, checks in
 * two travellers by their voucher's QR code and one by name, records a no-show; a forged code is
 * rejected offline; back online the server has exactly those four actions, once; a second guide's
 * check-in of the same traveller comes second and says whose came first.
 */
const TOUR = '400101';
let date: string;
let admin: string;
let agent: string;
let voucher: string;
let guides: Awaited<ReturnType<typeof newGuide>>[];
let bookingCode: string;

beforeAll(async () => {
  date = tomorrow();
  admin = (await signInApi(demo.admin.email, demo.admin.password)).token;
  agent = (await signInApi(demo.agent.email, demo.agent.password)).token;
  const customer = await createCustomer('Ines', 'Condori');
  const customerToken = (await signInApi(customer.email, customer.password)).token;
  const booking = await createBooking(customerToken, TOUR, { adults: 4 }, date);
  bookingCode = booking.code;
  await payAtDesk(agent, booking.code, booking.total);
  voucher = await voucherCodeOf(customerToken, booking.code);
  guides = [
    await newGuide(admin, 'Wilma', { tourCode: TOUR, date }),
    await newGuide(admin, 'Hilario', { tourCode: TOUR, date }),
  ];
});

/**
 * This booking's travellers on a guide's screen: the departure (400101 tomorrow, the one tour
 * booked a day ahead) may carry other tests' bookings too.
 */
const ourCards = (page: Page) => page.getByTestId('traveller').filter({ hasText: bookingCode });

/** The departure's screen of a signed-in guide, downloaded for the trail. */
async function downloadDeparture(page: Page) {
  const download = page.getByRole('button', { name: 'Download for the trail' });
  await download.click();
  await expect.poll(() => page.getByTestId('downloaded-at').textContent()).toMatch(/updated/);
  await page.getByRole('link', { name: 'Open' }).click();
  await expect.poll(() => ourCards(page).count()).toBe(4);
}

/** The code typed in the scan dialog's field, as the camera would read it. */
async function scanCode(page: Page, code: string) {
  await page.getByRole('button', { name: 'Scan a voucher' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check in by voucher' });
  await dialog.getByLabel('Type or paste a code').fill(code);
  await dialog.getByRole('button', { name: 'Check the code' }).click();
  return dialog;
}

const ourTravellers = async () =>
  (await adminTrailOf(admin, TOUR, date)).travellers.filter(
    (traveller) => traveller.bookingCode === bookingCode,
  );

describeInBrowser("the guide's app offline (issue 32)", () => {
  useBrowser();

  it('checks in by QR and by name, records a no-show offline, and sends each once', async () => {
    const [first, second] = guides as [(typeof guides)[0], (typeof guides)[0]];
    const page = await openPage('phone', 'en', undefined, { serviceWorkers: 'allow' });
    await signInGuide(page, first.email, first.password);
    await controlledByServiceWorker(page);
    await downloadDeparture(page);
    await expectAccessible(page);
    // Laid out for a phone of 390 px: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, 'guide-departure-phone-en');

    // The second guide downloads the same departure while the first has not sent anything.
    const other = await openPage('phone', 'en', undefined, { serviceWorkers: 'allow' });
    await signInGuide(other, second.email, second.password);
    await downloadDeparture(other);

    // No network from here; the app reloads from the phone (its shell from the service worker,
    // the departure from IndexedDB).
    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => ourCards(page).count()).toBe(4);
    expect(await page.getByTestId('as-of').textContent()).toMatch(/^As of /);
    expect(await page.getByText('Offline', { exact: true }).isVisible()).toBe(true);

    // A forged code (one passenger more than signed) is rejected with no network.
    const forged = voucher.replace(/\.(\d{8})\.4\./, '.$1.5.');
    expect(forged).not.toBe(voucher);
    let dialog = await scanCode(page, forged);
    await dialog.getByText('Forged or altered voucher').waitFor();
    await screenshot(page, 'guide-forged-voucher-phone-en');
    await page.keyboard.press('Escape');

    // The genuine code: the booking's four travellers, all chosen; two of them check in.
    dialog = await scanCode(page, voucher);
    await dialog.getByText('Valid voucher').waitFor();
    const boxes = dialog.getByRole('checkbox');
    expect(await boxes.count()).toBe(4);
    await boxes.nth(2).uncheck();
    await boxes.nth(3).uncheck();
    await dialog.getByRole('button', { name: 'Check in 2 travellers' }).click();

    // The third by name, the fourth did not come.
    const cards = ourCards(page);
    await cards.nth(2).getByRole('button', { name: 'Check in' }).click();
    await cards.nth(3).getByRole('button', { name: 'No-show' }).click();
    const status = page.getByTestId('queue-status');
    await expect.poll(() => status.textContent()).toBe('4 actions waiting to be sent');
    expect(await cards.nth(0).getByText('Checked in · not sent yet').isVisible()).toBe(true);
    expect(await cards.nth(3).getByText('No-show · not sent yet').isVisible()).toBe(true);
    // "Send now" says why it cannot, offline.
    expect(await page.getByText('Sent when the network is back').first().isVisible()).toBe(true);

    // The server has nothing yet.
    expect((await ourTravellers()).every((traveller) => traveller.attendance === null)).toBe(true);

    // The second guide, offline too, checks in the third traveller by name.
    await other.context().setOffline(true);
    await ourCards(other).nth(2).getByRole('button', { name: 'Check in' }).click();
    await expect
      .poll(() => other.getByTestId('queue-status').textContent())
      .toBe('1 action waiting to be sent');

    // The network is back for the first guide: everything goes at once.
    await page.context().setOffline(false);
    await expect.poll(() => status.textContent()).toBe('Everything has been sent');
    const travellers = await ourTravellers();
    const slotIds = await page.evaluate(
      (code) =>
        Array.from(document.querySelectorAll('[data-testid="traveller"]'))
          .filter((card) => card.textContent?.includes(code))
          .map((card) => card.querySelector('h3')?.id ?? ''),
      bookingCode,
    );
    const order = slotIds.map((id) => id.replace('traveller-', ''));
    const attendanceOf = (index: number) =>
      travellers.find((traveller) => traveller.slotId === order[index])?.attendance;
    expect(attendanceOf(0)).toMatchObject({ state: 'checked_in', method: 'qr', by: first.name });
    expect(attendanceOf(1)).toMatchObject({ state: 'checked_in', method: 'qr', by: first.name });
    expect(attendanceOf(2)).toMatchObject({ state: 'checked_in', method: 'name', by: first.name });
    expect(attendanceOf(3)).toMatchObject({ state: 'no_show', method: null, by: first.name });

    // Sent again (an answer lost on the way): duplicates, nothing recorded twice.
    const queued = await page.evaluate(
      () =>
        new Promise<unknown[]>((resolve, reject) => {
          const open = indexedDB.open('cusco-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const request = open.result
              .transaction('keyval')
              .objectStore('keyval')
              .get(`trail-queue:${JSON.parse(localStorage.getItem('infoauth') ?? '{}').id}`);
            request.onsuccess = () =>
              resolve((request.result as { action: unknown }[]).map((entry) => entry.action));
          };
        }),
    );
    expect(queued).toHaveLength(4);
    const firstToken = (await signInApi(first.email, first.password)).token;
    const again = await call<{ results: { outcome: string }[] }>(
      'POST',
      'guide/actions',
      firstToken,
      { deviceId: 'replay', actions: queued },
    );
    expect(again.results.map((result) => result.outcome)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    const trail = await adminTrailOf(admin, TOUR, date);
    expect(
      trail.travellers.filter((t) => t.bookingCode === bookingCode && t.attendance).length,
    ).toBe(4);
    expect(trail.conflicts.filter((c) => order.includes(c.slotId))).toEqual([]);

    // The second guide comes online: theirs came second, and the phone says whose came first.
    await other.context().setOffline(false);
    await expect
      .poll(() => other.getByTestId('queue-status').textContent())
      .toBe('Everything has been sent');
    await other
      .getByText(`Another guide recorded this traveller first: ${first.name}`, { exact: false })
      .waitFor();
    const after = await adminTrailOf(admin, TOUR, date);
    const conflicts = after.conflicts.filter((c) => order.includes(c.slotId));
    expect(conflicts).toMatchObject([{ slotId: order[2], kind: 'check_in', by: second.name }]);
    // The winner stays the first guide's.
    expect(after.travellers.find((t) => t.slotId === order[2])?.attendance).toMatchObject({
      by: first.name,
      method: 'name',
    });
    await expectAccessible(other);
  });
});
