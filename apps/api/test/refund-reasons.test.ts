import { paymentAddResponse } from '@cusco/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import {
  auditEntries,
  bookings,
  ledgerEntries,
  mailMessages,
  outbox,
  sandboxCharges,
} from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { detailOf } from './support/passengers.ts';
import { addPayment, event, notify } from './support/payments.ts';

/**
 * Refunds that say why (issue 28): the price stands (the money goes back, the balance reopens)
 * or the price drops (a discount and a refund in one step, the balance stays settled and the
 * voucher valid); either way the customer gets one refund e-mail; one cent more than the payment
 * holds is refused, as before.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let admin: Session;
let customer: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  customer = await signUpAndIn(app, { name: 'Rosa', lastname: 'Mamani' });
});
afterAll(async () => ctx?.close());

/** A customer's booking of one adult on the classic trail, paid in full by card: its code, price and attempt. */
async function paidBooking() {
  const tour = await loadTour(app, '100401');
  const body = bookingFor(tour, { adults: 1 });
  const response = await postBooking(app, customer.token, body);
  expect(response.statusCode, response.body).toBe(201);
  const code = response.json().code as string;
  const opened = paymentAddResponse.parse(
    (await addPayment(app, customer.token, code, body.amount)).json(),
  );
  await db
    .update(sandboxCharges)
    .set({ status: 'approved' })
    .where(eq(sandboxCharges.transactionId, opened.transactionId));
  const settled = await notify(app, event(opened.transactionId, Math.round(opened.amount * 100)));
  expect(settled.json().result).toBe('paid');
  return { code, price: body.amount, attemptId: opened.transactionId };
}

function refund(attemptId: string, payload: object) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/payments/${attemptId}/refund`,
    headers: { ...bearer(admin.token), 'idempotency-key': crypto.randomUUID() },
    payload,
  });
}

async function ledgerOf(code: string) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.code, code));
  const lines = await db
    .select({
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      description: ledgerEntries.description,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, booking?.id ?? ''))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.kind));
  return { bookingId: booking?.id ?? '', lines };
}

async function refundMails(bookingId: string) {
  return db
    .select({ data: outbox.data, reason: outbox.reason, language: outbox.language })
    .from(outbox)
    .where(and(eq(outbox.kind, 'refund'), eq(outbox.bookingId, bookingId)));
}

async function voucherStatus(code: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/tour/booking/${code}/voucher.pdf`,
    headers: bearer(customer.token),
  });
  return response.statusCode;
}

describe('a refund where the price stands', () => {
  it('returns the money and reopens the balance, with one refund e-mail', async () => {
    const { code, attemptId } = await paidBooking();
    expect(await voucherStatus(code)).toBe(200);
    const answer = await refund(attemptId, { amount: 40, reason: 'price_stands' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().debt).toBe(40);

    const { bookingId, lines } = await ledgerOf(code);
    expect(lines.map((line) => line.kind)).toEqual(['purchase', 'payment', 'refund']);
    expect(lines.at(-1)?.amountCents).toBe(4000);
    const detail = await detailOf(app, customer.token, code);
    expect(detail.balance.debt).toBe(40);
    expect(detail.paymentExtra.substract).toEqual([]);
    // Something is owed again: the voucher waits for it.
    expect(await voucherStatus(code)).toBe(422);

    const mails = await refundMails(bookingId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.data).toMatchObject({
      amountCents: 4000,
      reason: 'price_stands',
      balanceCents: 4000,
    });
    const [audit] = await db
      .select({ after: auditEntries.after })
      .from(auditEntries)
      .where(and(eq(auditEntries.bookingId, bookingId), eq(auditEntries.action, 'payment.refund')));
    expect(audit?.after).toMatchObject({ reason: 'price_stands', debt: 40 });
  });
});

describe('a refund where the price drops', () => {
  it('writes a discount and a refund in one step: the balance stays settled and the voucher valid', async () => {
    const { code, attemptId, price } = await paidBooking();
    const answer = await refund(attemptId, { amount: 25.5, reason: 'price_drops' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().debt).toBe(0);

    const { bookingId, lines } = await ledgerOf(code);
    expect(lines.map((line) => line.kind).sort()).toEqual([
      'discount',
      'payment',
      'purchase',
      'refund',
    ]);
    const discount = lines.find((line) => line.kind === 'discount');
    const refunded = lines.find((line) => line.kind === 'refund');
    expect(discount?.amountCents).toBe(2550);
    expect(refunded?.amountCents).toBe(2550);

    const detail = await detailOf(app, customer.token, code);
    expect(detail.balance.debt).toBe(0);
    expect(detail.balance.payments).toBe(price - 25.5);
    expect(detail.paymentExtra.substract.map((line) => [line.name, line.total])).toEqual([
      ['Price lowered (the difference refunded)', 25.5],
    ]);
    expect(await voucherStatus(code)).toBe(200);

    // One e-mail, written in the customer's language with the reason.
    const mails = await refundMails(bookingId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.data).toMatchObject({ reason: 'price_drops', balanceCents: 0 });
    await app.mail.sendDue();
    const [sent] = await db
      .select({ subject: mailMessages.subject, text: mailMessages.text })
      .from(mailMessages)
      .innerJoin(outbox, eq(outbox.id, mailMessages.outboxId))
      .where(and(eq(outbox.kind, 'refund'), eq(outbox.bookingId, bookingId)));
    expect(sent?.subject).toContain(code);
    expect(sent?.text).toMatch(/lowered the price|Bajamos el precio/);
    expect(sent?.text).toMatch(/voucher/);
  });

  it('answers a replay once (one refund, one e-mail) and refuses one cent more than the payment holds', async () => {
    const { code, attemptId, price } = await paidBooking();
    const key = crypto.randomUUID();
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/admin/payments/${attemptId}/refund`,
        headers: { ...bearer(admin.token), 'idempotency-key': key },
        payload: { amount: 10, reason: 'price_drops' },
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const { bookingId, lines } = await ledgerOf(code);
    expect(lines.filter((line) => line.kind === 'refund')).toHaveLength(1);
    expect(await refundMails(bookingId)).toHaveLength(1);

    const tooMuch = await refund(attemptId, {
      amount: Math.round((price - 10) * 100 + 1) / 100,
      reason: 'price_drops',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect((await ledgerOf(code)).lines).toHaveLength(lines.length);
    expect(await refundMails(bookingId)).toHaveLength(1);
    const exact = await refund(attemptId, { amount: price - 10, reason: 'price_stands' });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(await refundMails(bookingId)).toHaveLength(2);
  });

  it('refuses an unknown reason with 400', async () => {
    const { attemptId } = await paidBooking();
    expect((await refund(attemptId, { amount: 1, reason: 'because' })).statusCode).toBe(400);
  });
});
