import { Writable } from 'node:stream';
import { paymentAddResponse, translate } from '@cusco/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { RETIRED_SANDBOX_SECRET } from '../src/config.ts';
import { appMeta, paymentAttempts, sandboxCharges } from '../src/db/schema.ts';
import { reconcilePending } from '../src/modules/payments/reconcile.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { addPayment, detailOf, event, notify } from './support/payments.ts';

/**
 * Money that holds against an attacker (the security issue, items 1–4): no forged notification
 * pays a booking, no approved payment is lost, one debt is never charged twice, and the currency
 * travels with the booking.
 */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUpAndIn(ctx.app, { name: 'Paula', lastname: 'Vargas' });
});
afterAll(() => ctx?.close());

async function newBooking() {
  const tour = await loadTour(ctx.app, '100401');
  const body = bookingFor(tour, { adults: 1 });
  const response = await postBooking(ctx.app, owner.token, body);
  expect(response.statusCode, response.body).toBe(201);
  return {
    code: response.json().code as string,
    debtCents: Math.round(body.amount * 100),
    firstAttempt: response.json().transactionId as string,
  };
}

async function attemptOf(id: string) {
  const [row] = await ctx.database.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, id));
  return row;
}

const setCharge = (transactionId: string, status: string) =>
  ctx.database.db
    .update(sandboxCharges)
    .set({ status })
    .where(eq(sandboxCharges.transactionId, transactionId));

const open = async (code: string, dollars: number) =>
  paymentAddResponse.parse((await addPayment(ctx.app, owner.token, code, dollars)).json());

describe('forged notifications (item 1)', () => {
  it('generates a signing secret per installation, kept in the database and shared by every node', async () => {
    // An install that sets no SANDBOX_SECRET: the old public default no longer signs anything.
    const config = testConfig();
    const unset = {
      ...config,
      payments: { ...config.payments, sandbox: { secret: undefined, notifyUrl: undefined } },
    };
    const first = await buildApp({ db: ctx.database.db, config: unset });
    const second = await buildApp({ db: ctx.database.db, config: unset });
    try {
      const booking = await newBooking();
      const body = event(booking.firstAttempt, booking.debtCents);
      const forged = await notify(first, body, { secret: RETIRED_SANDBOX_SECRET });
      expect(forged.statusCode).toBe(401);
      expect((await attemptOf(booking.firstAttempt))?.status).toBe('pending');

      const [stored] = await ctx.database.db
        .select()
        .from(appMeta)
        .where(eq(appMeta.key, 'sandbox_signing_secret'));
      expect(stored?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The other node verifies with the same secret: a notification signed by the gateway passes.
      const genuine = await notify(second, body, { secret: stored?.value ?? '' });
      expect(genuine.statusCode, genuine.body).toBe(200);
      expect(genuine.json().result).toBe('paid');
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('refuses SANDBOX_SECRET set to the old public default', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(() => loadConfig({ SANDBOX_SECRET: RETIRED_SANDBOX_SECRET })).toThrow(/public/);
  });

  it("refuses a notification for another gateway's attempt, even correctly signed", async () => {
    const booking = await newBooking();
    await ctx.database.db
      .update(paymentAttempts)
      .set({ gateway: 'payme' })
      .where(eq(paymentAttempts.id, booking.firstAttempt));
    const response = await notify(ctx.app, event(booking.firstAttempt, booking.debtCents));
    expect(response.statusCode).toBe(409);
    const attempt = await attemptOf(booking.firstAttempt);
    expect(attempt?.status).toBe('pending');
    expect((await detailOf(ctx.app, owner.token, booking.code)).balance.payments).toBe(0);
  });

  it('warns at start-up that the sandbox gateway takes no real money', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      db: ctx.database.db,
      config: testConfig(),
      logger: { level: 'warn', stream },
    });
    await app.ready();
    await app.close();
    const warnings = lines.map((line) => JSON.parse(line)).filter((line) => line.level === 40);
    expect(warnings.map((line) => line.msg)).toContainEqual(
      expect.stringMatching(/SANDBOX test gateway/),
    );
  });
});

describe('an approved payment is never lost (item 2)', () => {
  it('records a payment whose notification was lost before opening another one', async () => {
    const booking = await newBooking();
    const first = await open(booking.code, booking.debtCents / 100 - 100);
    // Paid at the gateway, notification lost.
    await setCharge(first.transactionId, 'approved');
    // The customer opens another payment for the rest: the first is recorded, not cancelled.
    const second = await addPayment(ctx.app, owner.token, booking.code, 100);
    expect(second.statusCode, second.body).toBe(201);
    expect((await attemptOf(first.transactionId))?.status).toBe('paid');
    const detail = await detailOf(ctx.app, owner.token, booking.code);
    expect(detail.balance.debt).toBe(100);
    // Asking for more than what is left now is refused, and changes nothing paid.
    const tooMuch = await addPayment(ctx.app, owner.token, booking.code, 200);
    expect(tooMuch.statusCode).toBe(422);
    expect((await attemptOf(first.transactionId))?.status).toBe('paid');
  });

  it('never expires an attempt the gateway approved: reconciliation records it', async () => {
    const booking = await newBooking();
    await setCharge(booking.firstAttempt, 'approved');
    await ctx.database.db
      .update(paymentAttempts)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(paymentAttempts.id, booking.firstAttempt));
    await reconcilePending(ctx.database.db, ctx.app.gateway, { olderThanSeconds: 0 });
    expect((await attemptOf(booking.firstAttempt))?.status).toBe('paid');
  });

  it('re-checks cancelled and expired attempts the gateway has not confirmed closed', async () => {
    const booking = await newBooking();
    // We gave the attempt up without the gateway's word; the gateway then took the money.
    await ctx.database.db
      .update(paymentAttempts)
      .set({ status: 'cancelled' })
      .where(eq(paymentAttempts.id, booking.firstAttempt));
    await setCharge(booking.firstAttempt, 'approved');
    const report = await reconcilePending(ctx.database.db, ctx.app.gateway, {
      olderThanSeconds: 3600,
    });
    expect(report.paid).toBeGreaterThanOrEqual(1);
    const attempt = await attemptOf(booking.firstAttempt);
    expect(attempt?.status).toBe('paid');
    expect(attempt?.gatewayFinalAt).not.toBeNull();
    expect((await detailOf(ctx.app, owner.token, booking.code)).balance.debt).toBe(0);
  });

  it('marks for refund money taken on a given-up attempt that no longer fits the debt', async () => {
    const booking = await newBooking();
    const first = await open(booking.code, booking.debtCents / 100);
    await setCharge(first.transactionId, 'cancelled');
    await ctx.database.db
      .update(paymentAttempts)
      .set({ status: 'expired' })
      .where(eq(paymentAttempts.id, first.transactionId));
    const second = await open(booking.code, booking.debtCents / 100);
    await notify(ctx.app, event(second.transactionId, booking.debtCents));
    // The first one's money arrives late: there is no debt left for it.
    await setCharge(first.transactionId, 'approved');
    await reconcilePending(ctx.database.db, ctx.app.gateway, { olderThanSeconds: 3600 });
    expect((await attemptOf(first.transactionId))?.status).toBe('refund_required');
    expect((await detailOf(ctx.app, owner.token, booking.code)).balance.debt).toBe(0);
  });

  it('takes turns: attempts still open at the gateway do not keep a lost notification waiting', async () => {
    // Five open checkouts, older than the one whose notification is lost; a pass reads two.
    for (let index = 0; index < 5; index++) await newBooking();
    const victim = await newBooking();
    await setCharge(victim.firstAttempt, 'approved');
    const pass = () =>
      reconcilePending(ctx.database.db, ctx.app.gateway, { olderThanSeconds: 0, limit: 2 });
    const [due] = await ctx.database.db
      .select({ n: count() })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.status, 'pending'));
    // Reaching every pending attempt takes at most this many passes of two.
    const enough = Math.ceil((due?.n ?? 0) / 2);
    let passes = 0;
    while ((await attemptOf(victim.firstAttempt))?.status !== 'paid' && passes < enough + 5) {
      await pass();
      passes++;
    }
    expect((await attemptOf(victim.firstAttempt))?.status).toBe('paid');
    expect(passes).toBeLessThanOrEqual(enough);
  });

  it('stops asking once the gateway confirms an attempt is closed', async () => {
    const booking = await newBooking();
    const first = await open(booking.code, booking.debtCents / 100);
    await open(booking.code, booking.debtCents / 100 - 1);
    const retired = await attemptOf(first.transactionId);
    expect(retired?.status).toBe('cancelled');
    expect(retired?.gatewayFinalAt).not.toBeNull();
    // The sandbox closed its checkout: paying it now is refused by the gateway itself.
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${first.transactionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardNumber=4111111111111111&expiry=12/30&cvc=123',
    });
    expect(paid.body).toContain('This checkout is closed');
  });
});

describe('one debt is charged once (item 3)', () => {
  it('refuses a new attempt while the gateway is taking a card for the open one', async () => {
    const booking = await newBooking();
    await setCharge(booking.firstAttempt, 'processing');
    const second = await addPayment(ctx.app, owner.token, booking.code, 100);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'CONFLICT',
      message: translate('paymentInProgress', 'en'),
      details: { transactionId: booking.firstAttempt },
    });
    expect((await attemptOf(booking.firstAttempt))?.status).toBe('pending');
    // Once the gateway has decided, the next request goes through (recording it first).
    await setCharge(booking.firstAttempt, 'declined');
    const third = await addPayment(ctx.app, owner.token, booking.code, 100);
    expect(third.statusCode, third.body).toBe(201);
    expect((await attemptOf(booking.firstAttempt))?.status).toBe('declined');
  });

  it('gives up a stuck payment step after the gateway times it out', async () => {
    const booking = await newBooking();
    await ctx.database.db
      .update(sandboxCharges)
      .set({ status: 'processing', updatedAt: sql`now() - interval '10 minutes'` })
      .where(eq(sandboxCharges.transactionId, booking.firstAttempt));
    const second = await addPayment(ctx.app, owner.token, booking.code, 100);
    expect(second.statusCode, second.body).toBe(201);
    expect((await attemptOf(booking.firstAttempt))?.status).toBe('declined');
  });

  it.runIf(isPostgres)(
    'never charges twice when a card is paid while another amount is opened (PostgreSQL, 10 races)',
    async () => {
      // The sandbox delivers its notifications over HTTP.
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      for (let round = 0; round < 10; round++) {
        const booking = await newBooking();
        const pay = ctx.app.inject({
          method: 'POST',
          url: `/sandbox/checkout/${booking.firstAttempt}/pay`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'cardNumber=4000000000009995&expiry=12/30&cvc=123',
        });
        const other = addPayment(ctx.app, owner.token, booking.code, 100);
        const [paid, opened] = await Promise.all([pay, other]);
        const approvedFirst = paid.body.includes('Payment approved');
        if (approvedFirst) {
          // The card took the whole debt: the other amount was refused while it was being
          // taken (409), or once it was recorded, for there is nothing left to pay (422).
          expect([409, 422]).toContain(opened.statusCode);
        } else {
          expect(paid.body).toContain('This checkout is closed');
          expect(opened.statusCode).toBe(201);
        }
        // The customer pays whatever attempt they were given.
        if (opened.statusCode === 201) {
          await ctx.app.inject({
            method: 'POST',
            url: `/sandbox/checkout/${opened.json().transactionId}/pay`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'cardNumber=4111111111111111&expiry=12/30&cvc=123',
          });
        }
        const charges = await ctx.database.db.execute(
          sql`select count(*)::int as n from sandbox_charges c join payment_attempts a on a.id = c.transaction_id
              join bookings b on b.id = a.booking_id where b.code = ${booking.code} and c.status = 'approved'`,
        );
        const approved = (charges as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
        expect(approved).toBeLessThanOrEqual(1);
        await reconcilePending(ctx.database.db, ctx.app.gateway, { olderThanSeconds: 0 });
        const detail = await detailOf(ctx.app, owner.token, booking.code);
        expect(detail.paymentAttempts.filter((a) => a.status === 'refund_required')).toEqual([]);
        expect(detail.balance.debt).toBeGreaterThanOrEqual(0);
      }
    },
  );
});

describe('currency (item 4)', () => {
  it("carries the booking's currency to its attempts, and refuses news in another", async () => {
    const booking = await newBooking();
    expect((await attemptOf(booking.firstAttempt))?.currency).toBe('USD');
    const [charge] = await ctx.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.transactionId, booking.firstAttempt));
    expect(charge?.currency).toBe('USD');
    const soles = await notify(
      ctx.app,
      event(booking.firstAttempt, booking.debtCents, { currency: 'PEN' }),
    );
    expect(soles.statusCode).toBe(409);
    expect((await attemptOf(booking.firstAttempt))?.status).toBe('pending');
  });
});
