import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { type BookingOptions, bookingFor, loadTour, postBooking } from './support/bookings.ts';

/**
 * Prices of seeded tours, computed by hand from the seed (apps/api/src/seed/content/tours) and written
 * here as numbers: unlike a test that compares the server with the same pricing code, these fail
 * when the pricing rules themselves are wrong (spec §9).
 */
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = (await signUpAndIn(ctx.app)).token;
});
afterAll(() => ctx?.close());

async function save(code: string, options: BookingOptions) {
  const tour = await loadTour(ctx.app, code);
  const response = await postBooking(ctx.app, token, bookingFor(tour, options));
  expect(response.statusCode, response.body).toBe(201);
  const saved = response.json() as { code: string; total: number; amount: number };
  const rows = await ctx.database.db.execute(sql`
    select l.unit_cents::int as unit, l.quantity::int as quantity
    from booking_passenger_lines l join bookings b on b.id = l.booking_id
    where b.code = ${saved.code} order by l.unit_cents desc`);
  const lines = (rows as unknown as { rows: { unit: number; quantity: number }[] }).rows;
  return { total: saved.total, amount: saved.amount, lines };
}

describe('prices pinned by hand', () => {
  it('group tour, a group of three: the 1–3 tier (2 × 790 + 755)', async () => {
    const booked = await save('100401', { adults: 2, students: 1 });
    expect(booked.total).toBe(2335);
    expect(booked.lines).toEqual([
      { unit: 79_000, quantity: 2 },
      { unit: 75_500, quantity: 1 },
    ]);
  });

  it('group tour, a group of ten: larger than the last tier (8), which it pays (8 × 730 + 2 × 660)', async () => {
    const booked = await save('100401', { adults: 8, children: 2 });
    expect(booked.total).toBe(7160);
  });

  it('private tour, two people: the tier of two (2 × 1290)', async () => {
    const booked = await save('100401', { adults: 2, type: 1 });
    expect(booked.total).toBe(2580);
  });

  it('babies ride free and do not buy a group discount: 1 adult + 5 babies pay the tier of one', async () => {
    const booked = await save('100401', { adults: 1, babies: 5, type: 1 });
    expect(booked.total).toBe(1890);
    const alone = await save('100401', { adults: 1, type: 1 });
    expect(alone.total).toBe(1890);
  });

  it('hotel tour in the superior category: surcharge on all but babies, hotel by room and night', async () => {
    // 2 adults × (470 + 110 superior) + 1 baby × 0; superior 4★ double room × 1 night × 175;
    // two hot-spring tickets × 10.
    const booked = await save('400201', {
      adults: 2,
      babies: 1,
      category: 1,
      hotels: [{ type: 1, room: 1, rooms: 1 }],
      services: [{ offer: 0, quantity: 2 }],
    });
    expect(booked.total).toBe(1355);
    expect(booked.amount).toBe(1355);
  });

  it('the 50 % deposit: half of passengers and hotel, services excluded, in whole dollars', async () => {
    // (1160 + 175) / 2 = 667.5 → 667; the services' 20 are paid with the balance.
    const booked = await save('400201', {
      adults: 2,
      babies: 1,
      category: 1,
      hotels: [{ type: 1, room: 1, rooms: 1 }],
      services: [{ offer: 0, quantity: 2 }],
      mode: 'P',
    });
    expect(booked.total).toBe(1355);
    expect(booked.amount).toBe(667);
  });
});
