import { Writable } from 'node:stream';
import { paymentAddResponse } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { paymentNotifications } from '../src/db/schema.ts';
import { answerVerification } from '../src/gateways/payme/gateway.ts';
import { signUpAndIn } from './support/accounts.ts';
import { openTestDatabase, type TestDatabase, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { addPayment, event, notify } from './support/payments.ts';

/**
 * Which refused notifications are stored (docs/payments.md, issue 26). What does not prove it
 * comes from the gateway (no or a wrong signature or hash, a body that is not JSON, a stale
 * signature anyone who saw one may replay) is logged at warn level and never stored: posting
 * forgeries cannot fill the database. What the gateway's signature vouches for but cannot be
 * applied (an unknown attempt, another amount, a body of the wrong shape, a Pay-me answer whose
 * reserved2 names another attempt) is stored in payment_notifications with why, as an accepted
 * one is with its outcome.
 */
interface Logged {
  app: FastifyInstance;
  database: TestDatabase;
  lines: Record<string, unknown>[];
}

async function loggedApp(overrides: Partial<Config> = {}): Promise<Logged> {
  const database = await openTestDatabase();
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    db: database.db,
    config: testConfig(overrides),
    databaseKind: database.kind,
    logger: { level: 'warn', stream },
  });
  await app.ready();
  return { app, database, lines };
}

const stored = (ctx: Logged) =>
  ctx.database.db
    .select({
      gateway: paymentNotifications.gateway,
      attemptId: paymentNotifications.attemptId,
      outcome: paymentNotifications.outcome,
      payload: paymentNotifications.payload,
    })
    .from(paymentNotifications)
    .orderBy(paymentNotifications.receivedAt);

/** The warnings logged since `from`: their message and reason. */
const warnings = (ctx: Logged, from: number) =>
  ctx.lines.slice(from).map((line) => ({ level: line.level, msg: line.msg, reason: line.reason }));

/** A new customer's booking and its open payment attempt. */
async function pendingAttempt(app: FastifyInstance) {
  const customer = await signUpAndIn(app);
  const tour = await loadTour(app, '100401');
  const body = bookingFor(tour, { adults: 1 });
  const saved = await postBooking(app, customer.token, body);
  expect(saved.statusCode, saved.body).toBe(201);
  const opened = paymentAddResponse.parse(
    (await addPayment(app, customer.token, saved.json().code, body.amount)).json(),
  );
  return { id: opened.transactionId, cents: Math.round(body.amount * 100), opened };
}

describe('sandbox notifications', () => {
  let ctx: Logged;
  beforeAll(async () => {
    ctx = await loggedApp();
  });
  afterAll(async () => {
    await ctx?.app.close();
    await ctx?.database.close();
  });

  it('logs and never stores what its signature does not vouch for', async () => {
    const paying = await pendingAttempt(ctx.app);
    const body = event(paying.id, paying.cents);
    const before = (await stored(ctx)).length;
    const from = ctx.lines.length;
    const answers = [
      await notify(ctx.app, body, { secret: 'someone-else-secret-0000' }),
      await notify(ctx.app, body, { signature: null }),
      await notify(ctx.app, body, { signature: 't=abc,v1=xyz' }),
      // Rightly signed, but older than the tolerance: anyone who saw it could replay it.
      await notify(ctx.app, body, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await notify(ctx.app, '{"transactionId": '),
      await notify(ctx.app, { ...body, reference: 'x\u0000y' }, { secret: 'forged-secret-00000' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 400, 400, 400]);
    expect((await stored(ctx)).length).toBe(before);
    const refused = { level: 40, msg: 'sandbox: notification refused' };
    expect(warnings(ctx, from)).toEqual([
      { ...refused, reason: 'mismatch' },
      { ...refused, reason: 'malformed' },
      { ...refused, reason: 'malformed' },
      { ...refused, reason: 'stale' },
      { ...refused, reason: 'not JSON' },
      { ...refused, reason: 'invalid characters' },
    ]);
  });

  it('stores, with why, what its signature vouches for but cannot apply; and what it applies', async () => {
    const paying = await pendingAttempt(ctx.app);
    const unknown = '7b7f0a44-3c7c-4b3c-9a8f-6f4f2a9d1e01';
    const before = (await stored(ctx)).length;
    const answers = [
      await notify(ctx.app, event(unknown, 100)),
      await notify(ctx.app, event(paying.id, paying.cents - 100)),
      await notify(ctx.app, { hello: 'world', transactionId: paying.id }),
      await notify(ctx.app, event(paying.id, paying.cents)),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 409, 400, 200]);
    expect((await stored(ctx)).slice(before)).toEqual([
      {
        gateway: 'sandbox',
        attemptId: null,
        outcome: 'rejected: unknown transaction',
        payload: expect.objectContaining({ transactionId: unknown }),
      },
      {
        gateway: 'sandbox',
        attemptId: paying.id,
        outcome: 'rejected: amount or currency',
        payload: expect.objectContaining({ amount: paying.cents - 100 }),
      },
      {
        gateway: 'sandbox',
        attemptId: null,
        outcome: 'rejected: malformed',
        payload: { hello: 'world', transactionId: paying.id },
      },
      {
        gateway: 'sandbox',
        attemptId: paying.id,
        outcome: 'notification: paid',
        payload: expect.objectContaining({ amount: paying.cents }),
      },
    ]);
  });
});

describe('Pay-me answers', () => {
  const payme = {
    url: 'https://integracion.alignetsac.com/VPOS2/faces/pages/startPayme.xhtml',
    acquirerId: '144',
    commerceId: '11567',
    secretKey: 'XyZ-9kLmN-SECRET',
  };
  let ctx: Logged;
  beforeAll(async () => {
    const base = testConfig();
    ctx = await loggedApp({ payments: { ...base.payments, gateway: 'payme', payme } });
  });
  afterAll(async () => {
    await ctx?.app.close();
    await ctx?.database.close();
  });

  const post = (fields: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/notify/payme',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const signed = (operation: string, amount: string, reserved2: string) => {
    const fields = {
      purchaseOperationNumber: operation,
      purchaseAmount: amount,
      purchaseCurrencyCode: '840',
      authorizationResult: '00',
    };
    return { ...fields, purchaseVerification: answerVerification(payme, fields), reserved2 };
  };

  it('logs and never stores an answer whose hash is wrong, or in a currency it does not know', async () => {
    const paying = await pendingAttempt(ctx.app);
    if (paying.opened.checkout.kind !== 'form') throw new Error('a form checkout was expected');
    const operation = paying.opened.checkout.fields.purchaseOperationNumber ?? '';
    const answer = signed(operation, String(paying.cents), paying.id);
    const before = (await stored(ctx)).length;
    const from = ctx.lines.length;
    const answers = [
      await post({ ...answer, purchaseVerification: 'f'.repeat(128) }),
      await post({ ...answer, purchaseAmount: String(paying.cents + 1) }),
      await post({ ...answer, purchaseCurrencyCode: '999' }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([401, 401, 401]);
    expect((await stored(ctx)).length).toBe(before);
    const refused = { level: 40, msg: 'payme: answer refused' };
    expect(warnings(ctx, from)).toEqual([
      { ...refused, reason: 'hash' },
      { ...refused, reason: 'hash' },
      { ...refused, reason: 'currency' },
    ]);
  });

  it('stores, with why, a verified answer for no attempt of ours or whose reserved2 names another', async () => {
    const paying = await pendingAttempt(ctx.app);
    if (paying.opened.checkout.kind !== 'form') throw new Error('a form checkout was expected');
    const operation = paying.opened.checkout.fields.purchaseOperationNumber ?? '';
    const before = (await stored(ctx)).length;
    const other = '7b7f0a44-3c7c-4b3c-9a8f-6f4f2a9d1e01';
    const answers = [
      await post(signed('987654321', '100', '')),
      await post(signed(operation, String(paying.cents), other)),
      await post(signed(operation, String(paying.cents), paying.id)),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([404, 404, 200]);
    expect((await stored(ctx)).slice(before)).toEqual([
      {
        gateway: 'payme',
        attemptId: null,
        outcome: 'rejected: unknown transaction',
        payload: expect.objectContaining({ purchaseOperationNumber: '987654321' }),
      },
      {
        gateway: 'payme',
        attemptId: paying.id,
        outcome: 'rejected: reserved2 names another attempt',
        payload: expect.objectContaining({ reserved2: other }),
      },
      {
        gateway: 'payme',
        attemptId: paying.id,
        outcome: 'notification: paid',
        payload: expect.objectContaining({ purchaseOperationNumber: operation }),
      },
    ]);
    const [row] = await ctx.database.db
      .select({ n: paymentNotifications.id })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.attemptId, paying.id));
    expect(row).toBeDefined();
  });
});
