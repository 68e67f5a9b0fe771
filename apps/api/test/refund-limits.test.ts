import { randomUUID } from 'node:crypto';
import { adminBookingDetail, paymentAddResponse } from '@cusco/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import {
  auditEntries,
  bookings,
  ledgerEntries,
  paymentAttempts,
  sandboxCharges,
} from '../src/db/schema.ts';
import { AppError } from '../src/errors.ts';
import { sandboxGateway } from '../src/gateways/sandbox/gateway.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { addPayment, event, notify } from './support/payments.ts';

/**
 * A refund gives back at most what a payment took less its refunds, to the cent (issue 26: a
 * cap one cent too high passed every test). On every refund path the exact refundable amount is
 * accepted and one cent more is refused with nothing written (ledger, sandbox charge, attempt,
 * audit); and the sandbox gateway holds the same cap on its own.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let admin: Session;
let agent: Session;
let customer: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  customer = await signUpAndIn(app, { name: 'Rosa', lastname: 'Mamani' });
});
afterAll(async () => ctx?.close());

async function newBooking() {
  const tour = await loadTour(app, '100401');
  const body = bookingFor(tour, { adults: 1 });
  const response = await postBooking(app, customer.token, body);
  expect(response.statusCode, response.body).toBe(201);
  return { code: response.json().code as string, debt: body.amount };
}

const post = (token: string, url: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/${url}`,
    headers: { ...bearer(token), 'idempotency-key': randomUUID() },
    payload,
  });

const refund = (attemptId: string, amount?: number) =>
  post(admin.token, `payments/${attemptId}/refund`, amount === undefined ? {} : { amount });

/** The sandbox takes an attempt's card and says so; answers what the notification settled. */
async function chargeCard(opened: { transactionId: string; amount: number }) {
  await db
    .update(sandboxCharges)
    .set({ status: 'approved' })
    .where(eq(sandboxCharges.transactionId, opened.transactionId));
  const settled = await notify(app, event(opened.transactionId, Math.round(opened.amount * 100)));
  expect(settled.statusCode, settled.body).toBe(200);
  return settled.json().result as string;
}

/** A card payment of `amount` dollars on the booking, settled: its attempt's id. */
async function paidAttempt(code: string, amount: number) {
  const opened = paymentAddResponse.parse(
    (await addPayment(app, customer.token, code, amount)).json(),
  );
  expect(await chargeCard(opened)).toBe('paid');
  return opened.transactionId;
}

/**
 * An attempt that took the whole debt after it was paid at the desk: it awaits a refund and is
 * kept out of the ledger. Answers its id and amount.
 */
async function refundRequiredAttempt(code: string, debt: number) {
  const opened = paymentAddResponse.parse(
    (await addPayment(app, customer.token, code, debt)).json(),
  );
  const desk = await post(agent.token, `bookings/${code}/payments`, {
    amount: debt,
    method: 'cash',
  });
  expect(desk.statusCode, desk.body).toBe(201);
  expect(await chargeCard(opened)).toBe('refund_required');
  return opened.transactionId;
}

/** Everything a refund writes: the ledger, the attempt, its sandbox charge and the audit trail. */
async function written(code: string, attemptId: string) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.code, code));
  const bookingId = booking?.id ?? '';
  const ledger = await db
    .select({ kind: ledgerEntries.kind, cents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.kind));
  const [attempt] = await db
    .select({ status: paymentAttempts.status })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId));
  const [charge] = await db
    .select({ refunded: sandboxCharges.refundedCents })
    .from(sandboxCharges)
    .where(eq(sandboxCharges.transactionId, attemptId));
  const [audit] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditEntries)
    .where(eq(auditEntries.bookingId, bookingId));
  return { ledger, status: attempt?.status, refunded: charge?.refunded, audits: audit?.n };
}

/** What staff are shown can still be refunded of the attempt. */
async function refundableShown(code: string, attemptId: string) {
  const response = await app.inject({
    url: `/api/admin/bookings/${code}`,
    headers: bearer(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const detail = adminBookingDetail.parse(response.json());
  return detail.attempts.find((attempt) => attempt.id === attemptId)?.refundable;
}

/**
 * Asks for one cent more than `refundable` dollars: refused as over the cap, saying the cap,
 * with nothing written.
 */
async function expectOneCentOverRefused(code: string, attemptId: string, refundable: number) {
  expect(await refundableShown(code, attemptId)).toBe(refundable);
  const before = await written(code, attemptId);
  const over = await refund(attemptId, Math.round(refundable * 100 + 1) / 100);
  expect(over.statusCode, over.body).toBe(422);
  expect(over.json()).toMatchObject({
    message: `At most $${refundable.toFixed(2)} of this payment can be refunded`,
    field: 'amount',
  });
  expect(await written(code, attemptId)).toEqual(before);
}

describe('the refund cap, to the cent, on every path', () => {
  it('a paid attempt refunded whole: one cent more than it took is refused; no amount refunds it all', async () => {
    const { code, debt } = await newBooking();
    const attemptId = await paidAttempt(code, 300);
    await expectOneCentOverRefused(code, attemptId, 300);

    const whole = await refund(attemptId);
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json().debt).toBe(debt);
    const after = await written(code, attemptId);
    expect(after.refunded).toBe(30_000);
    expect(after.ledger.filter((entry) => entry.kind === 'refund')).toEqual([
      { kind: 'refund', cents: 30_000 },
    ]);
    // Nothing is left: the smallest amount is refused too.
    await expectOneCentOverRefused(code, attemptId, 0);
    expect((await refund(attemptId)).statusCode).toBe(422);
    expect(await written(code, attemptId)).toEqual(after);
  });

  it('a paid attempt refunded whole by its exact amount', async () => {
    const { code, debt } = await newBooking();
    const attemptId = await paidAttempt(code, 250);
    const exact = await refund(attemptId, 250);
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().debt).toBe(debt);
    expect((await written(code, attemptId)).refunded).toBe(25_000);
  });

  it('in part, then the rest: one cent over the rest is refused, the rest without an amount accepted', async () => {
    const { code, debt } = await newBooking();
    const attemptId = await paidAttempt(code, 300);
    const part = await refund(attemptId, 100);
    expect(part.statusCode, part.body).toBe(201);
    await expectOneCentOverRefused(code, attemptId, 200);

    const rest = await refund(attemptId);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().debt).toBe(debt);
    const after = await written(code, attemptId);
    expect(after.refunded).toBe(30_000);
    expect(after.ledger.filter((entry) => entry.kind === 'refund').map((e) => e.cents)).toEqual([
      10_000, 20_000,
    ]);
  });

  it('after a partial refund of cents: the exact rest is accepted, one cent more refused', async () => {
    const { code, debt } = await newBooking();
    const attemptId = await paidAttempt(code, 300);
    expect((await refund(attemptId, 99.99)).statusCode).toBe(201);
    await expectOneCentOverRefused(code, attemptId, 200.01);

    const exact = await refund(attemptId, 200.01);
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().debt).toBe(debt);
    expect((await written(code, attemptId)).refunded).toBe(30_000);
    await expectOneCentOverRefused(code, attemptId, 0);
  });

  it('an attempt awaiting its refund (paid when nothing was owed): one cent over refused, its exact amount accepted', async () => {
    const { code, debt } = await newBooking();
    const attemptId = await refundRequiredAttempt(code, debt);
    // Refused: not even its payment is written, it still awaits its refund.
    await expectOneCentOverRefused(code, attemptId, debt);
    const still = await written(code, attemptId);
    expect(still.status).toBe('refund_required');
    expect(still.ledger.filter((entry) => entry.kind !== 'purchase')).toEqual([
      { kind: 'payment', cents: Math.round(debt * 100) },
    ]);

    const exact = await refund(attemptId, debt);
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().debt).toBe(0);
    const after = await written(code, attemptId);
    expect(after.status).toBe('paid');
    expect(after.refunded).toBe(Math.round(debt * 100));
    expect(after.ledger.filter((entry) => entry.kind !== 'purchase').map((e) => e.kind)).toEqual([
      'payment',
      'payment',
      'refund',
    ]);
  });

  it('an attempt awaiting its refund, refunded in part, then the rest: one cent over it refused', async () => {
    const { code, debt } = await newBooking();
    const attemptId = await refundRequiredAttempt(code, debt);
    expect((await refund(attemptId, 0.01)).statusCode).toBe(201);
    const rest = Math.round(debt * 100 - 1) / 100;
    await expectOneCentOverRefused(code, attemptId, rest);
    const exact = await refund(attemptId, rest);
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().debt).toBe(0);
    expect((await written(code, attemptId)).refunded).toBe(Math.round(debt * 100));
  });

  it('the sandbox gateway refuses on its own one cent more than its charge holds', async () => {
    const { code } = await newBooking();
    const attemptId = await paidAttempt(code, 300);
    const [attempt] = await db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attemptId));
    if (!attempt) throw new Error('no attempt');
    const gateway = sandboxGateway();
    const refunded = async () =>
      (
        await db
          .select({ refunded: sandboxCharges.refundedCents })
          .from(sandboxCharges)
          .where(and(eq(sandboxCharges.transactionId, attemptId)))
      )[0]?.refunded;

    await expect(gateway.refund(db, attempt, 30_001)).rejects.toBeInstanceOf(AppError);
    expect(await refunded()).toBe(0);
    await expect(gateway.refund(db, attempt, 10_000)).resolves.toMatchObject({
      reference: expect.stringMatching(/^sbx_.+_r[0-9a-f]{8}$/),
    });
    await expect(gateway.refund(db, attempt, 20_001)).rejects.toBeInstanceOf(AppError);
    expect(await refunded()).toBe(10_000);
    await expect(gateway.refund(db, attempt, 20_000)).resolves.toBeDefined();
    expect(await refunded()).toBe(30_000);
    await expect(gateway.refund(db, attempt, 1)).rejects.toBeInstanceOf(AppError);
    expect(await refunded()).toBe(30_000);
  });
});
