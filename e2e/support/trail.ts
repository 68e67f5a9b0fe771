import { randomUUID } from 'node:crypto';
import { type AdminTrail, addYears, todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';

/** The guide's app's test helpers (issue 32): guides, their departures, the trail's state. */

export async function call<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** Tomorrow in Cusco: a departure whose check-ins the server takes (from the day before). */
export const tomorrow = () => dayjs(todayInLima()).add(1, 'day').format('YYYY-MM-DD');

/**
 * A licensed guide of the roster with a guide's account (POST admin/crew, POST admin/staff),
 * assigned to a departure (POST admin/departures/{tour}/{date}/crew).
 */
export async function newGuide(
  adminToken: string,
  firstName: string,
  departure: { tourCode: string; date: string },
) {
  const member = await call<{ id: string }>('POST', 'admin/crew', adminToken, {
    firstName,
    lastName: 'Trail Guide',
    role: 'guide',
    documentType: 'dni',
    documentNumber: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
    countryId: 'PE',
    birthDate: '1988-05-14',
    sex: 'female',
    phone: '+51 984 555 020',
    languages: ['es', 'en'],
    licenceNumber: `GOT-${1000 + Math.floor(Math.random() * 8999)}`,
    licenceExpiry: addYears(todayInLima(), 5),
    active: true,
  });
  const email = `guide.${randomUUID().slice(0, 8)}@guides.example`;
  const password = 'Inti-Raymi-Trail-2027';
  await call('POST', 'admin/staff', adminToken, {
    email,
    name: firstName,
    lastName: 'Trail Guide',
    role: 'guide',
    password,
    crewMemberId: member.id,
  });
  await call('POST', `admin/departures/${departure.tourCode}/${departure.date}/crew`, adminToken, {
    crewMemberId: member.id,
  });
  return { email, password, name: `${firstName} Trail Guide`, crewMemberId: member.id };
}

/** Pays a booking's total at the desk (cash), so that its voucher (and its code) is ready. */
export async function payAtDesk(agentToken: string, code: string, amount: number) {
  await call('POST', `admin/bookings/${code}/payments`, agentToken, { amount, method: 'cash' });
}

/** The booking detail's signed voucher code (what the voucher's QR code encodes). */
export async function voucherCodeOf(token: string, code: string): Promise<string> {
  const detail = await call<{ booking: { voucherCode: string | null } }>(
    'GET',
    `tour/booking/${code}`,
    token,
  );
  if (!detail.booking.voucherCode) throw new Error(`${code} has no voucher code`);
  return detail.booking.voucherCode;
}

/** GET admin/departures/{tour}/{date}/trail: what the back office sees of the trail. */
export function adminTrailOf(staffToken: string, tourCode: string, date: string) {
  return call<AdminTrail>('GET', `admin/departures/${tourCode}/${date}/trail`, staffToken);
}

/** Signs a guide in on the login screen; a guide lands on their departures. */
export async function signInGuide(page: Page, email: string, password: string) {
  await page.goto('/#/login');
  const form = page.locator('form').filter({ has: page.getByLabel('User (e-mail)') });
  await form.getByLabel('User (e-mail)').fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.url()).toMatch(/#\/guide$/);
}

/** Waits until the app's service worker controls the page (a first install: after a reload). */
export async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}

/**
 * Registers a booking's passenger `index` through the API (POST client/{slot}/create), with a
 * diet, an allergy and a medical note: what a guide's download carries of a real traveller.
 */
export async function registerPassenger(
  token: string,
  code: string,
  index: number,
  person: { firstName: string; lastName: string },
) {
  const firstOf = async (path: string) =>
    ((await call<{ id: string }[]>('GET', path, token))[0]?.id ?? '') as string;
  const option = (key: string) => firstOf(`optionlist/listbykey/${key}`);
  const detail = await call<{ passangerRegistry: { id: string }[] }>(
    'GET',
    `tour/booking/${code}`,
    token,
  );
  const slot = detail.passangerRegistry[index]?.id ?? '';
  await call('POST', `client/${slot}/create`, token, {
    firstName: person.firstName,
    lastName: person.lastName,
    eMail: `${person.firstName.toLowerCase()}.${index}@example.com`,
    birthDate: '1990-06-15',
    expirationDate: addYears(todayInLima(), 5),
    sexId: await option('sex'),
    documentTypeId: await option('DocumentType'),
    documentNumber: `PE${4_471_900 + index}`,
    maritalStatusId: await option('MaritalStatus'),
    jobId: await firstOf('job/list'),
    countryId: 'PE',
    mobileNumber: '+51 984 222 333',
    foodPreferencesId: await option('FoodPreference'),
    foodObservation: 'No pork, please',
    allergyObservation: 'Peanuts (carries an epinephrine pen)',
    medicalRequirement: 'Asthma: inhaler in the day pack',
    travelPurposeId: await option('TravelPurpose'),
    travelPurposeObservation: null,
    trekkingExperienceId: await option('TrekkingExperience'),
    trekkingExperienceObservation: null,
    dateExpirationCard: null,
    bookingcode: code,
  });
}
