import { bookingDetail, bookingList } from '@cusco/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, paymentAttempts, users } from '../src/db/schema.ts';
import { demoAccounts, demoCorporateClientId } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { addPayment } from './support/payments.ts';

let ctx: TestContext;
let corporate: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  corporate = await signIn(ctx.app, demoAccounts.corporate.email, demoAccounts.corporate.password);
});
afterAll(() => ctx?.close());

describe('corporate booking on credit', () => {
  it('refuses the corporate path to a customer (403), saving nothing', async () => {
    const customer = await signUpAndIn(ctx.app);
    const tour = await loadTour(ctx.app, '300501');
    const [before] = await ctx.database.db.select({ n: count() }).from(bookings);
    const response = await postBooking(ctx.app, customer.token, {
      ...bookingFor(tour, { adults: 2, hotels: [{ type: 0, room: 1, rooms: 1 }] }),
      corporate: true,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This page is for corporate clients only');
    const [after] = await ctx.database.db.select({ n: count() }).from(bookings);
    expect(after?.n).toBe(before?.n);
  });

  it('records the booking against the company, keeps its debt and never opens a payment', async () => {
    const tour = await loadTour(ctx.app, '300501');
    const body = {
      ...bookingFor(tour, { adults: 2, hotels: [{ type: 0, room: 1, rooms: 1 }] }),
      corporate: true,
    };
    const response = await postBooking(ctx.app, corporate.token, body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().transactionId).toBeNull();
    const code = response.json().code as string;

    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.code, code));
    expect(row?.corporateClientId).toBe(demoCorporateClientId);
    const [attempts] = await ctx.database.db
      .select({ n: count() })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.bookingId, row?.id ?? ''));
    expect(attempts?.n).toBe(0);

    const detail = bookingDetail.parse(
      (
        await ctx.app.inject({ url: `/api/tour/booking/${code}`, headers: bearer(corporate.token) })
      ).json(),
    );
    expect(detail.booking.corporate).toBe(true);
    expect(detail.balance.debt).toBe(body.amount);

    const pay = await addPayment(ctx.app, corporate.token, code, 100);
    expect(pay.statusCode).toBe(403);
  });

  it("lets a colleague of the same company see the company's bookings, and nobody else", async () => {
    const tour = await loadTour(ctx.app, '100401');
    const saved = await postBooking(ctx.app, corporate.token, {
      ...bookingFor(tour, { adults: 2 }),
      corporate: true,
    });
    const code = saved.json().code as string;

    const colleague = await signUpAndIn(ctx.app, { name: 'Rita', lastname: 'Apaza' });
    await ctx.database.db
      .update(users)
      .set({ corporateClientId: demoCorporateClientId })
      .where(eq(users.id, colleague.user.id));
    const list = bookingList.parse(
      (
        await ctx.app.inject({ url: '/api/tour/booking/list', headers: bearer(colleague.token) })
      ).json(),
    );
    expect(list.map((item) => item.id)).toContain(code);

    const stranger = await signUpAndIn(ctx.app);
    const foreign = await ctx.app.inject({
      url: `/api/tour/booking/${code}`,
      headers: bearer(stranger.token),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
