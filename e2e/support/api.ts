import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  addYears,
  CustomerTypeId,
  IncidentTypeId,
  pricingCatalogFromTour,
  quoteBooking,
  requestFromQuote,
  todayInLima,
  tour as tourSchema,
} from '@cusco/shared';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';

export const demo = {
  customer: { email: 'traveller@example.com', password: 'IncaTrail2026', name: 'Lucía Fernández' },
  corporate: { email: 'reseller@example.com', password: 'AndeanRoutes2026', name: 'Jorge Huamán' },
  agent: { email: 'agent@example.com', password: 'Qorikancha-Desk-2026', name: 'Rosa Quispe' },
  admin: { email: 'admin@example.com', password: 'Sacsayhuaman-Office-2026' },
} as const;

async function post(path: string, body: unknown, token?: string, server = baseUrl) {
  const response = await fetch(`${server}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Creates a customer through the API and answers its credentials (on the suite's product unless
 * `server` names another).
 */
export async function createCustomer(name = 'Rosa', lastname = 'Mamani', server = baseUrl) {
  const email = `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Qoricancha-2026';
  await post(
    'authentication/client/register',
    {
      name,
      lastname,
      email,
      mobile: '+51 984 555 111',
      birthdate: '1988-03-21',
      password,
      countryId: 'PE',
    },
    undefined,
    server,
  );
  return { email, password, name, lastname };
}

/**
 * Signs in through the API and stores the session as the app does (`token`, `infoauth`), then
 * opens the login screen and waits until the app has taken the signed-in user off it, so that
 * the next visit is not overtaken by that redirect.
 *
 * On a page that has shown nothing yet, the session goes into the context's storage before the
 * app's first load, so the app loads once; on a page already showing the app, it is stored
 * there and the app reloaded.
 */
export async function signInThroughApi(page: Page, email: string, password: string) {
  const session = (await post('authentication/login', { username: email, password })) as {
    token: string;
    user: { id: string };
  };
  const stored = [
    { name: 'token', value: session.token },
    { name: 'infoauth', value: JSON.stringify(session.user) },
  ];
  if (page.url() === 'about:blank') {
    // What the context already keeps is kept (setStorageState replaces the whole state).
    const context = page.context();
    const state = await context.storageState();
    const origin = new URL(baseUrl).origin;
    const others = state.origins.filter((entry) => entry.origin !== origin);
    const ours = state.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
    await context.setStorageState({
      ...state,
      origins: [
        ...others,
        {
          origin,
          localStorage: [
            ...ours.filter((item) => !stored.some((entry) => entry.name === item.name)),
            ...stored,
          ],
        },
      ],
    });
    await page.goto('/#/login');
  } else {
    await page.evaluate((items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, stored);
    await page.reload();
  }
  // Customers land on their reservations, staff on the back office.
  await expect.poll(() => page.url()).toMatch(/#\/(main\/|admin)/);
  return session;
}

/** Fails to sign in to an account a number of times (a wrong password each time). */
export async function failSignIns(email: string, times: number) {
  for (let attempt = 0; attempt < times; attempt++) {
    const response = await fetch(`${baseUrl}/api/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: `wrong-${attempt}` }),
    });
    expect(response.status).toBe(401);
  }
}

export async function logoutThroughApi(token: string, userId: string) {
  return post(`authentication/logout/${userId}`, {}, token);
}

export async function signInApi(email: string, password: string) {
  return (await post('authentication/login', { username: email, password })) as {
    token: string;
    user: { id: string };
  };
}

/**
 * A travel date a year or so on, never in February (the Inca Trail is closed): each call, from
 * any test file of this run, the next such day, so that the bookings of a run do not fill one
 * departure's seats (issue 14: every date has the tour's seats).
 */
export function nextTravelDate(): string {
  const counter = path.join(tmpdir(), `cusco-e2e-dates-${new URL(baseUrl).port}`);
  const next = existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0;
  writeFileSync(counter, String(next + 1));
  let day = dayjs(addYears(todayInLima(), 1)).add(next, 'day');
  while (day.month() === 1) day = day.add(1, 'day');
  return day.format('YYYY-MM-DD');
}

/** Books a tour through the API, priced with the shared rules as the booking page does. */
export async function createBooking(
  token: string,
  tourCode: string,
  counts: { adults: number; students?: number; children?: number },
  /** The travel date (YYYY-MM-DD); by default the next of `nextTravelDate`. */
  date = nextTravelDate(),
): Promise<{ code: string; total: number; transactionId: string | null }> {
  const tour = tourSchema.parse(await (await fetch(`${baseUrl}/api/tour/${tourCode}`)).json());
  const selection = {
    categoryId: tour.categories[0]?.value ?? '',
    typeId: tour.types[0]?.value ?? '',
    passengers: [
      { customerTypeId: CustomerTypeId.adult, quantity: counts.adults },
      { customerTypeId: CustomerTypeId.student, quantity: counts.students ?? 0 },
      { customerTypeId: CustomerTypeId.child, quantity: counts.children ?? 0 },
    ],
    hotels: [],
    services: [],
  };
  const result = quoteBooking(pricingCatalogFromTour(tour), selection);
  if (!result.ok) throw new Error(result.error.code);
  const body = requestFromQuote({
    tourId: tour.id,
    date,
    selection,
    quote: result.quote,
    mode: 'T',
    isPassager: false,
  });
  return (await post('tour/save', body, token)) as {
    code: string;
    total: number;
    transactionId: string | null;
  };
}

/**
 * Registers passenger 1 of a booking through the API (POST client/{slot}/create) with the first
 * option of every list: for tests about what follows the form, not the form itself.
 */
export async function registerFirstPassenger(token: string, code: string): Promise<string> {
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}/api/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return response.json();
  };
  const firstOf = async (path: string) => ((await get(path)) as { id: string }[])[0]?.id ?? '';
  const option = (key: string) => firstOf(`optionlist/listbykey/${key}`);
  const detail = (await get(`tour/booking/${code}`)) as {
    passangerRegistry: { id: string }[];
  };
  const slot = detail.passangerRegistry[0]?.id ?? '';
  const created = (await post(
    `client/${slot}/create`,
    {
      firstName: 'Julia',
      lastName: 'Ccori',
      eMail: 'julia.ccori@example.com',
      birthDate: '1992-09-21',
      expirationDate: addYears(todayInLima(), 5),
      sexId: await option('sex'),
      documentTypeId: await option('DocumentType'),
      documentNumber: 'PE4471902',
      maritalStatusId: await option('MaritalStatus'),
      jobId: await firstOf('job/list'),
      countryId: 'PE',
      mobileNumber: '+51 984 222 333',
      foodPreferencesId: await option('FoodPreference'),
      foodObservation: null,
      allergyObservation: null,
      medicalRequirement: null,
      travelPurposeId: await option('TravelPurpose'),
      travelPurposeObservation: null,
      trekkingExperienceId: await option('TrekkingExperience'),
      trekkingExperienceObservation: null,
      dateExpirationCard: null,
      bookingcode: code,
    },
    token,
  )) as { id: string };
  return created.id;
}

/** An administrator sets a departure's seats (PUT admin/departures/{tour}/{date}). */
export async function manageDeparture(tourCode: string, date: string, capacity: number) {
  const admin = await signInApi(demo.admin.email, demo.admin.password);
  const response = await fetch(`${baseUrl}/api/admin/departures/${tourCode}/${date}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ capacity, status: 'open' }),
  });
  expect(response.status).toBe(200);
}

/**
 * Pays an attempt on the sandbox's hosted page with its approved test card (as a customer's
 * browser posts it), and waits until the booking has recorded the payment.
 */
export async function payWithSandboxCard(token: string, code: string, transactionId: string) {
  const response = await fetch(`${baseUrl}/sandbox/checkout/${transactionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      holder: 'Test Holder',
      cardNumber: '4111 1111 1111 1111',
      expiry: '12/30',
      cvc: '123',
    }),
  });
  expect(response.status).toBe(200);
  await expect
    .poll(async () => {
      const detail = await fetch(`${baseUrl}/api/tour/booking/${code}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await detail.json()) as { balance: { payments: number } }).balance.payments;
    })
    .toBeGreaterThan(0);
}

/** A customer's request to remove passenger `number` of their booking; answers its id. */
export async function requestRemoval(token: string, bookingCode: string, number = 1) {
  const response = await fetch(`${baseUrl}/api/tour/booking/${bookingCode}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const detail = (await response.json()) as { passangerRegistry: { id: string; number: number }[] };
  const slot = detail.passangerRegistry.find((item) => item.number === number);
  const saved = (await post(
    'incident/save',
    { typeId: IncidentTypeId.removePassenger, bookingId: bookingCode, targetId: slot?.id },
    token,
  )) as { id: string };
  return saved.id;
}

/** A customer's request on one of their bookings, through the API; answers its id. */
export async function raiseRequest(token: string, bookingCode: string, subject: string) {
  const saved = (await post(
    'incident/save',
    {
      name: subject,
      description: 'Can we take two suitcases on the train?',
      typeId: IncidentTypeId.freeSubject,
      bookingId: bookingCode,
    },
    token,
  )) as { id: string };
  return saved.id;
}
