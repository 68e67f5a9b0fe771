import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';

/** The codes drawn, in order: the second booking draws a taken code twice before a free one. */
const draws = vi.hoisted(() => ['CT-AAAAAA', 'CT-AAAAAA', 'CT-AAAAAA', 'CT-BBBBBB']);
vi.mock('../src/modules/bookings/codes.ts', async (actual) => ({
  ...(await actual<typeof import('../src/modules/bookings/codes.ts')>()),
  newBookingCode: () => draws.shift() ?? 'CT-CCCCCC',
}));

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
    expect(first.json().code).toBe('CT-AAAAAA');
    const second = await postBooking(ctx.app, customer.token, body);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().code).toBe('CT-BBBBBB');
    expect(draws).toHaveLength(0);
  });
});
