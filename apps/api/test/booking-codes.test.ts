import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { bookings } from '../src/db/schema.ts';
import { bookingCodePattern, newBookingCode } from '../src/modules/bookings/codes.ts';
import { insertWithFreshCode } from '../src/modules/bookings/write.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe('a booking code already taken', () => {
  it('is drawn again, in the same transaction, and the booking is saved once under a free code', async () => {
    const customer = await signUpAndIn(ctx.app);
    const body = bookingFor(await loadTour(ctx.app, '100401'), { adults: 1 });
    const first = await postBooking(ctx.app, customer.token, body);
    expect(first.statusCode, first.body).toBe(201);
    const taken = first.json().code as string;
    const db = ctx.database.db as Database;
    const [row] = await db.select().from(bookings).where(eq(bookings.code, taken));
    if (!row) throw new Error('the first booking is missing');
    const { id: _, code: __, revision: ___, ...values } = row;

    // The next booking draws the taken code twice, then a free one.
    const draws = [taken, taken, 'CT-BBBBBB'];
    const saved = await db.transaction((tx) =>
      insertWithFreshCode(tx, values, () => draws.shift() ?? newBookingCode()),
    );
    expect(saved.code).toBe('CT-BBBBBB');
    expect(draws).toHaveLength(0);
    expect(await db.$count(bookings, eq(bookings.code, taken))).toBe(1);
    expect(await db.$count(bookings, eq(bookings.code, 'CT-BBBBBB'))).toBe(1);
  });

  it('is six letters and digits that cannot be mistaken for one another', () => {
    for (let draw = 0; draw < 200; draw++) expect(newBookingCode()).toMatch(bookingCodePattern);
  });
});
