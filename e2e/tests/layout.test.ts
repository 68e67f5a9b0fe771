import { IncidentTypeId } from '@cusco/shared';
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { createBooking, createCustomer, signInApi, signInThroughApi } from '../support/api.ts';
import { setPassengers } from '../support/booking.ts';
import {
  baseUrl,
  describeInBrowser,
  openPage,
  useBrowser,
  type ViewportName,
  visit,
} from '../support/browser.ts';

useBrowser();

/** Whether anything in the box is wider than its own box, or reaches past the outer box. */
function overflows(box: Locator) {
  return box.evaluate((outer) =>
    [outer, ...Array.from(outer.querySelectorAll('*'))].some(
      (element) =>
        element.scrollWidth > element.clientWidth + 1 ||
        element.getBoundingClientRect().right > outer.getBoundingClientRect().right + 1,
    ),
  );
}

describeInBrowser.each(['phone', 'desktop'] as ViewportName[])('layout on %s', (viewport) => {
  it('keeps the longest tour name inside the booking summary (issue 12, bug 6)', async () => {
    const page = await openPage(viewport);
    await visit(page, '/booking/400201');
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect
      .poll(() =>
        summary.getByText('Machu Picchu 2D/1N with a night in Aguas Calientes').isVisible(),
      )
      .toBe(true);
    await setPassengers(page, 'Adult', '2');
    expect(await overflows(summary)).toBe(false);
  });

  it("keeps a long service name's price inside the booking summary", async () => {
    const page = await openPage(viewport);
    await visit(page, '/booking/100401');
    await setPassengers(page, 'Adult', '2');
    await page.getByRole('switch', { name: /Sleeping bag rental/ }).click();
    await page.getByRole('textbox', { name: /Quantity of Sleeping bag rental/ }).fill('2');
    const summary = page.getByRole('complementary', { name: 'Summary' });
    const line = summary.getByText(/Sleeping bag rental .* × 2/);
    await expect.poll(() => line.isVisible()).toBe(true);
    // The line's price stands beside it, whole and inside the box.
    const price = line.locator('xpath=following-sibling::*[1]');
    expect(await price.textContent()).toMatch(/^\$\d[\d,]*\.\d{2}$/);
    expect(await overflows(summary)).toBe(false);
  });

  it("shows a request's whole status beside a long reservation name (issue 12, bug 6)", async () => {
    const customer = await createCustomer('Ana', 'Mamani');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '400101', { adults: 1 });
    const saved = await fetch(`${baseUrl}/api/incident/save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'A question about the train times and the luggage allowance on the way back',
        description: 'Can we take two large suitcases on the Vistadome?',
        typeId: IncidentTypeId.freeSubject,
        bookingId: booking.code,
      }),
    });
    expect(saved.status).toBe(201);
    const page = await openPage(viewport);
    await visit(page, '/login');
    await signInThroughApi(page, customer.email, customer.password);
    await visit(page, '/main/incidents');
    const badge = page.getByText('Registered', { exact: true });
    await expect.poll(() => badge.isVisible()).toBe(true);
    const cut = await badge.evaluate((label) =>
      [label, label.parentElement].some((box) => box && box.scrollWidth > box.clientWidth + 1),
    );
    expect(cut).toBe(false);
  });
});
