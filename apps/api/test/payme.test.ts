import { createHash } from 'node:crypto';
import { paymentAddResponse, translate } from '@cusco/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, RETIRED_SANDBOX_SECRET } from '../src/config.ts';
import { paymentAttempts } from '../src/db/schema.ts';
import {
  answerVerification,
  paymeFormFields,
  purchaseVerification,
  verifyAnswer,
} from '../src/gateways/payme/gateway.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { addPayment, event, notify } from './support/payments.ts';

const config = {
  url: 'https://integracion.alignetsac.com/VPOS2/faces/pages/startPayme.xhtml',
  acquirerId: '144',
  commerceId: '11567',
  secretKey: 'XyZ-9kLmN-SECRET',
};

/** The vectors, computed here from the documented formula, not through the gateway's code. */
const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');
const requestVector = sha512('144' + '11567' + '000123' + '125000' + '840' + 'XyZ-9kLmN-SECRET');
const answerVector = sha512(
  '144' + '11567' + '000123' + '125000' + '840' + '00' + 'XyZ-9kLmN-SECRET',
);

describe('Pay-me VPOS2 signatures', () => {
  it('signs a purchase as acquirer + commerce + operation + amount + currency + key', () => {
    expect(purchaseVerification(config, '000123', '125000', '840')).toBe(requestVector);
    expect(requestVector).toMatch(/^[0-9a-f]{128}$/);
  });

  it('signs an answer with the authorization result before the key', () => {
    expect(
      answerVerification(config, {
        purchaseOperationNumber: '000123',
        purchaseAmount: '125000',
        purchaseCurrencyCode: '840',
        authorizationResult: '00',
      }),
    ).toBe(answerVector);
  });

  const answer = (purchaseVerification: string, authorizationResult = '00') => ({
    purchaseOperationNumber: '000123',
    purchaseAmount: '125000',
    purchaseCurrencyCode: '840',
    authorizationResult,
    purchaseVerification,
  });

  it('accepts the right hash, in either case', () => {
    expect(verifyAnswer(config, answer(answerVector))).toBe(true);
    expect(verifyAnswer(config, answer(answerVector.toUpperCase()))).toBe(true);
  });

  it('rejects an empty, short, tampered or other-result hash', () => {
    expect(verifyAnswer(config, answer(''))).toBe(false);
    expect(verifyAnswer(config, answer('   '))).toBe(false);
    expect(verifyAnswer(config, answer(answerVector.slice(0, 64)))).toBe(false);
    const flipped = `${answerVector.slice(0, -1)}${answerVector.endsWith('0') ? '1' : '0'}`;
    expect(verifyAnswer(config, answer(flipped))).toBe(false);
    // The hash of an approval does not vouch for a rejection, nor the other way round.
    expect(verifyAnswer(config, answer(answerVector, '01'))).toBe(false);
    expect(verifyAnswer(config, { ...answer(answerVector), purchaseAmount: '125001' })).toBe(false);
  });

  it('builds the form of spec §7 with amounts in cents and the verification', () => {
    const fields = paymeFormFields(config, {
      attemptId: '5b1f1d0c-1f2a-4c3b-9d4e-5f6a7b8c9d0e',
      operationNumber: 123,
      amountCents: 125000,
      currency: 'USD',
      bookingCode: 'CT-4K7M2Q',
      tourName: 'Classic Inca Trail 4D/3N',
      expiresAt: new Date('2030-01-01T00:00:00Z'),
      customer: { name: 'Ana', lastName: 'Quispe', email: 'ana@example.com' },
    });
    expect(fields).toMatchObject({
      acquirerId: '144',
      idCommerce: '11567',
      purchaseOperationNumber: '000123',
      purchaseAmount: '125000',
      purchaseCurrencyCode: '840',
      shippingFirstName: 'Ana',
      shippingLastName: 'Quispe',
      shippingEmail: 'ana@example.com',
      reserved1: 'CT-4K7M2Q',
      purchaseVerification: requestVector,
    });
  });
});

describe('the API with the Pay-me gateway', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const base = testConfig();
    ctx = await createTestApp({ payments: { ...base.payments, gateway: 'payme', payme: config } });
  });
  afterAll(() => ctx?.close());

  it('answers a form checkout, and records a verified approval posted back to it', async () => {
    const customer = await signUpAndIn(ctx.app);
    const tour = await loadTour(ctx.app, '100401');
    const body = bookingFor(tour, { adults: 1 });
    const saved = await postBooking(ctx.app, customer.token, body);
    const code = saved.json().code as string;
    // Pay-me cannot be asked whether its checkout is being paid: while the attempt opened with
    // the booking is still open, another amount is refused (409), the same one reuses it.
    const other = await addPayment(ctx.app, customer.token, code, 100);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(translate('paymentInProgress', 'en'));
    const opened = paymentAddResponse.parse(
      (await addPayment(ctx.app, customer.token, code, body.amount)).json(),
    );
    expect(opened.transactionId).toBe(saved.json().transactionId);
    expect(opened.checkout.kind).toBe('form');
    if (opened.checkout.kind !== 'form') return;
    const fields = opened.checkout.fields;
    const cents = String(Math.round(body.amount * 100));
    expect(opened.checkout.action).toBe(config.url);
    expect(fields.purchaseAmount).toBe(cents);
    expect(fields.purchaseCurrencyCode).toBe('840');
    expect(fields.purchaseVerification).toBe(
      sha512(`144${'11567'}${fields.purchaseOperationNumber}${cents}840XyZ-9kLmN-SECRET`),
    );

    const post = (authorizationResult: string, verification: string, currency = '840') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/notify/payme',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          purchaseOperationNumber: fields.purchaseOperationNumber ?? '',
          purchaseAmount: cents,
          purchaseCurrencyCode: currency,
          authorizationResult,
          purchaseVerification: verification,
          reserved2: opened.transactionId,
        }).toString(),
      });
    const sign = (result: string, currency = '840') =>
      sha512(
        `14411567${fields.purchaseOperationNumber}${cents}${currency}${result}XyZ-9kLmN-SECRET`,
      );

    expect((await post('00', '')).statusCode).toBe(401);
    expect((await post('00', sign('01'))).statusCode).toBe(401);
    // The same dollars reported as soles, even correctly signed, do not pay a dollar booking.
    const soles = await post('00', sign('00', '604'), '604');
    expect(soles.statusCode).toBe(409);
    expect((await post('00', sign('00', '999'), '999')).statusCode).toBe(401);
    const accepted = await post('00', sign('00'));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).toContain('data-checkout-status="S"');
    const [attempt] = await ctx.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, opened.transactionId));
    expect(attempt?.status).toBe('paid');
    // The same answer again records nothing more.
    expect((await post('00', sign('00'))).statusCode).toBe(200);
  });

  it('settles the attempt its signature names, whatever reserved2 says, and only once', async () => {
    // Two bookings of the same price; the gateway approves the first one's purchase only.
    const customer = await signUpAndIn(ctx.app);
    const tour = await loadTour(ctx.app, '100401');
    const body = bookingFor(tour, { adults: 1 });
    const opened = [];
    for (const date of ['2027-08-01', '2027-08-02']) {
      const saved = await postBooking(ctx.app, customer.token, {
        ...body,
        startDate: date,
        endDate: date,
      });
      const code = saved.json().code as string;
      const attempt = paymentAddResponse.parse(
        (await addPayment(ctx.app, customer.token, code, body.amount)).json(),
      );
      if (attempt.checkout.kind !== 'form') throw new Error('a form checkout was expected');
      opened.push({ code, id: attempt.transactionId, fields: attempt.checkout.fields });
    }
    const [first, second] = opened as [(typeof opened)[number], (typeof opened)[number]];
    const signed = {
      purchaseOperationNumber: first.fields.purchaseOperationNumber ?? '',
      purchaseAmount: first.fields.purchaseAmount ?? '',
      purchaseCurrencyCode: '840',
      authorizationResult: '00',
    };
    const purchaseVerification = answerVerification(config, signed);
    const post = (reserved2: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/notify/payme',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...signed, purchaseVerification, reserved2 }).toString(),
      });
    expect((await post(first.id)).statusCode).toBe(200);
    // The same signed answer, pointed at the other attempt: refused, nothing paid there.
    expect((await post(second.id)).statusCode).toBe(404);
    const statuses = await ctx.database.db
      .select({ id: paymentAttempts.id, status: paymentAttempts.status })
      .from(paymentAttempts)
      .where(inArray(paymentAttempts.id, [first.id, second.id]));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [first.id]: 'paid',
      [second.id]: 'pending',
    });
  });

  it('does not serve the sandbox checkout, nor hear sandbox notifications', async () => {
    const response = await ctx.app.inject({
      url: '/sandbox/checkout/5b1f1d0c-1f2a-4c3b-9d4e-5f6a7b8c9d0e',
    });
    expect(response.statusCode).toBe(404);
    // A notification signed with the sandbox's old public default reaches no route at all.
    const customer = await signUpAndIn(ctx.app);
    const tour = await loadTour(ctx.app, '100401');
    const saved = await postBooking(ctx.app, customer.token, bookingFor(tour, { adults: 1 }));
    const attemptId = saved.json().transactionId as string;
    const forged = await notify(ctx.app, event(attemptId, Math.round(saved.json().amount * 100)), {
      secret: RETIRED_SANDBOX_SECRET,
    });
    expect(forged.statusCode).toBe(404);
    const [attempt] = await ctx.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attemptId));
    expect(attempt?.status).toBe('pending');
  });

  it('refuses to start with PAYME_CURRENCY_CODE=604: the catalogue is priced in dollars', () => {
    expect(() =>
      loadConfig({
        PAYMENT_GATEWAY: 'payme',
        PAYME_ACQUIRER_ID: '1',
        PAYME_COMMERCE_ID: '2',
        PAYME_SECRET_KEY: '3',
        PAYME_CURRENCY_CODE: '604',
      }),
    ).toThrow(/priced in US dollars/);
  });
});
