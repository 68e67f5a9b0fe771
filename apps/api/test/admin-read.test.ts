import { inflateSync } from 'node:zlib';
import {
  adminAuditList,
  adminBookingDetail,
  adminBookingList,
  adminDashboard,
  adminDepartureList,
  adminManifest,
  CustomerTypeId,
  IncidentTypeId,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { bookings } from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import {
  detailOf,
  jpegBytes,
  loadPassengerOptions,
  type PassengerOptions,
  passengerBody,
  slotOf,
  uploadDocument,
} from './support/passengers.ts';

/**
 * The back office's reads (issue 13): the bookings search, one booking, the audit trail,
 * departures, manifests with their CSV and PDF, and the dashboard. Staff only.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let agent: Session;
let admin: Session;
let corporate: Session;
let customer: Session;
let options: PassengerOptions;
/** A date of this file's own, far from the other tests' bookings. */
const DAY = '2031-03-17';
const LATER = '2031-03-19';
let full: { code: string; debt: number };
let owing: { code: string; debt: number };

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  corporate = await signIn(app, demoAccounts.corporate.email, demoAccounts.corporate.password);
  customer = await signUpAndIn(app, { name: 'Yolanda', lastname: 'Choque' });
  options = await loadPassengerOptions(app, customer.token);
  owing = await book(DAY, 2);
  full = await book(LATER, 1);
  // One passenger of the first booking registered in full; the second booking paid at the desk.
  const detail = await detailOf(app, customer.token, owing.code);
  const saved = await app.inject({
    method: 'POST',
    url: `/api/client/${slotOf(detail, CustomerTypeId.adult).id}/create`,
    headers: bearer(customer.token),
    payload: passengerBody(options, owing.code, { firstName: 'Julia', lastName: 'Ccori' }),
  });
  expect(saved.statusCode, saved.body).toBe(201);
  const scan = await uploadDocument(app, customer.token, saved.json().id as string, {
    file: { bytes: jpegBytes(), name: 'passport.jpg', type: 'image/jpeg' },
  });
  expect(scan.statusCode, scan.body).toBe(200);
  const paid = await app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${full.code}/payments`,
    headers: bearer(agent.token),
    payload: { amount: full.debt, method: 'cash' },
  });
  expect(paid.statusCode, paid.body).toBe(201);
});
afterAll(async () => ctx?.close());

/** The PDF's content streams, inflated and joined. */
function contentStreams(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const parts: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      parts.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      parts.push(text.slice(start, end));
    }
  }
  return parts.join('\n');
}

async function book(date: string, adults: number, tourCode = '100401') {
  const tour = await loadTour(app, tourCode);
  const body = bookingFor(tour, { adults, date });
  const response = await postBooking(app, customer.token, body);
  expect(response.statusCode, response.body).toBe(201);
  return { code: response.json().code as string, debt: body.amount };
}

const get = (token: string, url: string) =>
  app.inject({ url: `/api/admin/${url}`, headers: bearer(token) });

async function search(query: string) {
  const response = await get(agent.token, `bookings?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return {
    rows: adminBookingList.parse(response.json()),
    total: Number(response.headers['x-total-count']),
  };
}

describe('who may read', () => {
  it("answers 404 to a customer's and a corporate user's token on every read, 401 without one", async () => {
    const urls = [
      'dashboard',
      'bookings',
      `bookings/${owing.code}`,
      'audit',
      'departures',
      `departures/100401/${DAY}/manifest`,
      `departures/100401/${DAY}/manifest.csv`,
      `departures/100401/${DAY}/manifest.pdf`,
    ];
    for (const url of urls) {
      for (const token of [customer.token, corporate.token]) {
        expect((await get(token, url)).statusCode, url).toBe(404);
      }
      expect((await app.inject({ url: `/api/admin/${url}` })).statusCode, url).toBe(401);
      expect((await get(admin.token, url)).statusCode, url).toBe(200);
    }
  });

  it('refuses hostile parameters with 400, never 500', async () => {
    for (const url of [
      'bookings?status=lost',
      'bookings?sort=password',
      'bookings?from=2031-02-30',
      `bookings?q=${'x'.repeat(101)}`,
      'bookings?page=0',
      'audit?pageSize=1000',
      'departures?from=2030-01-01&to=2032-01-01',
      'departures?to=2030-01-01&from=2030-02-01',
      'departures/100401/17-03-2031/manifest',
      `departures/${'9'.repeat(40)}/${DAY}/manifest`,
    ]) {
      const response = await get(agent.token, url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
    }
    expect((await get(agent.token, 'bookings/CT-NOPE00')).statusCode).toBe(404);
    expect((await get(agent.token, 'departures/100401/2031-03-18/manifest')).statusCode).toBe(404);
  });
});

describe('the bookings search', () => {
  it('finds by code, customer name or e-mail, tour and dates, with totals and standing', async () => {
    const byCode = await search(`q=${owing.code.toLowerCase()}`);
    expect(byCode.rows).toEqual([
      expect.objectContaining({
        code: owing.code,
        tourCode: '100401',
        travelDate: DAY,
        customerName: 'Yolanda Choque',
        customerEmail: customer.user.email,
        corporate: false,
        passengers: 2,
        total: owing.debt,
        paid: 0,
        debt: owing.debt,
        status: 'unpaid',
      }),
    ]);
    const byName = await search('q=yolanda%20choque&sort=travelDate');
    expect(byName.rows.map((row) => row.code)).toEqual([owing.code, full.code]);
    const byEmail = await search(`q=${encodeURIComponent(customer.user.email)}&sort=-travelDate`);
    expect(byEmail.rows.map((row) => row.code)).toEqual([full.code, owing.code]);
    const byDates = await search(`from=${DAY}&to=${DAY}&tour=100401`);
    expect(byDates.rows.map((row) => row.code)).toContain(owing.code);
    expect(byDates.rows.map((row) => row.code)).not.toContain(full.code);
    expect((await search(`q=${owing.code}&tour=999999`)).rows).toEqual([]);
  });

  it('filters by money standing and pages with the total count', async () => {
    const paid = await search(`q=${full.code}&status=paid`);
    expect(paid.rows).toEqual([
      expect.objectContaining({ code: full.code, debt: 0, status: 'paid' }),
    ]);
    expect((await search(`q=${full.code}&status=unpaid`)).rows).toEqual([]);
    expect((await search(`q=${owing.code}&status=unpaid`)).rows).toHaveLength(1);
    const first = await search('q=yolanda&pageSize=1&sort=travelDate');
    const second = await search('q=yolanda&pageSize=1&page=2&sort=travelDate');
    expect(first.total).toBe(2);
    expect(second.total).toBe(2);
    expect([first.rows[0]?.code, second.rows[0]?.code]).toEqual([owing.code, full.code]);
    const past = await search('q=yolanda&pageSize=1&page=5');
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(2);
  });
});

describe('one booking, and the audit trail', () => {
  it("shows the customer's detail, the customer, the attempts, the requests and the audit trail", async () => {
    const raised = await app.inject({
      method: 'POST',
      url: '/api/incident/save',
      headers: bearer(customer.token),
      payload: {
        name: 'Pickup',
        description: 'From the hotel?',
        typeId: IncidentTypeId.freeSubject,
        bookingId: full.code,
      },
    });
    expect(raised.statusCode).toBe(201);
    const answered = await app.inject({
      method: 'POST',
      url: `/api/admin/incidents/${raised.json().id}/answer`,
      headers: bearer(agent.token),
      payload: { response: 'Yes, at 4:30.' },
    });
    expect(answered.statusCode).toBe(200);

    const response = await get(agent.token, `bookings/${full.code.toLowerCase()}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = adminBookingDetail.parse(response.json());
    expect(detail.booking).toEqual(await detailOf(app, customer.token, full.code));
    expect(detail.customer).toMatchObject({
      name: 'Yolanda Choque',
      email: customer.user.email,
      corporate: null,
    });
    expect(detail.status).toBe('paid');
    expect(detail.requests).toEqual([
      expect.objectContaining({
        name: 'Pickup',
        response: 'Yes, at 4:30.',
        answeredBy: expect.any(String),
      }),
    ]);
    expect(detail.audit.map((entry) => entry.action)).toEqual([
      'incident.answer',
      'booking.payment',
    ]);
    expect(detail.audit[1]).toMatchObject({
      staffEmail: demoAccounts.agent.email,
      bookingCode: full.code,
      before: { debt: full.debt },
      after: expect.objectContaining({ debt: 0 }),
    });

    const trail = await get(admin.token, `audit?booking=${full.code}`);
    expect(trail.statusCode).toBe(200);
    expect(adminAuditList.parse(trail.json()).map((entry) => entry.action)).toEqual([
      'incident.answer',
      'booking.payment',
    ]);
    expect(trail.headers['x-total-count']).toBe('2');
    const byStaff = adminAuditList.parse(
      (
        await get(admin.token, `audit?user=${demoAccounts.agent.email.toUpperCase()}&pageSize=100`)
      ).json(),
    );
    expect(byStaff.every((entry) => entry.staffEmail === demoAccounts.agent.email)).toBe(true);
    expect(byStaff.map((entry) => entry.bookingCode)).toContain(full.code);
  });
});

describe('departures and manifests', () => {
  it('lists each tour and date with passengers booked, paid and complete', async () => {
    const response = await get(agent.token, `departures?from=${DAY}&to=${LATER}&tour=100401`);
    expect(response.statusCode, response.body).toBe(200);
    const departures = adminDepartureList.parse(response.json());
    expect(departures.map((row) => row.date)).toEqual([DAY, LATER]);
    expect(departures[0]).toMatchObject({
      tourCode: '100401',
      bookings: 1,
      passengers: 2,
      paidPassengers: 0,
      complete: 1,
      debt: owing.debt,
    });
    expect(departures[1]).toMatchObject({
      bookings: 1,
      passengers: 1,
      paidPassengers: 1,
      complete: 0,
      debt: 0,
    });
  });

  it('gives the manifest with the incomplete first, and CSV and PDF exports of the same rows', async () => {
    const response = await get(agent.token, `departures/100401/${DAY}/manifest`);
    expect(response.statusCode, response.body).toBe(200);
    const manifest = adminManifest.parse(response.json());
    expect(manifest).toMatchObject({ tourCode: '100401', date: DAY, total: 2, complete: 1 });
    expect(manifest.passengers.map((p) => p.completeness === 100)).toEqual([false, true]);
    expect(manifest.passengers[1]).toMatchObject({
      bookingCode: owing.code,
      name: 'Julia',
      lastName: 'Ccori',
      documentNumber: expect.any(String),
      nationality: expect.any(String),
      hasScan: true,
      customerName: 'Yolanda Choque',
    });
    expect(manifest.passengers[0]).toMatchObject({
      name: null,
      documentNumber: null,
      completeness: 0,
    });

    const csv = await get(agent.token, `departures/100401/${DAY}/manifest.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="manifest-100401-${DAY}.csv"`,
    );
    // Passengers' passports: never kept by a browser or proxy cache.
    expect(csv.headers['cache-control']).toBe('private, no-store');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Booking","Paid","Passenger","First name","Last name","Document type","Document number","Nationality","Birth date","Type","Diet","Medical notes","Complete (%)","Scan on file","Lead contact","Lead contact\'s phone","Pickup hotel","Age","Sex","Allergies","Emergency contact","Emergency phone"',
    );
    const rows = lines.slice(1).map((line) => line.slice(1, -1).split('","'));
    expect(rows).toHaveLength(manifest.passengers.length);
    rows.forEach((fields, index) => {
      const passenger = manifest.passengers[index];
      expect(fields[0]).toBe(passenger?.bookingCode);
      expect(fields[1]).toBe(passenger?.paid ? 'Yes' : 'No');
      // A passenger without data reads "data missing", never an empty cell (issue 28).
      expect(fields[3]).toBe(passenger?.name ?? 'data missing');
      expect(fields[6]).toBe(passenger?.documentNumber ?? 'data missing');
      expect(fields[12]).toBe(String(passenger?.completeness));
      expect(fields[14]).toBe(passenger?.customerName);
      // A phone's leading + is defused for spreadsheets, as every formula-like value.
      expect(fields[15]?.replace(/^'/, '')).toBe(passenger?.customerPhone);
      expect(fields[15]).not.toBe('');
    });
    const spanish = await app.inject({
      url: `/api/admin/departures/100401/${DAY}/manifest.csv`,
      headers: { ...bearer(agent.token), 'accept-language': 'es' },
    });
    expect(spanish.body).toContain('"Reserva","Pagado","Pasajero","Nombres"');
    expect(spanish.body).toContain('faltan datos');

    const pdf = await get(agent.token, `departures/100401/${DAY}/manifest.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // pdf-lib writes text as hex strings of its WinAnsi codes, in deflated content streams:
    // "Ccori, Julia" and the completeness figure are on the page.
    const pageText = contentStreams(pdf.rawPayload);
    const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();
    expect(pageText).toContain(hex('Ccori, Julia'));
    expect(pageText).toContain(hex('1 of 2 passengers complete'));
    // The passenger not yet named, and the unpaid holds apart, with whole headers.
    expect(pageText).toContain(hex('data missing'));
    expect(pageText).toContain(hex('Document'));
    expect(pageText).toContain(hex('number'));
    if (manifest.passengers.some((passenger) => !passenger.paid)) {
      expect(pageText).toContain(hex('Unpaid holds'));
    }
  });
});

describe('the dashboard', () => {
  it('has the waiting requests, near departures, refunds due and unpaid balances', async () => {
    const soon = dayjs(todayInLima()).add(5, 'day').format('YYYY-MM-DD');
    // The Salkantay trek: booked 3 days ahead at least (the Inca Trail's 21 would refuse it).
    const near = await book(soon, 1, '200501');
    await app.inject({
      method: 'POST',
      url: '/api/incident/save',
      headers: bearer(customer.token),
      payload: { name: 'Waiting', typeId: IncidentTypeId.freeSubject, bookingId: near.code },
    });
    const response = await get(agent.token, 'dashboard');
    expect(response.statusCode, response.body).toBe(200);
    const dashboard = adminDashboard.parse(response.json());
    expect(dashboard.waitingRequests.count).toBeGreaterThanOrEqual(1);
    expect(dashboard.waitingRequests.oldest.length).toBeLessThanOrEqual(5);
    expect(dashboard.departures.some((row) => row.date === soon && row.tourCode === '200501')).toBe(
      true,
    );
    expect(dashboard.unpaidSoon.map((row) => row.code)).toContain(near.code);
    expect(dashboard.unpaidSoon.every((row) => row.debt > 0)).toBe(true);
    expect(dashboard.refundsDue.every((row) => row.status === 'refund_due')).toBe(true);
    const [row] = await db.select().from(bookings).where(eq(bookings.code, near.code));
    expect(row?.travelDate).toBe(soon);
  });
});
