import { randomUUID } from 'node:crypto';
import {
  adminBookingDetail,
  adminBookingList,
  bookingList,
  moneyActionResult,
  paymentAddResponse,
} from '@cusco/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import {
  auditEntries,
  bookings,
  ledgerEntries,
  outbox,
  paymentAttempts,
  sandboxCharges,
} from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { detailOf } from './support/passengers.ts';
import { addPayment, event, notify } from './support/payments.ts';

/**
 * The back office's money (admin/money.ts) and the ledger's sums (bookings/ledger.ts), where
 * the mutation run (docs/mutation.md) found behaviour no test held: what a payment, a discount
 * or a refund writes besides the debt (its description, its audit entry, the receipt's
 * balance), the edges of the debt checks, the scope of an Idempotency-Key, and additions and
 * discounts in every sum of the debt. Each booking is one adult on the Classic Inca Trail
 * (100401, group, English): $790.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let agent: Session;
let admin: Session;
let customer: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  customer = await signUpAndIn(app, { name: 'Rosa', lastname: 'Mamani' });
});
afterAll(async () => ctx?.close());

const PRICE = 790;

async function newBooking(on: FastifyInstance = app, token = customer.token) {
  const tour = await loadTour(on, '100401');
  const response = await postBooking(on, token, bookingFor(tour, { adults: 1 }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().code as string;
}

function post(token: string, url: string, payload: object, key?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/${url}`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

const debtOf = async (code: string) => (await detailOf(app, customer.token, code)).balance.debt;

async function bookingId(code: string) {
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.code, code));
  if (!row) throw new Error(`no booking ${code}`);
  return row.id;
}

async function auditOf(subjectId: string) {
  return db
    .select({ action: auditEntries.action, before: auditEntries.before, after: auditEntries.after })
    .from(auditEntries)
    .where(eq(auditEntries.subjectId, subjectId));
}

/** A sandbox attempt of the customer's, its card charged and the charge notified: its id. */
async function paidAttempt(code: string, amount: number) {
  const opened = paymentAddResponse.parse(
    (await addPayment(app, customer.token, code, amount)).json(),
  );
  await db
    .update(sandboxCharges)
    .set({ status: 'approved' })
    .where(eq(sandboxCharges.transactionId, opened.transactionId));
  const settled = await notify(app, event(opened.transactionId, Math.round(amount * 100)));
  expect(settled.statusCode, settled.body).toBe(200);
  expect(settled.json().result).toBe('paid');
  return opened.transactionId;
}

describe('offline payments', () => {
  it('records a payment without a reference as a payment at the agency, and audits the reference and note given', async () => {
    const code = await newBooking();
    const bare = await post(agent.token, `bookings/${code}/payments`, {
      amount: 100,
      method: 'cash',
    });
    expect(bare.statusCode, bare.body).toBe(201);
    const bareEntry = moneyActionResult.parse(bare.json()).entryId;
    const [row] = await db
      .select({ description: ledgerEntries.description, method: ledgerEntries.paymentMethod })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, bareEntry));
    expect(row).toEqual({ description: 'offline-payment', method: 'cash' });
    expect(await auditOf(bareEntry)).toEqual([
      {
        action: 'booking.payment',
        before: { debt: PRICE },
        after: { debt: PRICE - 100, amount: 100, method: 'cash', reference: '', note: '' },
      },
    ]);

    const noted = await post(agent.token, `bookings/${code}/payments`, {
      amount: 50,
      method: 'transfer',
      reference: 'BCP 0042',
      note: 'Sent from Lima',
    });
    expect(noted.statusCode, noted.body).toBe(201);
    expect(await auditOf(noted.json().entryId)).toEqual([
      {
        action: 'booking.payment',
        before: { debt: PRICE - 100 },
        after: {
          debt: PRICE - 150,
          amount: 50,
          method: 'transfer',
          reference: 'BCP 0042',
          note: 'Sent from Lima',
        },
      },
    ]);
  });

  it('mails the customer a receipt with the balance the payment leaves', async () => {
    const code = await newBooking();
    const paid = await post(agent.token, `bookings/${code}/payments`, {
      amount: 120.5,
      method: 'card-terminal',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const receipts = await db
      .select({ userId: outbox.userId, data: outbox.data })
      .from(outbox)
      .where(and(eq(outbox.kind, 'receipt'), eq(outbox.reason, paid.json().entryId)));
    // 790.00 owed, 120.50 paid: 669.50 left.
    expect(receipts).toEqual([
      {
        userId: customer.user.id,
        data: expect.objectContaining({
          amountCents: 12_050,
          method: 'card-terminal',
          balanceCents: 66_950,
        }),
      },
    ]);
  });

  it('refuses a payment over the debt, saying the debt, on the amount field', async () => {
    const code = await newBooking();
    const over = await post(agent.token, `bookings/${code}/payments`, {
      amount: PRICE + 0.01,
      method: 'cash',
    });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      message: 'The payment is more than the balance due ($790.00)',
      field: 'amount',
    });
    // The whole debt, to the cent, is accepted.
    const exact = await post(agent.token, `bookings/${code}/payments`, {
      amount: PRICE,
      method: 'cash',
    });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().debt).toBe(0);
  });

  it('keeps an Idempotency-Key to its booking: the same key and body pay two bookings once each', async () => {
    const first = await newBooking();
    const second = await newBooking();
    const key = randomUUID();
    const body = { amount: 10, method: 'cash' };
    const one = await post(agent.token, `bookings/${first}/payments`, body, key);
    const other = await post(agent.token, `bookings/${second}/payments`, body, key);
    expect(one.statusCode, one.body).toBe(201);
    expect(other.statusCode, other.body).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().bookingCode).toBe(second);
    expect(await debtOf(first)).toBe(PRICE - 10);
    expect(await debtOf(second)).toBe(PRICE - 10);
  });
});

describe('discounts and additions', () => {
  it('take an addition above the debt, and a discount of exactly the debt (not a cent more)', async () => {
    const code = await newBooking();
    const addition = await post(admin.token, `bookings/${code}/additions`, {
      amount: 1000,
      reason: 'Private transfer from Lima',
    });
    expect(addition.statusCode, addition.body).toBe(201);
    expect(addition.json().debt).toBe(PRICE + 1000);

    const over = await post(admin.token, `bookings/${code}/discounts`, {
      amount: PRICE + 1000.01,
      reason: 'Too generous',
    });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      message: 'The discount is more than the balance due ($1,790.00)',
      field: 'amount',
    });
    const exact = await post(admin.token, `bookings/${code}/discounts`, {
      amount: PRICE + 1000,
      reason: 'Courtesy of the agency',
    });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().debt).toBe(0);
  });

  it('are answered once per Idempotency-Key, a discount apart from an addition with the same key', async () => {
    const code = await newBooking();
    const key = randomUUID();
    const body = { amount: 25, reason: 'Birthday on the trail' };
    const discount = await post(admin.token, `bookings/${code}/discounts`, body, key);
    const replay = await post(admin.token, `bookings/${code}/discounts`, body, key);
    expect(discount.statusCode, discount.body).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(discount.json());
    expect(await debtOf(code)).toBe(PRICE - 25);

    const addition = await post(admin.token, `bookings/${code}/additions`, body, key);
    expect(addition.statusCode, addition.body).toBe(201);
    expect(addition.headers['idempotent-replayed']).toBeUndefined();
    expect(await debtOf(code)).toBe(PRICE);
  });

  it('are audited under their own action, with their reason', async () => {
    const code = await newBooking();
    const discount = await post(admin.token, `bookings/${code}/discounts`, {
      amount: 40,
      reason: 'Returning customer',
    });
    const addition = await post(admin.token, `bookings/${code}/additions`, {
      amount: 15,
      reason: 'Walking poles',
    });
    expect(await auditOf(discount.json().entryId)).toEqual([
      {
        action: 'booking.discount',
        before: { debt: PRICE },
        after: { debt: PRICE - 40, amount: 40, reason: 'Returning customer' },
      },
    ]);
    expect(await auditOf(addition.json().entryId)).toEqual([
      {
        action: 'booking.addition',
        before: { debt: PRICE - 40 },
        after: { debt: PRICE - 25, amount: 15, reason: 'Walking poles' },
      },
    ]);
  });
});

describe('the debt counts additions and discounts everywhere it is summed (bookings/ledger.ts)', () => {
  it('in the checks of the money calls, the detail, the customer list and the staff search', async () => {
    const code = await newBooking();
    expect(
      (await post(admin.token, `bookings/${code}/additions`, { amount: 100, reason: 'Porter' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await post(admin.token, `bookings/${code}/discounts`, { amount: 40, reason: 'Loyal' }))
        .statusCode,
    ).toBe(201);
    // 790 + 100 − 40 = 850 owed.
    const detail = await detailOf(app, customer.token, code);
    expect(detail.balance).toMatchObject({ additions: 100, discounts: 40, debt: 850 });
    const staffRow = async () => {
      const response = await app.inject({
        url: `/api/admin/bookings?q=${code}`,
        headers: bearer(agent.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return adminBookingList.parse(response.json())[0];
    };
    expect(await staffRow()).toMatchObject({ code, debt: 850, paid: 0 });
    const customerRow = async () => {
      const response = await app.inject({
        url: '/api/tour/booking/list',
        headers: bearer(customer.token),
      });
      return bookingList.parse(response.json()).find((item) => item.id === code);
    };
    expect(await customerRow()).toMatchObject({ paid: 0, pending: 850 });

    // A payment of the whole 850 is not more than the debt; a cent more would be.
    expect(
      (await post(agent.token, `bookings/${code}/payments`, { amount: 850.01, method: 'cash' }))
        .statusCode,
    ).toBe(422);
    const paid = await post(agent.token, `bookings/${code}/payments`, {
      amount: 850,
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().debt).toBe(0);
    expect(await staffRow()).toMatchObject({ debt: 0, paid: 850, status: 'paid' });
    expect(await customerRow()).toMatchObject({ paid: 850, pending: 0 });
  });
});

describe('refunds', () => {
  it('are answered once per Idempotency-Key, the key kept to its payment', async () => {
    const code = await newBooking();
    const first = await paidAttempt(code, 100);
    const second = await paidAttempt(code, 100);
    const key = randomUUID();
    const once = await post(admin.token, `payments/${first}/refund`, { amount: 10 }, key);
    const replay = await post(admin.token, `payments/${first}/refund`, { amount: 10 }, key);
    expect(once.statusCode, once.body).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(once.json());
    const other = await post(admin.token, `payments/${second}/refund`, { amount: 10 }, key);
    expect(other.statusCode, other.body).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    // 790 − 200 paid + 20 given back.
    expect(await debtOf(code)).toBe(PRICE - 180);
    const charges = await db
      .select({ refunded: sandboxCharges.refundedCents })
      .from(sandboxCharges)
      .where(inArray(sandboxCharges.transactionId, [first, second]));
    expect(charges.map((charge) => charge.refunded)).toEqual([1000, 1000]);
  });

  it('are written as card refunds, audited with the payment and the gateway reference, and shown to staff by payment', async () => {
    const code = await newBooking();
    const attemptId = await paidAttempt(code, 300);
    const refund = await post(admin.token, `payments/${attemptId}/refund`, { amount: 120 });
    expect(refund.statusCode, refund.body).toBe(201);
    const entryId = moneyActionResult.parse(refund.json()).entryId;
    const [entry] = await db
      .select({
        kind: ledgerEntries.kind,
        amountCents: ledgerEntries.amountCents,
        description: ledgerEntries.description,
        method: ledgerEntries.paymentMethod,
        attempt: ledgerEntries.refundedAttemptId,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, entryId));
    expect(entry).toEqual({
      kind: 'refund',
      amountCents: 12_000,
      description: expect.stringMatching(/^refund\|sbx_[\w-]+_r[0-9a-f]{8}$/),
      method: 'Card (sandbox)',
      attempt: attemptId,
    });
    const reference = entry?.description.slice('refund|'.length);
    expect(await auditOf(attemptId)).toEqual([
      {
        action: 'payment.refund',
        before: { debt: PRICE - 300 },
        after: {
          debt: PRICE - 180,
          amount: 120,
          attemptStatus: 'paid',
          reason: 'price_stands',
          reference,
        },
      },
    ]);

    const staff = await app.inject({
      url: `/api/admin/bookings/${code}`,
      headers: bearer(admin.token),
    });
    expect(staff.statusCode, staff.body).toBe(200);
    const attempts = adminBookingDetail.parse(staff.json()).attempts;
    expect(attempts.find((attempt) => attempt.id === attemptId)).toMatchObject({
      amount: 300,
      refunded: 120,
      refundable: 180,
    });
  });

  it('write the payment of an attempt that awaited a refund as a card payment', async () => {
    const code = await newBooking();
    // A checkout for the whole debt, paid at the desk meanwhile, then charged on the card too.
    const opened = paymentAddResponse.parse(
      (await addPayment(app, customer.token, code, PRICE)).json(),
    );
    expect(
      (await post(agent.token, `bookings/${code}/payments`, { amount: PRICE, method: 'cash' }))
        .statusCode,
    ).toBe(201);
    await db
      .update(sandboxCharges)
      .set({ status: 'approved' })
      .where(eq(sandboxCharges.transactionId, opened.transactionId));
    const settled = await notify(app, event(opened.transactionId, PRICE * 100));
    expect(settled.json().result).toBe('refund_required');

    const refund = await post(admin.token, `payments/${opened.transactionId}/refund`, {});
    expect(refund.statusCode, refund.body).toBe(201);
    const payments = await db
      .select({
        amountCents: ledgerEntries.amountCents,
        description: ledgerEntries.description,
        method: ledgerEntries.paymentMethod,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentAttemptId, opened.transactionId));
    expect(payments).toEqual([
      { amountCents: PRICE * 100, description: 'payment', method: 'Card (sandbox)' },
    ]);
  });

  it('answer 404 for a payment that does not exist, and name the amount field when asked too much', async () => {
    const unknown = await post(admin.token, `payments/${randomUUID()}/refund`, {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This payment does not exist');

    const code = await newBooking();
    const attemptId = await paidAttempt(code, 50);
    const over = await post(admin.token, `payments/${attemptId}/refund`, { amount: 50.01 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      message: 'At most $50.00 of this payment can be refunded',
      field: 'amount',
    });
  });

  it('refuse a payment its gateway has not taken as unpaid, before asking which gateway can refund it', async () => {
    const code = await newBooking();
    // A Pay-me attempt the bank declined, on this sandbox install: unpaid is said first.
    const [declined] = await db
      .insert(paymentAttempts)
      .values({
        bookingId: await bookingId(code),
        userId: customer.user.id,
        gateway: 'payme',
        amountCents: 10_000,
        status: 'declined',
        expiresAt: new Date(),
      })
      .returning({ id: paymentAttempts.id });
    const refused = await post(admin.token, `payments/${declined?.id}/refund`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Only a payment the gateway took can be refunded');
  });
});

describe('refunds on an install that moved to Pay-me', () => {
  let payme: TestContext;
  beforeAll(async () => {
    const base = testConfig();
    payme = await createTestApp({
      payments: {
        ...base.payments,
        gateway: 'payme',
        payme: {
          url: 'https://integracion.alignetsac.com/VPOS2/faces/pages/startPayme.xhtml',
          acquirerId: '144',
          commerceId: '11567',
          secretKey: 'XyZ-9kLmN-SECRET',
        },
      },
    });
  });
  afterAll(() => payme?.close());

  it('gives back a card payment the sandbox took before, through the sandbox', async () => {
    const owner = await signUpAndIn(payme.app);
    const code = await newBooking(payme.app, owner.token);
    const payDb = payme.database.db;
    const [booking] = await payDb
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.code, code));
    const [attempt] = await payDb
      .insert(paymentAttempts)
      .values({
        bookingId: booking?.id ?? '',
        userId: owner.user.id,
        gateway: 'sandbox',
        amountCents: 20_000,
        status: 'paid',
        expiresAt: new Date(),
      })
      .returning({ id: paymentAttempts.id });
    const attemptId = attempt?.id ?? '';
    await payDb.insert(ledgerEntries).values({
      bookingId: booking?.id ?? '',
      kind: 'payment',
      amountCents: 20_000,
      description: 'payment',
      paymentAttemptId: attemptId,
    });
    await payDb.insert(sandboxCharges).values({
      transactionId: attemptId,
      reference: `sbx_${attemptId.slice(0, 8)}`,
      amountCents: 20_000,
      currency: 'USD',
      bookingCode: code,
      description: 'Classic Inca Trail',
      status: 'approved',
    });
    const staff = await signIn(payme.app, demoAccounts.admin.email, demoAccounts.admin.password);
    const refund = await payme.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${attemptId}/refund`,
      headers: bearer(staff.token),
      payload: { amount: 50 },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().debt).toBe(PRICE - 150);
    const [charge] = await payDb
      .select({ refunded: sandboxCharges.refundedCents })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.transactionId, attemptId));
    expect(charge?.refunded).toBe(5_000);
  });
});
