import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import {
  describeInBrowser,
  expectAccessible,
  openPage,
  useBrowser,
  visit,
} from '../support/browser.ts';
import { controlledByServiceWorker, payAtDesk, voucherCodeOf } from '../support/trail.ts';

/**
 * The traveller offline (issue 32): a customer who opened their booking once opens the list and
 * the booking again with no network (a reload included: the app shell comes from the service
 * worker, the answers from IndexedDB), marked "as of", with the voucher's QR code; what needs the
 * network says so.
 */
let customer: { email: string; password: string };
let code: string;
let voucher: string;

beforeAll(async () => {
  customer = await createCustomer('Marta', 'Ccori');
  const token = (await signInApi(customer.email, customer.password)).token;
  const booking = await createBooking(token, '400101', { adults: 2 });
  const agent = (await signInApi(demo.agent.email, demo.agent.password)).token;
  await payAtDesk(agent, booking.code, booking.total);
  code = booking.code;
  voucher = await voucherCodeOf(token, booking.code);
});

/** Whether the device's store holds the signed-in user's copy of a booking's detail. */
const storedDetail = (page: Page, bookingCode: string) =>
  page.evaluate(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('cusco-offline');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve(false);
          const id = JSON.parse(localStorage.getItem('infoauth') ?? '{}').id;
          const request = db.transaction('keyval').objectStore('keyval').get(`queries:${id}`);
          request.onsuccess = () => {
            const queries =
              (request.result?.state?.queries as { queryKey: unknown[] }[] | undefined) ?? [];
            resolve(
              queries.some(
                (query) => query.queryKey[0] === 'booking' && query.queryKey[1] === wanted,
              ),
            );
          };
          request.onerror = () => resolve(false);
        };
      }),
    bookingCode,
  );

describeInBrowser('the traveller offline (issue 32)', () => {
  useBrowser();

  it('opens the list and the booking with its voucher QR code with no network, as of when read', async () => {
    const page = await openPage('phone', 'en', undefined, { serviceWorkers: 'allow' });
    await signInThroughApi(page, customer.email, customer.password);
    await controlledByServiceWorker(page);
    await visit(page, '/main/booking');
    await page.getByText(code).first().waitFor();
    await visit(page, `/main/booking/detail/${code}`);
    const qr = page.getByRole('img', { name: 'Voucher QR code' });
    await expect.poll(() => qr.getAttribute('data-code')).toBe(voucher);
    await expect.poll(() => qr.locator('svg').count()).toBe(1);
    await expect.poll(() => storedDetail(page, code)).toBe(true);

    await page.context().setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('offline-as-of').textContent())
      .toMatch(/^You are offline · as of /);
    await expect.poll(() => qr.getAttribute('data-code')).toBe(voucher);
    expect(await qr.locator('svg').count()).toBe(1);
    // The voucher's PDF needs the server: the button says so instead of failing.
    expect(
      await page.getByRole('button', { name: 'Download the voucher (PDF)' }).isDisabled(),
    ).toBe(true);
    expect(await page.getByText('You are offline: this needs a network.').first().isVisible()).toBe(
      true,
    );
    await expectAccessible(page);

    // The list, offline too.
    await visit(page, '/main/booking');
    await page.getByText(code).first().waitFor();
    expect(await page.getByTestId('offline-as-of').isVisible()).toBe(true);

    // A booking never opened on this device cannot be shown, and says why.
    await visit(page, '/main/booking/detail/CT-NEVER00');
    await page.getByRole('alert').getByText('You are offline: this needs a network.').waitFor();
    await page.context().setOffline(false);
  });

  it('forgets the stored copies at sign-out', async () => {
    const page = await openPage('phone', 'en', undefined, { serviceWorkers: 'allow' });
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, `/main/booking/detail/${code}`);
    await expect.poll(() => storedDetail(page, code)).toBe(true);
    const userId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('infoauth') ?? '{}').id,
    );
    await page.getByRole('button', { name: 'Sign off' }).first().click();
    await expect.poll(() => page.url()).toMatch(/#\/login/);
    await expect
      .poll(() =>
        page.evaluate(
          (id) =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('cusco-offline');
              open.onsuccess = () => {
                const request = open.result
                  .transaction('keyval')
                  .objectStore('keyval')
                  .get(`queries:${id}`);
                request.onsuccess = () => resolve(request.result !== undefined);
              };
            }),
          userId,
        ),
      )
      .toBe(false);
  });
});
