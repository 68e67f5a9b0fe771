import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';

/** Closes the spec's 'Error' alert after checking its message. */
export async function expectAlert(page: Page, message: string, title = 'Error') {
  const dialog = page.getByRole('dialog', { name: title });
  await expect.poll(() => dialog.textContent(), { message }).toContain(message);
  await dialog.getByRole('button', { name: /^(OK|Aceptar)$/ }).click();
  await expect.poll(() => dialog.count()).toBe(0);
}

/**
 * A message of the booking page beside its field (ADR 0038): shown and announced (role="alert"),
 * with no dialog to dismiss.
 */
export async function expectFieldMessage(page: Page, message: string, within?: Locator) {
  const alert = (within ?? page).getByRole('alert').filter({ hasText: message }).first();
  await expect.poll(() => alert.isVisible(), { message }).toBe(true);
  expect(await page.getByRole('dialog', { name: 'Error' }).count()).toBe(0);
}

/** Whether an element has the focus. */
export function hasFocus(element: Locator): Promise<boolean> {
  return element.evaluate((node) => node === document.activeElement);
}

/**
 * A success toast (issue 12): announced to screen readers (role="status"), with no dialog to
 * dismiss.
 */
export async function expectToast(page: Page, message: string, title: string) {
  const toast = page.getByRole('status').filter({ hasText: message }).last();
  try {
    await expect.poll(() => toast.isVisible(), { message }).toBe(true);
  } catch (error) {
    // What the page says instead (a form's problem, an error dialog) is what tells why.
    const alerts = await page.getByRole('alert').allTextContents();
    const dialogs = (await page.getByRole('dialog').allTextContents()).map((text) =>
      text.slice(0, 300),
    );
    throw new Error(
      `No toast "${message}"; the page's alerts: ${JSON.stringify(alerts)}; its dialogs: ${JSON.stringify(dialogs)}`,
      { cause: error },
    );
  }
  expect(await toast.textContent()).toContain(title);
  expect(await page.getByRole('dialog', { name: title }).count()).toBe(0);
}

/** Sets a passenger count on the booking page. */
export async function setPassengers(page: Page, label: string, count: string) {
  await page
    .getByRole('group', { name: /Passengers|Pasajeros/ })
    .getByLabel(label, { exact: true })
    .fill(count);
}

/** Reads a booking through the API with the page's own session. */
export async function readBooking(page: Page, code: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${baseUrl}/api/tour/booking/${code}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });
  expect(response.status).toBe(200);
  return response.json();
}

export async function listBookings(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${baseUrl}/api/tour/booking/list`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; total: number }[];
}

/** "$2,215.00" → 2215 */
export const dollars = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
