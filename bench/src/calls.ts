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

/** One call of the bench: what autocannon sends, and the issue 11 targets it is held to. */
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
}

/** The demo customer of the seed (README, demo accounts). */
const customer = { username: 'traveller@example.com', password: 'IncaTrail2026' };
export const TOUR_CODE = '100401';

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

/** Signs in the demo customer and answers the calls of issue 11's table. */
export async function benchCalls(url: string): Promise<BenchCall[]> {
  const session = (await json(`${url}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(customer),
  })) as { token: string };
  // What a browser sends: its language, and the compressions it accepts.
  const browser = { 'accept-language': 'en', 'accept-encoding': 'gzip, deflate, br' };
  const signedIn = { ...browser, authorization: `Bearer ${session.token}` };
  const list = (await json(`${url}/api/tour/booking/list`, { headers: signedIn })) as {
    id: string;
  }[];
  const code = list[0]?.id;
  if (!code) throw new Error('the demo customer has no booking to read');
  const nextBody = saveBodies(await json(`${url}/api/tour/${TOUR_CODE}`));
  return [
    {
      name: 'GET /api/tour/{code}',
      method: 'GET',
      path: `/api/tour/${TOUR_CODE}`,
      headers: browser,
    },
    {
      name: 'GET /api/common/countries',
      method: 'GET',
      path: '/api/common/countries',
      headers: browser,
    },
    {
      name: 'GET /api/tour/booking/list',
      method: 'GET',
      path: '/api/tour/booking/list',
      headers: signedIn,
    },
    {
      name: 'GET /api/tour/booking/{code}',
      method: 'GET',
      path: `/api/tour/booking/${code}`,
      headers: signedIn,
    },
    {
      name: 'POST /api/tour/save',
      method: 'POST',
      path: '/api/tour/save',
      headers: { ...signedIn, 'content-type': 'application/json' },
      nextBody,
      connections: 20,
    },
  ];
}
