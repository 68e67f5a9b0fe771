import {
  adminBookingDetail,
  adminManifest,
  bookingDetail,
  PICKUP_PLACE_MAX_LENGTH,
  pickupAnswer,
} from '@cusco/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { auditEntries, bookings, hotelTypes } from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, nextTestDate, postBooking } from './support/bookings.ts';
import { bookWithSlots } from './support/passengers.ts';

/**
 * The pickup place (issue 28): the customer tells it on their booking, staff set or change it
 * (audited), both details carry it, and the guide's manifest (JSON, CSV) shows it, or the hotel
 * booked with the agency, or "data missing".
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let agent: Session;
let customer: Session;
let stranger: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  customer = await signUpAndIn(app, { name: 'Rosa', lastname: 'Quispe' });
  stranger = await signUpAndIn(app, { name: 'Pedro', lastname: 'Mamani' });
});
afterAll(async () => ctx?.close());

const setAsCustomer = (token: string, code: string, pickupPlace: unknown) =>
  app.inject({
    method: 'PUT',
    url: `/api/tour/booking/${code}/pickup`,
    headers: bearer(token),
    payload: { pickupPlace },
  });
const setAsStaff = (code: string, pickupPlace: unknown) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/bookings/${code}/pickup`,
    headers: bearer(agent.token),
    payload: { pickupPlace },
  });
const customerDetail = async (code: string) => {
  const response = await app.inject({
    url: `/api/tour/booking/${code}`,
    headers: bearer(customer.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return bookingDetail.parse(response.json());
};
const staffDetail = async (code: string) => {
  const response = await app.inject({
    url: `/api/admin/bookings/${code}`,
    headers: bearer(agent.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminBookingDetail.parse(response.json());
};
const storedPlace = async (code: string) =>
  (await db.select().from(bookings).where(eq(bookings.code, code)))[0]?.pickupPlace;

describe('the pickup place', () => {
  it('is set by the customer, trimmed, carried by both details, and cleared with ""', async () => {
    const { code, detail } = await bookWithSlots(app, customer.token);
    expect(detail.booking.pickupPlace).toBeNull();
    const saved = await setAsCustomer(
      customer.token,
      code,
      '  Hotel Monasterio, Calle Palacios 136 ',
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(pickupAnswer.parse(saved.json())).toEqual({
      code,
      pickupPlace: 'Hotel Monasterio, Calle Palacios 136',
    });
    expect((await customerDetail(code)).booking.pickupPlace).toBe(
      'Hotel Monasterio, Calle Palacios 136',
    );
    expect((await staffDetail(code)).booking.booking.pickupPlace).toBe(
      'Hotel Monasterio, Calle Palacios 136',
    );
    // A code in small letters names the same booking.
    const cleared = await setAsCustomer(customer.token, code.toLowerCase(), '   ');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await storedPlace(code)).toBeNull();
    expect((await customerDetail(code)).booking.pickupPlace).toBeNull();
  });

  it("is another customer's booking: 404, as one that does not exist, and nothing changes", async () => {
    const { code } = await bookWithSlots(app, customer.token);
    await setAsCustomer(customer.token, code, 'Casa Andina San Blas');
    const refused = await setAsCustomer(stranger.token, code, 'Somewhere else');
    expect(refused.statusCode).toBe(404);
    const missing = await setAsCustomer(stranger.token, 'CT-ZZZZZZ', 'Somewhere else');
    expect(missing.statusCode).toBe(404);
    expect(refused.json()).toEqual(missing.json());
    expect(await storedPlace(code)).toBe('Casa Andina San Blas');
  });

  it('refuses (400) a place too long, a NUL, a number or a missing field; a customer on the staff route gets 404', async () => {
    const { code } = await bookWithSlots(app, customer.token);
    const tooLong = await setAsCustomer(
      customer.token,
      code,
      'x'.repeat(PICKUP_PLACE_MAX_LENGTH + 1),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('200');
    expect((await setAsStaff(code, 'x'.repeat(PICKUP_PLACE_MAX_LENGTH + 1))).statusCode).toBe(400);
    expect((await setAsCustomer(customer.token, code, 'Hotel\u0000Cusco')).statusCode).toBe(400);
    expect((await setAsCustomer(customer.token, code, 42)).statusCode).toBe(400);
    const noField = await app.inject({
      method: 'PUT',
      url: `/api/tour/booking/${code}/pickup`,
      headers: bearer(customer.token),
      payload: {},
    });
    expect(noField.statusCode).toBe(400);
    // Exactly the longest place is kept.
    const longest = 'y'.repeat(PICKUP_PLACE_MAX_LENGTH);
    expect((await setAsCustomer(customer.token, code, longest)).statusCode).toBe(200);
    expect(await storedPlace(code)).toBe(longest);
    const staffRoute = await app.inject({
      method: 'PUT',
      url: `/api/admin/bookings/${code}/pickup`,
      headers: bearer(customer.token),
      payload: { pickupPlace: 'Mine' },
    });
    expect(staffRoute.statusCode).toBe(404);
    expect(await storedPlace(code)).toBe(longest);
  });

  it('is set and changed by staff, each change audited before → after', async () => {
    const { code } = await bookWithSlots(app, customer.token);
    await setAsCustomer(customer.token, code, 'Hotel Ruinas');
    const changed = await setAsStaff(code, 'Hotel Ruinas, room 12 (phone call)');
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await customerDetail(code)).booking.pickupPlace).toBe(
      'Hotel Ruinas, room 12 (phone call)',
    );
    const [booking] = await db.select().from(bookings).where(eq(bookings.code, code));
    const entries = await db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.bookingId, booking?.id ?? ''),
          eq(auditEntries.action, 'booking.pickup'),
        ),
      )
      .orderBy(desc(auditEntries.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.before).toEqual({ pickupPlace: 'Hotel Ruinas' });
    expect(entries[0]?.after).toEqual({ pickupPlace: 'Hotel Ruinas, room 12 (phone call)' });
    // The same place again changes nothing and writes no entry.
    expect((await setAsStaff(code, 'Hotel Ruinas, room 12 (phone call)')).statusCode).toBe(200);
    const again = await db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.bookingId, booking?.id ?? ''),
          eq(auditEntries.action, 'booking.pickup'),
        ),
      );
    expect(again).toHaveLength(1);
    expect((await setAsStaff('CT-ZZZZZZ', 'Anywhere')).statusCode).toBe(404);
  });

  it('is refused (422) on a cancelled booking, to the customer and to staff', async () => {
    const { code } = await bookWithSlots(app, customer.token);
    await setAsCustomer(customer.token, code, 'Hotel Arqueólogo');
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/tour/booking/${code}/changes`,
      headers: bearer(customer.token),
      payload: { kind: 'cancel' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    const refused = await setAsCustomer(customer.token, code, 'Elsewhere');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('BUSINESS_RULE');
    expect((await setAsStaff(code, 'Elsewhere')).statusCode).toBe(422);
    expect(await storedPlace(code)).toBe('Hotel Arqueólogo');
  });

  it('shows in the manifest (JSON and CSV): the place told, else the hotel booked with us, else "data missing"', async () => {
    // A hotel tour (every booking of it has rooms with us) and a trek without hotels.
    const hotelTour = await loadTour(app, '300501');
    const trek = await loadTour(app, '100401');
    const date = nextTestDate();
    const book = async (
      tour: typeof trek,
      hotels: { type: number; room: number; rooms: number }[],
    ) => {
      const body = bookingFor(tour, { adults: 1, hotels, date });
      const response = await postBooking(app, customer.token, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().code as string;
    };
    const told = await book(hotelTour, [{ type: 0, room: 1, rooms: 1 }]);
    const withHotel = await book(hotelTour, [{ type: 0, room: 1, rooms: 1 }]);
    const trekTold = await book(trek, []);
    const nothing = await book(trek, []);
    expect((await setAsCustomer(customer.token, told, 'Hotel Monasterio')).statusCode).toBe(200);
    expect((await setAsStaff(trekTold, 'Hostal Pakcha, San Blas')).statusCode).toBe(200);
    const [hotel] = await db
      .select()
      .from(hotelTypes)
      .where(eq(hotelTypes.id, hotelTour.hotel?.types[0]?.value ?? ''));
    expect(hotel?.nameEn).toBeTruthy();

    const manifestOf = async (tourCode: string) => {
      const response = await app.inject({
        url: `/api/admin/departures/${tourCode}/${date}/manifest`,
        headers: bearer(agent.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return adminManifest.parse(response.json()).passengers;
    };
    const passengers = [...(await manifestOf('300501')), ...(await manifestOf('100401'))];
    const placeOf = (code: string) =>
      passengers.find((passenger) => passenger.bookingCode === code)?.pickupPlace;
    expect(placeOf(told)).toBe('Hotel Monasterio');
    expect(placeOf(withHotel)).toBe(hotel?.nameEn);
    expect(placeOf(trekTold)).toBe('Hostal Pakcha, San Blas');
    expect(placeOf(nothing)).toBeNull();

    const csvOf = async (tourCode: string, language = 'en') => {
      const csv = await app.inject({
        url: `/api/admin/departures/${tourCode}/${date}/manifest.csv`,
        headers: { ...bearer(agent.token), 'accept-language': language },
      });
      expect(csv.statusCode).toBe(200);
      return csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .map((line) => line.slice(1, -1).split('","'));
    };
    const rows = [...(await csvOf('300501')), ...(await csvOf('100401'))];
    const column = rows[0]?.indexOf('Pickup hotel') ?? -1;
    expect(column).toBeGreaterThan(0);
    const cell = (code: string) => rows.find((fields) => fields[0] === code)?.[column];
    expect(cell(told)).toBe('Hotel Monasterio');
    expect(cell(withHotel)).toBe(hotel?.nameEn);
    expect(cell(trekTold)).toBe('Hostal Pakcha, San Blas');
    expect(cell(nothing)).toBe('data missing');

    const spanish = await csvOf('100401', 'es');
    const spanishColumn = spanish[0]?.indexOf('Hotel de recojo') ?? -1;
    expect(spanishColumn).toBeGreaterThan(0);
    expect(spanish.find((fields) => fields[0] === nothing)?.[spanishColumn]).toBe('faltan datos');
  });
});
