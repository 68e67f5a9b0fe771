import { randomUUID } from 'node:crypto';
import {
  addYears,
  CustomerTypeId,
  pricingCatalogFromTour,
  quoteBooking,
  requestFromQuote,
  todayInLima,
  tour as tourSchema,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { type BrowserHeaders, browserHeaders, pageHeaders, withoutCompression } from './browser.ts';

/** One call of the bench: what autocannon sends, and the targets it is held to. */
export interface BenchCall {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Fewer connections for writes (each one is a transaction). */
  connections?: number;
  /** A body of its own for each request (a booking on a date of its own), instead of `body`. */
  nextBody?: () => string;
  /** Why the call cannot be measured on this build (a page not there yet): shown, not loaded. */
  unavailable?: string;
}

/** The demo customer of the seed (README, demo accounts). */
const customer = { username: 'traveller@example.com', password: 'IncaTrail2026' };
export const TOUR_CODE = '100401';

/** The calls' names, as the report's rows and the smoke test read them. */
export const CALL = {
  tour: 'GET /api/tour/{code}',
  tourIdentity: 'GET /api/tour/{code} (no compression)',
  countries: 'GET /api/common/countries',
  list: 'GET /api/tour/booking/list',
  detail: 'GET /api/tour/booking/{code} (settled)',
  detailOpen: 'GET /api/tour/booking/{code} (checkout open)',
  catalogue: 'GET /{lang}/tours',
  tourPage: 'GET /{lang}/tours/{slug}',
  save: 'POST /api/tour/save',
} as const;

async function json(url: string, init?: RequestInit) {
  const answer = await fetch(url, init);
  if (!answer.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${answer.status}`);
  return answer.json();
}

/**
 * Travel dates from a year on, never in February (the trail is closed), one after the other and
 * round again after 3,000: the bench's bookings spread over the tour's departures, as customers'
 * do, instead of selling one date out (each departure has its seats).
 */
function travelDates() {
  const dates: string[] = [];
  for (let day = dayjs(addYears(todayInLima(), 1)); dates.length < 3000; day = day.add(1, 'day')) {
    if (day.month() !== 1) dates.push(day.format('YYYY-MM-DD'));
  }
  let next = 0;
  return () => dates[next++ % dates.length] as string;
}

/**
 * Booking requests for the tour as the booking page would send them (priced by shared rules),
 * one per travel date. The tour is read and priced once: the bench runs on the same machine as
 * the server, so what it spends building a request is taken from the server it measures.
 */
function saveBodies(tourAnswer: unknown) {
  const tour = tourSchema.parse(tourAnswer);
  const selection = {
    categoryId: tour.categories[0]?.value ?? '',
    typeId: tour.types[0]?.value ?? '',
    passengers: [{ customerTypeId: CustomerTypeId.adult, quantity: 2 }],
    hotels: [],
    services: [],
  };
  const result = quoteBooking(pricingCatalogFromTour(tour), selection);
  if (!result.ok) throw new Error(`the bench's booking does not price: ${result.error.code}`);
  const { quote } = result;
  const nextDate = travelDates();
  return () =>
    JSON.stringify(
      requestFromQuote({
        tourId: tour.id,
        date: nextDate(),
        selection,
        quote,
        mode: 'T',
        isPassager: false,
      }),
    );
}

/** Signs in through the API as the login screen does, and answers the session's headers. */
async function signIn(url: string, credentials: { username: string; password: string }) {
  const session = (await json(`${url}/api/authentication/login`, {
    method: 'POST',
    headers: { ...browserHeaders, 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  })) as { token: string };
  return { ...browserHeaders, authorization: `Bearer ${session.token}` };
}

/**
 * A new customer as one arrives: signs up, signs in and books the tour (the booking page's
 * save), and does not pay: the booking's checkout is still open when its detail is read.
 */
async function freshBooking(url: string, nextBody: () => string) {
  const credentials = {
    username: `bench.${randomUUID().slice(0, 8)}@example.com`,
    password: 'Qoricancha-2026',
  };
  await json(`${url}/api/authentication/client/register`, {
    method: 'POST',
    headers: { ...browserHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Rosa',
      lastname: 'Mamani',
      email: credentials.username,
      mobile: '+51 984 555 111',
      birthdate: '1988-03-21',
      password: credentials.password,
      countryId: 'PE',
    }),
  });
  const headers = await signIn(url, credentials);
  const saved = (await json(`${url}/api/tour/save`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: nextBody(),
  })) as { code: string; transactionId: string | null };
  if (!saved.transactionId) throw new Error('the fresh booking has no open checkout');
  return { headers, code: saved.code };
}

/**
 * The public pages (issue 33): the catalogue, and the first tour page `/sitemap.xml` lists.
 * Until the product serves them, each is answered with why it cannot be measured.
 */
async function publicPages(url: string): Promise<BenchCall[]> {
  const page = (name: string, path: string): BenchCall => ({
    name,
    method: 'GET',
    path,
    headers: pageHeaders,
  });
  const sitemap = await fetch(`${url}/sitemap.xml`, { headers: pageHeaders });
  const xml = sitemap.ok ? await sitemap.text() : '';
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
  const tourPage = locs.find((loc) => /\/tours\/[^/]+$/.test(loc));
  if (!tourPage) {
    const unavailable = sitemap.ok
      ? 'no tour page in /sitemap.xml'
      : `/sitemap.xml ${sitemap.status}`;
    return [
      { ...page(CALL.catalogue, '/en/tours'), unavailable },
      { ...page(CALL.tourPage, '/en/tours/'), unavailable },
    ];
  }
  const tourPath = new URL(tourPage).pathname;
  const catalogue = tourPath.replace(/\/[^/]+$/, '');
  const calls = [page(CALL.catalogue, catalogue), page(CALL.tourPage, tourPath)];
  for (const call of calls) {
    const answer = await fetch(`${url}${call.path}`, { headers: pageHeaders });
    if (!answer.ok) call.unavailable = `${call.path} ${answer.status}`;
  }
  return calls;
}

/**
 * Signs in the demo customer, books as a new customer, and answers the calls of the bench's
 * table, each with what a browser sends (browser.ts).
 */
export async function benchCalls(url: string): Promise<BenchCall[]> {
  const signedIn = await signIn(url, customer);
  const list = (await json(`${url}/api/tour/booking/list`, { headers: signedIn })) as {
    id: string;
  }[];
  const code = list[0]?.id;
  if (!code) throw new Error('the demo customer has no booking to read');
  const nextBody = saveBodies(await json(`${url}/api/tour/${TOUR_CODE}`));
  const fresh = await freshBooking(url, nextBody);
  const get = (name: string, path: string, headers: BrowserHeaders): BenchCall => ({
    name,
    method: 'GET',
    path,
    headers,
  });
  return [
    get(CALL.tour, `/api/tour/${TOUR_CODE}`, browserHeaders),
    get(CALL.tourIdentity, `/api/tour/${TOUR_CODE}`, withoutCompression(browserHeaders)),
    get(CALL.countries, '/api/common/countries', browserHeaders),
    get(CALL.list, '/api/tour/booking/list', signedIn),
    get(CALL.detail, `/api/tour/booking/${code}`, signedIn),
    get(CALL.detailOpen, `/api/tour/booking/${fresh.code}`, fresh.headers),
    ...(await publicPages(url)),
    {
      name: CALL.save,
      method: 'POST',
      path: '/api/tour/save',
      headers: { ...signedIn, 'content-type': 'application/json' },
      nextBody,
      connections: 20,
    },
  ];
}
