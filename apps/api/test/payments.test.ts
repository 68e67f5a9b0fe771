import { paymentAddResponse } from '@cusco/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerEntries,
  paymentAttempts,
  paymentNotifications,
  sandboxCharges,
} from '../src/db/schema.ts';
import { reconcilePending } from '../src/modules/payments/reconcile.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { addPayment, detailOf, event, notify } from './support/payments.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;

beforeAll(async () => {
  ctx = await createTestApp();
  // The sandbox delivers its notifications over HTTP, as an outside gateway does.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await signUpAndIn(ctx.app, { name: 'Paula', lastname: 'Vargas' });
});
afterAll(() => ctx?.close());

/** A new booking of one adult on the classic trail; answers its code and its debt in dollars. */
async function newBooking(token = owner.token) {
  const tour = await loadTour(ctx.app, '100401');
  const body = bookingFor(tour, { adults: 1 });
  const response = await postBooking(ctx.app, token, body);
  expect(response.statusCode, response.body).toBe(201);
  return {
    code: response.json().code as string,
    debt: body.amount,
    firstAttempt: response.json().transactionId as string,
  };
}

async function paymentsOf(code: string) {
  const rows = await ctx.database.db.execute(sql`
    select l.amount_cents from ledger_entries l join bookings b on b.id = l.booking_id
    where b.code = ${code} and l.kind = 'payment'`);
  return (rows as unknown as { rows: { amount_cents: number }[] }).rows.map(
    (row) => row.amount_cents,
  );
}

async function attempt(id: string) {
  const [row] = await ctx.database.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, id));
  return row;
}

describe('POST /api/tour/payment/add', () => {
  it.each([
    ['zero', 0],
    ['a negative amount', -5],
    ['a fractional amount', 12.5],
    ['more than the debt', 'debt+1'],
    ['a text', '100'],
  ])('refuses %s with the spec message, creating nothing', async (_name, amount) => {
    const booking = await newBooking();
    const value = amount === 'debt+1' ? booking.debt + 1 : amount;
    const [before] = await ctx.database.db.select({ n: count() }).from(paymentAttempts);
    const response = await addPayment(ctx.app, owner.token, booking.code, value);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toBe('The amount to pay is not valid');
    const [after] = await ctx.database.db.select({ n: count() }).from(paymentAttempts);
    expect(after?.n).toBe(before?.n);
  });

  it('refuses an amountStr that is not the amount times 100', async () => {
    const booking = await newBooking();
    const response = await addPayment(ctx.app, owner.token, booking.code, 100, '100');
    expect(response.statusCode).toBe(422);
  });

  it('opens an attempt for a valid amount, reuses it for the same amount, replaces it for another', async () => {
    const booking = await newBooking();
    const first = await addPayment(ctx.app, owner.token, booking.code, 200);
    expect(first.statusCode, first.body).toBe(201);
    const opened = paymentAddResponse.parse(first.json());
    expect(opened).toMatchObject({
      amount: 200,
      amountStr: '20000',
      checkout: { kind: 'hosted', url: `/sandbox/checkout/${opened.transactionId}` },
    });
    // The booking's first attempt (for the total) was replaced by this one.
    expect((await attempt(booking.firstAttempt))?.status).toBe('cancelled');

    const again = paymentAddResponse.parse(
      (await addPayment(ctx.app, owner.token, booking.code, 200)).json(),
    );
    expect(again.transactionId).toBe(opened.transactionId);

    const other = paymentAddResponse.parse(
      (await addPayment(ctx.app, owner.token, booking.code, 150)).json(),
    );
    expect(other.transactionId).not.toBe(opened.transactionId);
    expect((await attempt(opened.transactionId))?.status).toBe('cancelled');
    const open = await ctx.database.db
      .select()
      .from(paymentAttempts)
      .where(
        sql`${paymentAttempts.status} = 'pending' and ${paymentAttempts.id} in (${sql.raw(`'${opened.transactionId}','${other.transactionId}'`)})`,
      );
    expect(open.map((row) => row.id)).toEqual([other.transactionId]);
    // The replaced checkout is closed at the gateway too.
    const page = await ctx.app.inject({ url: `/sandbox/checkout/${opened.transactionId}` });
    expect(page.body).toContain('This checkout is closed');
  });

  it("answers 404 for another customer's booking", async () => {
    const booking = await newBooking();
    const stranger = await signUpAndIn(ctx.app);
    const response = await addPayment(ctx.app, stranger.token, booking.code, 10);
    expect(response.statusCode).toBe(404);
  });
});

describe('gateway notifications', () => {
  async function pendingAttempt(amount?: number) {
    const booking = await newBooking();
    const response = await addPayment(ctx.app, owner.token, booking.code, amount ?? booking.debt);
    const opened = paymentAddResponse.parse(response.json());
    return {
      ...booking,
      transactionId: opened.transactionId,
      cents: Math.round(opened.amount * 100),
    };
  }

  it('records a verified payment once, and the debt drops by it', async () => {
    const paying = await pendingAttempt(300);
    const response = await notify(ctx.app, event(paying.transactionId, paying.cents));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'paid' });
    expect(await paymentsOf(paying.code)).toEqual([30000]);
    expect((await attempt(paying.transactionId))?.status).toBe('paid');
    const detail = await detailOf(ctx.app, owner.token, paying.code);
    expect(detail.balance.debt).toBe(paying.debt - 300);
    expect(detail.payments).toEqual([expect.objectContaining({ total: 300 })]);
  });

  it('records one payment when the same notification arrives 20 times in a row', async () => {
    const paying = await pendingAttempt();
    const results = [];
    for (let delivery = 0; delivery < 20; delivery++) {
      const response = await notify(ctx.app, event(paying.transactionId, paying.cents));
      expect(response.statusCode).toBe(200);
      results.push(response.json().result);
    }
    expect(results.filter((result) => result === 'paid')).toHaveLength(1);
    expect(await paymentsOf(paying.code)).toEqual([paying.cents]);
  });

  it(`records one payment when 20 deliveries arrive at once${isPostgres ? ' (PostgreSQL, real concurrency)' : ''}`, async () => {
    const paying = await pendingAttempt();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => notify(ctx.app, event(paying.transactionId, paying.cents))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.filter((response) => response.json().result === 'paid')).toHaveLength(1);
    expect(await paymentsOf(paying.code)).toEqual([paying.cents]);
  });

  it('rejects a forged, unsigned, stale or malformed notification, changing nothing', async () => {
    const paying = await pendingAttempt();
    const body = event(paying.transactionId, paying.cents);
    const forged = await notify(ctx.app, body, { secret: 'someone-else-secret-0000' });
    expect(forged.statusCode).toBe(401);
    const unsigned = await notify(ctx.app, body, { signature: null });
    expect(unsigned.statusCode).toBe(401);
    const empty = await notify(ctx.app, body, { signature: '' });
    expect(empty.statusCode).toBe(401);
    const garbage = await notify(ctx.app, body, { signature: 't=abc,v1=xyz' });
    expect(garbage.statusCode).toBe(401);
    const stale = await notify(ctx.app, body, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('The notification is too old');
    const future = await notify(ctx.app, body, { timestamp: Math.floor(Date.now() / 1000) + 600 });
    expect(future.statusCode).toBe(400);
    const notJson = await notify(ctx.app, '{"transactionId": ');
    expect(notJson.statusCode).toBe(400);
    const wrongShape = await notify(ctx.app, { hello: 'world' });
    expect(wrongShape.statusCode).toBe(400);

    expect(await paymentsOf(paying.code)).toEqual([]);
    expect((await attempt(paying.transactionId))?.status).toBe('pending');
    // Refused notifications are logged, not stored: posting forgeries cannot fill the database.
    const stored = await ctx.database.db
      .select({ outcome: paymentNotifications.outcome })
      .from(paymentNotifications)
      .where(sql`${paymentNotifications.outcome} like 'rejected: signature%'`);
    expect(stored).toEqual([]);
  });

  it('rejects a signed notification whose amount or currency differs from the attempt (409)', async () => {
    const paying = await pendingAttempt();
    const tampered = await notify(ctx.app, event(paying.transactionId, paying.cents - 100));
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().message).toBe('The notification does not match the payment');
    const currency = await notify(
      ctx.app,
      event(paying.transactionId, paying.cents, { currency: 'PEN' }),
    );
    expect(currency.statusCode).toBe(409);
    expect(await paymentsOf(paying.code)).toEqual([]);
    expect((await attempt(paying.transactionId))?.status).toBe('pending');
  });

  it('answers 404 for a transaction it does not know', async () => {
    const response = await notify(ctx.app, event('7b7f0a44-3c7c-4b3c-9a8f-6f4f2a9d1e01', 100));
    expect(response.statusCode).toBe(404);
  });

  it('closes a declined attempt, and never moves a paid one back', async () => {
    const declined = await pendingAttempt();
    const response = await notify(
      ctx.app,
      event(declined.transactionId, declined.cents, { type: 'charge.failed' }),
    );
    expect(response.json().result).toBe('declined');
    expect((await attempt(declined.transactionId))?.status).toBe('declined');
    expect(await paymentsOf(declined.code)).toEqual([]);

    const paid = await pendingAttempt();
    await notify(ctx.app, event(paid.transactionId, paid.cents));
    const late = await notify(
      ctx.app,
      event(paid.transactionId, paid.cents, { type: 'charge.failed', id: 'evt_late' }),
    );
    expect(late.statusCode).toBe(200);
    expect(late.json().result).toBe('ignored');
    expect((await attempt(paid.transactionId))?.status).toBe('paid');
    expect(await paymentsOf(paid.code)).toEqual([paid.cents]);
  });

  it('never records more than the debt: of two attempts racing for it, the loser is marked for refund', async () => {
    const booking = await newBooking();
    const debtCents = Math.round(booking.debt * 100);
    // A: the whole debt; B (another amount) replaces A. Both end up approved at the gateway.
    const a = paymentAddResponse.parse(
      (await addPayment(ctx.app, owner.token, booking.code, booking.debt)).json(),
    );
    const b = paymentAddResponse.parse(
      (await addPayment(ctx.app, owner.token, booking.code, booking.debt - 1)).json(),
    );
    const [first, second] = await Promise.all([
      notify(ctx.app, event(a.transactionId, Math.round(a.amount * 100))),
      notify(ctx.app, event(b.transactionId, Math.round(b.amount * 100))),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    const results = [first?.json().result, second?.json().result].sort();
    expect(results).toEqual(['paid', 'refund_required']);
    const paid = await paymentsOf(booking.code);
    expect(paid).toHaveLength(1);
    expect(paid.reduce((sum, cents) => sum + cents, 0)).toBeLessThanOrEqual(debtCents);
    const detail = await detailOf(ctx.app, owner.token, booking.code);
    expect(detail.paymentAttempts.filter((row) => row.status === 'refund_required')).toHaveLength(
      1,
    );
    expect(detail.balance.debt).toBeGreaterThanOrEqual(0);
  });
});

describe('the sandbox checkout', () => {
  async function checkout(amount?: number) {
    const booking = await newBooking();
    const opened = paymentAddResponse.parse(
      (await addPayment(ctx.app, owner.token, booking.code, amount ?? booking.debt)).json(),
    );
    return { ...booking, ...opened };
  }

  const pay = (transactionId: string, cardNumber: string, extra: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${transactionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        holder: 'Paula Vargas',
        cardNumber,
        expiry: '12/30',
        cvc: '123',
        ...extra,
      }).toString(),
    });

  it('shows the amount, the currency, the booking and the tour', async () => {
    const opened = await checkout(120);
    const page = await ctx.app.inject({ url: `/sandbox/checkout/${opened.transactionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('USD 120.00');
    expect(page.body).toContain(opened.code);
    expect(page.body).toContain('Classic Inca Trail 4D/3N');
    expect(page.body).toContain('autocomplete="cc-number"');
    expect(
      (await ctx.app.inject({ url: '/sandbox/checkout/0a3b3c50-1d1e-4f00-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
  });

  it("speaks the language of the page that opened it (?lang=es), through to the card's result", async () => {
    const opened = await checkout(120);
    const page = await ctx.app.inject({ url: `/sandbox/checkout/${opened.transactionId}?lang=es` });
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('Número de tarjeta');
    expect(page.body).toContain(`/sandbox/checkout/${opened.transactionId}/pay?lang=es`);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${opened.transactionId}/pay?lang=es`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=1234&expiry=12%2F30&cvc=123',
    });
    expect(wrong.body).toContain('Ingrese un número de tarjeta válido.');
    const result = await ctx.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${opened.transactionId}/pay?lang=es`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4000000000000002&expiry=12%2F30&cvc=123',
    });
    expect(result.body).toContain('Su tarjeta fue rechazada.');
    // Anything else than es is English.
    const other = await ctx.app.inject({
      url: `/sandbox/checkout/${opened.transactionId}?lang=xx`,
    });
    expect(other.body).toContain('<html lang="en">');
  });

  it('approves 4111 1111 1111 1111: the gateway notifies the API, which records the payment', async () => {
    const opened = await checkout();
    const result = await pay(opened.transactionId, '4111 1111 1111 1111');
    expect(result.statusCode).toBe(200);
    expect(result.body).toContain('data-checkout-status="S"');
    expect(result.body).toContain('Payment approved');
    expect(await paymentsOf(opened.code)).toEqual([Math.round(opened.amount * 100)]);
    const detail = await detailOf(ctx.app, owner.token, opened.code);
    expect(detail.balance.debt).toBe(0);
  });

  it('tells the customer what became of each checkout, the latest outcome only (issue 12, bugs 1-2)', async () => {
    const told = async (code: string) =>
      (await detailOf(ctx.app, owner.token, code)).paymentAttempts.map((item) => [
        item.transactionId,
        item.status,
        item.stage,
      ]);
    // Opened and left before a card was given: nothing was taken.
    const first = await checkout();
    expect(await told(first.code)).toEqual([[first.transactionId, 'pending', 'notCompleted']]);
    // The card was given and the gateway is taking it: being confirmed.
    await ctx.database.db
      .update(sandboxCharges)
      .set({ status: 'processing', updatedAt: sql`now()` })
      .where(eq(sandboxCharges.transactionId, first.transactionId));
    expect(await told(first.code)).toEqual([[first.transactionId, 'pending', 'processing']]);
    await ctx.database.db
      .update(sandboxCharges)
      .set({ status: 'open' })
      .where(eq(sandboxCharges.transactionId, first.transactionId));
    // Declined: the news, until a later payment.
    expect((await pay(first.transactionId, '4000000000000002')).statusCode).toBe(200);
    expect(await told(first.code)).toEqual([[first.transactionId, 'declined', null]]);
    const second = paymentAddResponse.parse(
      (await addPayment(ctx.app, owner.token, first.code, first.amount)).json(),
    );
    expect((await pay(second.transactionId, '4111 1111 1111 1111')).statusCode).toBe(200);
    expect(await told(first.code)).toEqual([[second.transactionId, 'paid', null]]);
  });

  it('declines 4000 0000 0000 0002: the attempt is closed and nothing is paid', async () => {
    const opened = await checkout();
    const result = await pay(opened.transactionId, '4000000000000002');
    expect(result.body).toContain('data-checkout-status="N"');
    expect(result.body).toContain('Your card was declined');
    expect((await attempt(opened.transactionId))?.status).toBe('declined');
    expect(await paymentsOf(opened.code)).toEqual([]);
    // A new payment can be started.
    expect((await addPayment(ctx.app, owner.token, opened.code, opened.amount)).statusCode).toBe(
      201,
    );
  });

  it('approves 4000 0000 0000 9995 without a notification: reconciliation records it', async () => {
    const opened = await checkout();
    const result = await pay(opened.transactionId, '4000000000009995');
    expect(result.body).toContain('data-checkout-status="S"');
    expect(await paymentsOf(opened.code)).toEqual([]);
    expect((await attempt(opened.transactionId))?.status).toBe('pending');

    const report = await reconcilePending(ctx.database.db, ctx.app.gateway, {
      olderThanSeconds: 0,
    });
    expect(report.paid).toBeGreaterThanOrEqual(1);
    expect(await paymentsOf(opened.code)).toEqual([Math.round(opened.amount * 100)]);
    expect((await attempt(opened.transactionId))?.status).toBe('paid');
    // Running it again changes nothing.
    await reconcilePending(ctx.database.db, ctx.app.gateway, { olderThanSeconds: 0 });
    expect(await paymentsOf(opened.code)).toHaveLength(1);
  });

  it('re-asks for a card that is not valid, and keeps no card number anywhere', async () => {
    const opened = await checkout();
    const invalid = await pay(opened.transactionId, '4111 1111 1111 1112');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body).toContain('Enter a valid card number.');
    const expired = await pay(opened.transactionId, '4111111111111111', { expiry: '01/20' });
    expect(expired.body).toContain('This card has expired.');
    expect((await attempt(opened.transactionId))?.status).toBe('pending');

    await pay(opened.transactionId, '4111111111111111');
    const [charge] = await ctx.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.transactionId, opened.transactionId));
    expect(charge?.cardLast4).toBe('1111');
    const dump = JSON.stringify(
      await ctx.database.db.execute(sql`
        select (select json_agg(n) from payment_notifications n) as notifications,
               (select json_agg(c) from sandbox_charges c) as charges,
               (select json_agg(a) from payment_attempts a) as attempts,
               (select json_agg(l) from ledger_entries l) as ledger`),
    );
    expect(dump).not.toContain('4111111111111111');
    expect(dump).not.toContain('4111 1111');
  });

  it('closes a checkout whose attempt expired, and the job marks it expired', async () => {
    const opened = await checkout();
    await ctx.database.db
      .update(paymentAttempts)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(paymentAttempts.id, opened.transactionId));
    const report = await reconcilePending(ctx.database.db, ctx.app.gateway, {
      olderThanSeconds: 0,
    });
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect((await attempt(opened.transactionId))?.status).toBe('expired');
    const result = await pay(opened.transactionId, '4111111111111111');
    expect(result.body).toContain('This checkout is closed');
    expect(await paymentsOf(opened.code)).toEqual([]);
  });
});

describe('the ledger', () => {
  it('keeps debt = purchases + additions − discounts − payments after payments and services', async () => {
    const booking = await newBooking();
    const opened = paymentAddResponse.parse(
      (await addPayment(ctx.app, owner.token, booking.code, 100)).json(),
    );
    await notify(ctx.app, event(opened.transactionId, 10000));
    const detail = await detailOf(ctx.app, owner.token, booking.code);
    expect(detail.balance.purchases - detail.balance.payments).toBe(detail.balance.debt);
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.kind, 'payment'),
          eq(ledgerEntries.paymentAttemptId, opened.transactionId),
        ),
      );
    expect(row?.n).toBe(1);
  });
});
