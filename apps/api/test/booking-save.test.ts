import {
  addYears,
  bookingQuote,
  bookingSaveResponse,
  CustomerTypeId,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingHotelLines,
  bookings,
  clients,
  ledgerEntries,
  passengerSlots,
  paymentAttempts,
  tourPrices,
  users,
} from '../src/db/schema.ts';
import { bookingCodePattern } from '../src/modules/bookings/codes.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, nextTestDate, offersOf, postBooking } from './support/bookings.ts';

let ctx: TestContext;
let token: string;
let userId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const session = await signUpAndIn(ctx.app, { name: 'Valeria', lastname: 'Condori' });
  token = session.token;
  userId = session.user.id;
});
afterAll(() => ctx?.close());

async function bookingCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(bookings);
  return row?.n ?? 0;
}

async function debtOf(code: string) {
  const [row] = await ctx.database.db
    .execute<{ debt: number }>(sql`
    select coalesce(sum(case when l.kind in ('purchase', 'addition') then l.amount_cents else -l.amount_cents end), 0)::int as debt
    from ledger_entries l join bookings b on b.id = l.booking_id where b.code = ${code}`)
    .then((result) => (result as unknown as { rows: { debt: number }[] }).rows);
  return row?.debt;
}

/*
 * The figures below are computed by hand from the seed (apps/api/src/seed/content/tours) and the
 * rules of spec §9 and ADR 0010, not by `quoteBooking`: the requests are built with it (as the
 * booking page builds them), so a figure compared with the request would agree with the server
 * whatever the pricing rules got wrong.
 */
describe('POST /api/tour/save', () => {
  it('saves 2 adults and 1 student with a service, priced by the server', async () => {
    const tour = await loadTour(ctx.app, '100401');
    const body = bookingFor(tour, {
      adults: 2,
      students: 1,
      services: [{ offer: 0, quantity: 2 }],
    });
    const response = await postBooking(ctx.app, token, body);
    expect(response.statusCode, response.body).toBe(201);
    const saved = bookingSaveResponse.parse(response.json());
    expect(saved.code).toMatch(bookingCodePattern);
    expect(saved.bookingId).toBe(saved.code);
    // Classic Inca Trail (100401), group, English. 3 paying passengers: the tier of 1 (it applies
    // to 1–3): adult 790, student 755. Passengers 2 × 790 + 755 = 2,335; 2 sleeping bags at 25 =
    // 50. Total 2,385, paid in full (mode T).
    expect(saved.total).toBe(2385);
    expect(saved.amount).toBe(2385);
    expect(saved.amountStr).toBe('238500');
    // The first payment attempt, for the total the customer chose to pay.
    expect(saved.transactionId).toEqual(expect.any(String));
    const [attempt] = await ctx.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, saved.transactionId ?? ''));
    expect(attempt).toMatchObject({
      status: 'pending',
      amountCents: 238_500,
      currency: 'USD',
    });

    const [booking] = await ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.code, saved.code));
    expect(booking).toMatchObject({
      userId,
      travelDate: body.startDate,
      paymentMode: 'T',
      passengersCents: 233_500,
      hotelsCents: 0,
      servicesCents: 5_000,
      totalCents: 238_500,
    });

    const slots = await ctx.database.db
      .select()
      .from(passengerSlots)
      .where(eq(passengerSlots.bookingId, booking?.id ?? ''))
      .orderBy(passengerSlots.position);
    expect(slots.map((slot) => slot.customerTypeId)).toEqual([
      CustomerTypeId.adult,
      CustomerTypeId.adult,
      CustomerTypeId.student,
    ]);
    expect(slots.every((slot) => slot.clientId === null)).toBe(true);

    const ledger = await ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.bookingId, booking?.id ?? ''));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: 'purchase', amountCents: 238_500 });
    expect(await debtOf(saved.code)).toBe(238_500);
  });

  it('prices the deposit when the customer pays partially', async () => {
    const tour = await loadTour(ctx.app, '100401');
    const body = bookingFor(tour, {
      adults: 2,
      students: 1,
      babies: 1,
      services: [{ offer: 1, quantity: 1 }],
      mode: 'P',
    });
    const response = await postBooking(ctx.app, token, body);
    expect(response.statusCode, response.body).toBe(201);
    const saved = bookingSaveResponse.parse(response.json());
    // 100401, group, English. 3 paying passengers (the baby rides free and does not count for
    // the tier): the tier of 1, adult 790, student 755, baby 0. Passengers 2 × 790 + 755 =
    // 2,335; an inflatable mattress 20. Total 2,355. The deposit is half of the passengers
    // (services excluded) in whole dollars: 2,335 / 2 = 1,167.50 → 1,167.
    expect(saved.total).toBe(2355);
    expect(saved.amount).toBe(1167);
    expect(saved.amountStr).toBe('116700');
    const [attempt] = await ctx.database.db
      .select({ amountCents: paymentAttempts.amountCents })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, saved.transactionId ?? ''));
    expect(attempt?.amountCents).toBe(116_700);
  });

  it('lets the signed-in customer travel: their record fills the first adult slot', async () => {
    const tour = await loadTour(ctx.app, '200501');
    const response = await postBooking(
      ctx.app,
      token,
      bookingFor(tour, { adults: 1, students: 1, isPassager: true }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const [booking] = await ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.code, response.json().code));
    const slots = await ctx.database.db
      .select({
        type: passengerSlots.customerTypeId,
        firstName: clients.firstName,
        lastName: clients.lastName,
      })
      .from(passengerSlots)
      .leftJoin(clients, eq(clients.id, passengerSlots.clientId))
      .where(eq(passengerSlots.bookingId, booking?.id ?? ''))
      .orderBy(passengerSlots.position);
    expect(slots).toEqual([
      { type: CustomerTypeId.adult, firstName: 'Valeria', lastName: 'Condori' },
      { type: CustomerTypeId.student, firstName: null, lastName: null },
    ]);

    // A second booking reuses the same passenger record.
    const again = await postBooking(
      ctx.app,
      token,
      bookingFor(tour, { adults: 1, isPassager: true }),
    );
    expect(again.statusCode).toBe(201);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
    const linked = await ctx.database.db
      .select({ n: count() })
      .from(passengerSlots)
      .where(eq(passengerSlots.clientId, user?.clientId ?? ''));
    expect(linked[0]?.n).toBe(2);
  });

  it('saves a hotel tour with its hotel lines priced per room and night', async () => {
    const tour = await loadTour(ctx.app, '300501');
    const body = bookingFor(tour, { adults: 2, hotels: [{ type: 0, room: 1, rooms: 1 }] });
    const response = await postBooking(ctx.app, token, body);
    expect(response.statusCode, response.body).toBe(201);
    const saved = bookingSaveResponse.parse(response.json());
    // Cusco and Machu Picchu package (300501), group, English, 4 hotel nights. 2 adults: the tier
    // of 1, 990 each = 1,980. One double room of the tourist hotel: 85 a night × 4 nights × 1
    // room = 340. Total 2,320.
    expect(saved.total).toBe(2320);
    const [booking] = await ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.code, saved.code));
    expect(booking).toMatchObject({
      passengersCents: 198_000,
      hotelsCents: 34_000,
      totalCents: 232_000,
    });
    const lines = await ctx.database.db
      .select({
        rooms: bookingHotelLines.rooms,
        nights: bookingHotelLines.nights,
        unitCents: bookingHotelLines.unitCents,
        totalCents: bookingHotelLines.totalCents,
      })
      .from(bookingHotelLines)
      .where(eq(bookingHotelLines.bookingId, booking?.id ?? ''));
    expect(lines).toEqual([{ rooms: 1, nights: 4, unitCents: 8_500, totalCents: 34_000 }]);
  });
});

describe('POST /api/tour/save refuses, saving nothing', () => {
  async function expectRefused(body: unknown, status: number, message: string) {
    const before = await bookingCount();
    const response = await postBooking(ctx.app, token, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await bookingCount()).toBe(before);
  }

  it('without a category', async () => {
    const tour = await loadTour(ctx.app, '100401');
    await expectRefused(
      { ...bookingFor(tour), categoryId: '' },
      400,
      'Please select the Type and Category fields to search fill passengers.',
    );
  });

  it('with a category or a type of another tour', async () => {
    const classic = await loadTour(ctx.app, '100401');
    const machuPicchu = await loadTour(ctx.app, '400101');
    await expectRefused(
      { ...bookingFor(classic), categoryId: machuPicchu.categories[0]?.value },
      400,
      'Please select the Type and Category fields to search fill passengers.',
    );
    await expectRefused(
      { ...bookingFor(classic), tourTypeId: '00000000-0000-4000-8000-000000000000' },
      400,
      'Please select the Type and Category fields to search fill passengers.',
    );
  });

  it('without an adult or a student', async () => {
    const tour = await loadTour(ctx.app, '100401');
    await expectRefused(
      bookingFor(tour, { adults: 0, children: 2 }),
      422,
      'At least one adult must be selected.',
    );
  });

  it('without a hotel line on a tour with hotels', async () => {
    const tour = await loadTour(ctx.app, '400201');
    await expectRefused(
      bookingFor(tour, { adults: 2 }),
      422,
      'Selecting a Hotel in this Tour is mandatory.',
    );
  });

  it('with a hotel and room that have no price', async () => {
    const tour = await loadTour(ctx.app, '300501');
    const luxury = tour.hotel?.types.findIndex((type) => type.label.startsWith('Luxury')) ?? -1;
    const triple = tour.hotel?.rooms.findIndex((room) => room.label.startsWith('Triple')) ?? -1;
    expect(luxury).toBeGreaterThanOrEqual(0);
    const body = bookingFor(tour, { adults: 2, hotels: [{ type: 0, room: 0, rooms: 1 }] });
    body.hotels = [
      {
        hoteTypeId: tour.hotel?.types[luxury]?.value ?? '',
        roomTypeId: tour.hotel?.rooms[triple]?.value ?? '',
        price: 1,
        quantity: 1,
        amount: 4,
      },
    ];
    await expectRefused(
      body,
      422,
      'The room Triple room is not configured for the hotel Luxury hotel 5★.',
    );
  });

  it('with hotel lines on a tour without hotels', async () => {
    const tour = await loadTour(ctx.app, '100401');
    const body = {
      ...bookingFor(tour),
      hotels: [{ hoteTypeId: 'x', roomTypeId: 'y', price: 1, quantity: 1, amount: 1 }],
    };
    await expectRefused(body, 400, 'The data sent is not valid');
  });

  it('with a travel date in the past, or beyond ten years', async () => {
    const tour = await loadTour(ctx.app, '100401');
    const yesterday = dayjs(todayInLima()).subtract(1, 'day').format('YYYY-MM-DD');
    await expectRefused(
      bookingFor(tour, { date: yesterday }),
      422,
      'The travel date cannot be before today',
    );
    await expectRefused(
      bookingFor(tour, {
        date: dayjs(addYears(todayInLima(), 10)).add(1, 'day').format('YYYY-MM-DD'),
      }),
      400,
      'Enter a valid date',
    );
  });

  it('with an end date other than the start date', async () => {
    const tour = await loadTour(ctx.app, '100401');
    const body = bookingFor(tour);
    await expectRefused(
      { ...body, endDate: addYears(body.startDate, 1) },
      400,
      'Enter a valid date',
    );
  });

  it.each([
    ['adultPassengers', 100],
    ['adultPassengers', -1],
    ['adultPassengers', 1.5],
    ['studentPassengers', '2'],
    ['amountStr', '12.50'],
    ['amount', -5],
    ['tourId', 'not-a-uuid'],
  ])('with %s = %j', async (field, value) => {
    const tour = await loadTour(ctx.app, '100401');
    const response = await postBooking(ctx.app, token, { ...bookingFor(tour), [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field });
  });

  it('with a service offer of another tour', async () => {
    const classic = await loadTour(ctx.app, '100401');
    const salkantay = await loadTour(ctx.app, '200501');
    const body = bookingFor(classic, { services: [{ offer: 0, quantity: 1 }] });
    const foreign = offersOf(salkantay).find(
      (offer) => !offersOf(classic).some((own) => own.id === offer.id),
    );
    const line = body.additionalServices?.[0];
    if (!line || !foreign) throw new Error('test data missing');
    line.tourAdditionalServiceId = foreign.id;
    await expectRefused(body, 400, 'The data sent is not valid');
  });

  it('for a tour that does not exist', async () => {
    const tour = await loadTour(ctx.app, '100401');
    await expectRefused(
      { ...bookingFor(tour), tourId: '00000000-0000-4000-8000-000000000000' },
      404,
      'This tour does not exist',
    );
  });

  it('without a session', async () => {
    const tour = await loadTour(ctx.app, '100401');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/tour/save',
      payload: bookingFor(tour),
    });
    expect(response.statusCode).toBe(401);
  });

  it('when a passenger type has no price, naming it as the spec does', async () => {
    const tour = await loadTour(ctx.app, '200402');
    // The Choquequirao trek leaves on Mondays and Thursdays.
    const body = bookingFor(tour, { adults: 1, babies: 1, date: nextTestDate([1, 4]) });
    await ctx.database.db
      .delete(tourPrices)
      .where(
        sql`${tourPrices.tourId} = ${tour.id} and ${tourPrices.customerTypeId} = ${CustomerTypeId.baby}`,
      );
    await expectRefused(
      body,
      422,
      `No prices were found for the type of person Baby related to category ${tour.categories[0]?.label} and the type ${tour.types[0]?.label}`,
    );
  });
});

describe('tampered figures get 409 with the server figures', () => {
  it.each([
    ['adultPrice', (body: Record<string, unknown>) => ({ ...body, adultPrice: 1 })],
    [
      'amount',
      (body: Record<string, unknown>) => ({ ...body, amount: 10, amountStr: '1000', debt: 0 }),
    ],
    ['amountStr', (body: Record<string, unknown>) => ({ ...body, amountStr: '100' })],
    ['debt', (body: Record<string, unknown>) => ({ ...body, debt: 5 })],
    ['paymentMode', (body: Record<string, unknown>) => ({ ...body, paymentMode: 'P' })],
    [
      'service price',
      (body: Record<string, unknown>) => ({
        ...body,
        additionalServices: (body.additionalServices as { amountUnit: number }[]).map((line) => ({
          ...line,
          amountUnit: 0.01,
        })),
      }),
    ],
  ])('%s', async (_name, tamper) => {
    const tour = await loadTour(ctx.app, '100401');
    const honest = bookingFor(tour, {
      adults: 2,
      students: 1,
      services: [{ offer: 0, quantity: 1 }],
    });
    const before = await bookingCount();
    const response = await postBooking(ctx.app, token, tamper(honest as Record<string, unknown>));
    expect(response.statusCode, response.body).toBe(409);
    const error = response.json();
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: 'The prices have changed. Please review the new amounts.',
    });
    // The server's own figures, computed by hand: 2 × 790 + 755 (the 1–3 tier) + one sleeping
    // bag at 25; the deposit is half of the passengers, services excluded: 2335 / 2 → 1167.
    const quote = bookingQuote.parse(error.details.quote);
    expect(quote.total).toBe(2360);
    expect(quote.partial).toBe(1167);
    expect(quote.amount).toBe(quote.paymentMode === 'P' ? 1167 : 2360);
    expect(error.details.fields.length).toBeGreaterThan(0);
    expect(await bookingCount()).toBe(before);
  });

  it('hotel figures', async () => {
    const tour = await loadTour(ctx.app, '400201');
    const honest = bookingFor(tour, { adults: 2, hotels: [{ type: 0, room: 1, rooms: 1 }] });
    const hotel = honest.hotels?.[0];
    if (!hotel) throw new Error('hotel line missing');
    const response = await postBooking(ctx.app, token, {
      ...honest,
      hotels: [{ ...hotel, price: hotel.price - 1 }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().details.fields).toContain('hotels.0.price');
    // Machu Picchu two days (400201), group, tourist category, 1 hotel night. 2 adults at the
    // tier of 1: 2 × 470 = 940. One double room of the tourist hotel: 90 × 1 night × 1 room = 90.
    // Total 1,030; deposit (940 + 90) / 2 = 515.
    const quote = bookingQuote.parse(response.json().details.quote);
    expect(quote.hotels[0]).toMatchObject({ nights: 1, price: 90, amount: 90 });
    expect(quote.total).toBe(1030);
    expect(quote.partial).toBe(515);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and saves one booking', async () => {
    const tour = await loadTour(ctx.app, '100401');
    const body = bookingFor(tour, { adults: 3 });
    const key = 'booking-retry-0001';
    const before = await bookingCount();
    const first = await postBooking(ctx.app, token, body, { 'idempotency-key': key });
    const second = await postBooking(ctx.app, token, body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await bookingCount()).toBe(before + 1);
  });

  it('refuses the same key with another body (422)', async () => {
    const tour = await loadTour(ctx.app, '100401');
    const key = 'booking-retry-0002';
    expect(
      (
        await postBooking(ctx.app, token, bookingFor(tour, { adults: 1 }), {
          'idempotency-key': key,
        })
      ).statusCode,
    ).toBe(201);
    const other = await postBooking(ctx.app, token, bookingFor(tour, { adults: 2 }), {
      'idempotency-key': key,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(
      'The same Idempotency-Key was already used for a different request, so nothing was done: send each new request with a new key',
    );
  });

  it('keys belong to their user: another customer may use the same key', async () => {
    const tour = await loadTour(ctx.app, '100401');
    const other = await signUpAndIn(ctx.app);
    const key = 'booking-retry-0003';
    expect(
      (await postBooking(ctx.app, token, bookingFor(tour), { 'idempotency-key': key })).statusCode,
    ).toBe(201);
    const response = await postBooking(ctx.app, other.token, bookingFor(tour), {
      'idempotency-key': key,
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
  });

  it(`saves one booking when ${isPostgres ? 'ten' : 'several'} requests with one key arrive at once`, async () => {
    const tour = await loadTour(ctx.app, '100401');
    const body = bookingFor(tour, { adults: 4 });
    const before = await bookingCount();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        postBooking(ctx.app, token, body, { 'idempotency-key': 'booking-race-0001' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.json().code)).size).toBe(1);
    expect(await bookingCount()).toBe(before + 1);
  });
});
