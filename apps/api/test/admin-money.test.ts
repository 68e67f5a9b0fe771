import { randomUUID } from 'node:crypto';
import {
  CustomerTypeId,
  IncidentTypeId,
  moneyActionResult,
  paymentAddResponse,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
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
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { detailOf, slotOf } from './support/passengers.ts';
import { addPayment, event, notify } from './support/payments.ts';

/**
 * The back office's money (issue 13): offline payments, discounts, additions and refunds; who
 * may make them; their limits; their Idempotency-Key; 20 concurrent clicks; and accepted
 * remove requests with the cancellation policy's credit.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let agent: Session;
let admin: Session;
let corporate: Session;
let customer: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  corporate = await signIn(app, demoAccounts.corporate.email, demoAccounts.corporate.password);
  customer = await signUpAndIn(app, { name: 'Hilda', lastname: 'Quispe' });
});
afterAll(async () => ctx?.close());

/** A customer's booking of one adult on the classic trail: its code and its debt in dollars. */
async function newBooking(options: { date?: string } = {}) {
  const tour = await loadTour(app, '100401');
  const body = bookingFor(tour, { adults: 1, ...options });
  const response = await postBooking(app, customer.token, body);
  expect(response.statusCode, response.body).toBe(201);
  return { code: response.json().code as string, debt: body.amount };
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

/**
 * The sandbox takes the card of an attempt (its charge approved, as its page does) and says so
 * in a verified notification; answers what the notification settled.
 */
async function chargeCard(opened: { transactionId: string; amount: number }) {
  await db
    .update(sandboxCharges)
    .set({ status: 'approved' })
    .where(eq(sandboxCharges.transactionId, opened.transactionId));
  const settled = await notify(app, event(opened.transactionId, Math.round(opened.amount * 100)));
  expect(settled.statusCode, settled.body).toBe(200);
  return settled.json().result as string;
}

/** A sandbox attempt of the customer's, paid: its id. */
async function paidAttempt(code: string, amount: number) {
  const opened = paymentAddResponse.parse(
    (await addPayment(app, customer.token, code, amount)).json(),
  );
  expect(await chargeCard(opened)).toBe('paid');
  return opened.transactionId;
}

describe('who may move money', () => {
  it("answers 404 to a customer's and a corporate user's token on every money call, 401 without", async () => {
    const { code, debt } = await newBooking();
    const calls = [
      [`bookings/${code}/payments`, { amount: 10, method: 'cash' }],
      [`bookings/${code}/discounts`, { amount: 10, reason: 'Loyal' }],
      [`bookings/${code}/additions`, { amount: 10, reason: 'Porter' }],
      [`payments/${randomUUID()}/refund`, {}],
    ] as const;
    for (const [url, payload] of calls) {
      for (const token of [customer.token, corporate.token]) {
        expect((await post(token, url, payload)).statusCode).toBe(404);
      }
      const anonymous = await app.inject({ method: 'POST', url: `/api/admin/${url}`, payload });
      expect(anonymous.statusCode).toBe(401);
    }
    expect(await debtOf(code)).toBe(debt);
  });

  it('keeps discounts, additions and refunds for administrators: an agent gets 403', async () => {
    const { code, debt } = await newBooking();
    for (const [url, payload] of [
      [`bookings/${code}/discounts`, { amount: 10, reason: 'Loyal' }],
      [`bookings/${code}/additions`, { amount: 10, reason: 'Porter' }],
      [`payments/${randomUUID()}/refund`, {}],
    ] as const) {
      const refused = await post(agent.token, url, payload);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toBe('Only an administrator of the agency can do this');
    }
    expect(await debtOf(code)).toBe(debt);
  });
});

describe('offline payments', () => {
  it('records a payment up to the debt, shown to the customer with its reference, audited', async () => {
    const { code, debt } = await newBooking();
    const paid = await post(agent.token, `bookings/${code}/payments`, {
      amount: 100.5,
      method: 'cash',
      reference: 'R-0042',
      note: 'Paid at the Plaza de Armas office',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const result = moneyActionResult.parse(paid.json());
    expect(result).toMatchObject({ bookingCode: code, debt: debt - 100.5 });
    const detail = await detailOf(app, customer.token, code);
    expect(detail.balance.debt).toBe(debt - 100.5);
    expect(detail.payments).toEqual([
      expect.objectContaining({
        total: 100.5,
        paymentMethod: 'Cash',
        description: 'Payment at the agency (R-0042)',
      }),
    ]);
    const audit = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.subjectId, result.entryId));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'booking.payment',
        staffUserId: agent.user.id,
        before: { debt },
        after: expect.objectContaining({ debt: debt - 100.5, amount: 100.5, method: 'cash' }),
      }),
    ]);

    const over = await post(agent.token, `bookings/${code}/payments`, {
      amount: debt,
      method: 'transfer',
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toContain('more than the balance due');
    expect(await debtOf(code)).toBe(debt - 100.5);
  });

  it('refuses bad amounts and methods with 400, and an unknown booking with 404', async () => {
    const { code } = await newBooking();
    for (const payload of [
      { amount: 0, method: 'cash' },
      { amount: -5, method: 'cash' },
      { amount: 10.001, method: 'cash' },
      { amount: '10', method: 'cash' },
      { amount: 10, method: 'cheque' },
      { amount: 10, method: 'cash', reference: 'x'.repeat(101) },
    ]) {
      expect((await post(agent.token, `bookings/${code}/payments`, payload)).statusCode).toBe(400);
    }
    const unknown = await post(agent.token, 'bookings/CT-NOPE00/payments', {
      amount: 10,
      method: 'cash',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an amount under a cent on every money call with 400, never 500', async () => {
    const { code } = await newBooking();
    const attemptId = await paidAttempt(code, 100);
    for (const amount of [1e-9, 5e-324, 0.004]) {
      const calls = [
        post(agent.token, `bookings/${code}/payments`, { amount, method: 'cash' }),
        post(admin.token, `bookings/${code}/discounts`, { amount, reason: 'Tiny' }),
        post(admin.token, `bookings/${code}/additions`, { amount, reason: 'Tiny' }),
        post(admin.token, `payments/${attemptId}/refund`, { amount }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().message).toBe('The amount to pay is not valid');
      }
    }
  });

  it('answers a replay with the same Idempotency-Key once, and refuses the key for another body', async () => {
    const { code, debt } = await newBooking();
    const key = randomUUID();
    const body = { amount: 40, method: 'card-terminal', reference: 'POS 77' };
    const first = await post(agent.token, `bookings/${code}/payments`, body, key);
    const again = await post(agent.token, `bookings/${code}/payments`, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await debtOf(code)).toBe(debt - 40);
    const other = await post(
      agent.token,
      `bookings/${code}/payments`,
      { ...body, amount: 41 },
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(await debtOf(code)).toBe(debt - 40);
  });

  it('takes 20 concurrent payments one at a time: exactly those that fit, the debt never below 0', async () => {
    const { code, debt } = await newBooking();
    // Leave exactly $500 owed, then 20 clicks of $100 at once.
    const down = await post(agent.token, `bookings/${code}/payments`, {
      amount: debt - 500,
      method: 'transfer',
    });
    expect(down.statusCode, down.body).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(agent.token, `bookings/${code}/payments`, { amount: 100, method: 'cash' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(15);
    expect(await debtOf(code)).toBe(0);
  });
});

describe('discounts and additions', () => {
  it('lowers the debt by a discount, never below 0, and raises it by an addition, each with its reason', async () => {
    const { code, debt } = await newBooking();
    const discount = await post(admin.token, `bookings/${code}/discounts`, {
      amount: 50,
      reason: 'Returning customer',
    });
    expect(discount.statusCode, discount.body).toBe(201);
    expect(discount.json().debt).toBe(debt - 50);
    const tooMuch = await post(admin.token, `bookings/${code}/discounts`, {
      amount: debt,
      reason: 'Everything',
    });
    expect(tooMuch.statusCode).toBe(422);
    const addition = await post(admin.token, `bookings/${code}/additions`, {
      amount: 30,
      reason: 'Extra porter',
    });
    expect(addition.statusCode).toBe(201);
    const detail = await detailOf(app, customer.token, code);
    expect(detail.balance).toMatchObject({ discounts: 50, additions: 30, debt: debt - 20 });
    expect(detail.paymentExtra.substract).toEqual([
      expect.objectContaining({ name: 'Returning customer', total: 50 }),
    ]);
    expect(detail.paymentExtra.add).toEqual([
      expect.objectContaining({ name: 'Extra porter', total: 30 }),
    ]);
    const blank = await post(admin.token, `bookings/${code}/additions`, {
      amount: 5,
      reason: '  ',
    });
    expect(blank.statusCode).toBe(400);
  });
});

describe('refunds', () => {
  it('refunds a card payment in parts through the sandbox, never more than it paid', async () => {
    const { code, debt } = await newBooking();
    const attemptId = await paidAttempt(code, 300);
    expect(await debtOf(code)).toBe(debt - 300);

    const first = await post(admin.token, `payments/${attemptId}/refund`, { amount: 100 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().debt).toBe(debt - 200);
    const second = await post(admin.token, `payments/${attemptId}/refund`, { amount: 150 });
    expect(second.statusCode, second.body).toBe(201);
    const third = await post(admin.token, `payments/${attemptId}/refund`, { amount: 100 });
    expect(third.statusCode).toBe(422);
    expect(third.json().message).toBe('At most $50.00 of this payment can be refunded');

    const detail = await detailOf(app, customer.token, code);
    expect(detail.balance.payments).toBe(50);
    expect(detail.balance.debt).toBe(debt - 50);
    expect(detail.payments.map((line) => line.total)).toEqual([300, -100, -150]);
    expect(detail.payments[1]?.description).toMatch(/^Refund \(sbx_/);
    const [charge] = await db
      .select({ refunded: sandboxCharges.refundedCents })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.transactionId, attemptId));
    expect(charge?.refunded).toBe(25_000);

    // The rest, without an amount: all that is left; then nothing more.
    const rest = await post(admin.token, `payments/${attemptId}/refund`, {});
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().debt).toBe(debt);
    expect((await post(admin.token, `payments/${attemptId}/refund`, {})).statusCode).toBe(422);
  });

  it('takes two refunds clicked at once one at a time: only what the payment still holds', async () => {
    const { code, debt } = await newBooking();
    const attemptId = await paidAttempt(code, 200);
    const answers = await Promise.all(
      [150, 150, 150].map((amount) =>
        post(admin.token, `payments/${attemptId}/refund`, { amount }, randomUUID()),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422]);
    expect(await debtOf(code)).toBe(debt - 50);
    const [charge] = await db
      .select({ refunded: sandboxCharges.refundedCents })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.transactionId, attemptId));
    expect(charge?.refunded).toBe(15_000);
  });

  it('refunds an attempt paid when nothing more was owed: its payment and its refund both recorded', async () => {
    const { code, debt } = await newBooking();
    // The customer opens a checkout for the whole debt, then pays at the desk instead...
    const opened = paymentAddResponse.parse(
      (await addPayment(app, customer.token, code, debt)).json(),
    );
    const desk = await post(agent.token, `bookings/${code}/payments`, {
      amount: debt,
      method: 'cash',
    });
    expect(desk.statusCode, desk.body).toBe(201);
    // ...and the card is charged too: more than the debt, so it awaits a refund.
    expect(await chargeCard(opened)).toBe('refund_required');

    const refund = await post(admin.token, `payments/${opened.transactionId}/refund`, {});
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().debt).toBe(0);
    const [attempt] = await db
      .select({ status: paymentAttempts.status })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, opened.transactionId));
    expect(attempt?.status).toBe('paid');
    const kinds = await db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
      .where(and(eq(bookings.code, code), sql`${ledgerEntries.kind} <> 'purchase'`));
    expect(kinds.map((row) => row.kind).sort()).toEqual(['payment', 'payment', 'refund']);
  });

  it('says clearly that a Pay-me payment cannot be refunded from here, and refuses an unpaid attempt', async () => {
    const { code } = await newBooking();
    const [booking] = await db.select().from(bookings).where(eq(bookings.code, code));
    const [payme] = await db
      .insert(paymentAttempts)
      .values({
        bookingId: booking?.id ?? '',
        userId: customer.user.id,
        gateway: 'payme',
        amountCents: 10_000,
        status: 'paid',
        expiresAt: new Date(),
      })
      .returning({ id: paymentAttempts.id });
    await db.insert(ledgerEntries).values({
      bookingId: booking?.id ?? '',
      kind: 'payment',
      amountCents: 10_000,
      description: 'payment',
      paymentAttemptId: payme?.id ?? '',
    });
    const refused = await post(admin.token, `payments/${payme?.id}/refund`, { amount: 10 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('Pay-me');

    const opened = paymentAddResponse.parse(
      (await addPayment(app, customer.token, code, 10)).json(),
    );
    const pending = await post(admin.token, `payments/${opened.transactionId}/refund`, {});
    expect(pending.statusCode).toBe(422);
    expect(pending.json().message).toBe('Only a payment the gateway took can be refunded');
  });
});

describe('accepted remove requests', () => {
  async function removeRequest(code: string, targetId: string) {
    const saved = await app.inject({
      method: 'POST',
      url: '/api/incident/save',
      headers: bearer(customer.token),
      payload: { typeId: IncidentTypeId.removePassenger, bookingId: code, targetId },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    return saved.json().id as string;
  }

  it('frees the passenger and credits their price as the policy allows (a year ahead: all of it)', async () => {
    const tour = await loadTour(app, '100401');
    const body = bookingFor(tour, { adults: 2 });
    const booked = await postBooking(app, customer.token, body);
    const code = booked.json().code as string;
    const before = await detailOf(app, customer.token, code);
    const adult = slotOf(before, CustomerTypeId.adult);
    const unit = (before.passanger[0]?.total ?? 0) / 2;
    const id = await removeRequest(code, adult.id);

    const answered = await post(admin.token, `incidents/${id}/answer`, {
      response: 'Done: one passenger less.',
      decision: 'accept',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const after = await detailOf(app, customer.token, code);
    expect(after.passangerRegistry).toHaveLength(1);
    expect(after.passanger).toEqual([expect.objectContaining({ quantity: 1, total: unit })]);
    expect(after.paymentExtra.substract).toEqual([
      expect.objectContaining({
        name: `Credit for a removal (100% of $${unit.toFixed(2)})`,
        total: unit,
      }),
    ]);
    expect(after.balance.debt).toBe(before.balance.debt - unit);
    const [audit] = await db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.subjectId, id), eq(auditEntries.action, 'incident.remove-passenger')),
      );
    expect(audit?.after).toMatchObject({ penaltyPercent: 0, credit: unit });

    // Declined, or asked again for the same passenger: nothing more changes.
    const again = await removeRequest(code, slotOf(after, CustomerTypeId.adult).id);
    const declined = await post(admin.token, `incidents/${again}/answer`, {
      response: 'We keep the passenger.',
      decision: 'reject',
    });
    expect(declined.statusCode).toBe(200);
    expect((await detailOf(app, customer.token, code)).passangerRegistry).toHaveLength(1);
  });

  it('keeps half the price 20 days before travel, and refuses a removal whose target is gone', async () => {
    const date = dayjs(todayInLima()).add(20, 'day').format('YYYY-MM-DD');
    // The Salkantay trek: booked 3 days ahead at least (the Inca Trail's 21 would refuse it).
    const tour = await loadTour(app, '200501');
    const booked = await postBooking(app, customer.token, bookingFor(tour, { adults: 2, date }));
    expect(booked.statusCode, booked.body).toBe(201);
    const code = booked.json().code as string;
    const before = await detailOf(app, customer.token, code);
    const unit = (before.passanger[0]?.total ?? 0) / 2;
    const slot = slotOf(before, CustomerTypeId.adult);
    const first = await removeRequest(code, slot.id);
    const second = await removeRequest(code, slot.id);
    const accepted = await post(admin.token, `incidents/${first}/answer`, {
      response: 'Removed.',
      decision: 'accept',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await detailOf(app, customer.token, code);
    expect(after.paymentExtra.substract[0]?.total).toBe(Math.round(unit * 50) / 100);

    const gone = await post(admin.token, `incidents/${second}/answer`, {
      response: 'Removed.',
      decision: 'accept',
    });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().message).toContain('no longer on the booking');
  });
});

describe('staff management', () => {
  const newMember = (email: string) => ({
    email,
    name: 'Wilber',
    lastName: 'Ttito',
    role: 'agent',
    password: 'Chinchero-Weaving-2026',
  });

  it('lets an administrator list and add staff, audited; an agent gets 403, a customer 404', async () => {
    const email = `desk.${randomUUID().slice(0, 8)}@agency.pe`;
    for (const [token, status] of [
      [customer.token, 404],
      [corporate.token, 404],
      [agent.token, 403],
    ] as const) {
      expect(
        (await app.inject({ url: '/api/admin/staff', headers: bearer(token) })).statusCode,
      ).toBe(status);
      expect((await post(token, 'staff', newMember(email))).statusCode).toBe(status);
    }
    const added = await post(admin.token, 'staff', newMember(email));
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ email, role: 'agent', name: 'Wilber' });
    const list = await app.inject({ url: '/api/admin/staff', headers: bearer(admin.token) });
    expect(list.json().map((member: { email: string }) => member.email)).toEqual(
      expect.arrayContaining([email, demoAccounts.agent.email, demoAccounts.admin.email]),
    );
    const [audit] = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.subjectId, added.json().id));
    expect(audit).toMatchObject({ action: 'staff.create', staffUserId: admin.user.id });
    // The new agent signs in and reaches the back office.
    const session = await signIn(app, email, 'Chinchero-Weaving-2026');
    expect(
      (await app.inject({ url: '/api/admin/dashboard', headers: bearer(session.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a taken e-mail (also twice at once), a common password and a role that is not staff', async () => {
    const taken = await post(admin.token, 'staff', newMember(demoAccounts.customer.email));
    expect(taken.statusCode).toBe(409);
    const email = `twice.${randomUUID().slice(0, 8)}@agency.pe`;
    const both = await Promise.all([
      post(admin.token, 'staff', newMember(email)),
      post(admin.token, 'staff', newMember(email)),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const common = await post(admin.token, 'staff', {
      ...newMember(`c.${randomUUID().slice(0, 8)}@agency.pe`),
      password: 'password123',
    });
    expect(common.statusCode).toBe(422);
    expect(common.json().field).toBe('password');
    const client = await post(admin.token, 'staff', {
      ...newMember(`r.${randomUUID().slice(0, 8)}@agency.pe`),
      role: 'client',
    });
    expect(client.statusCode).toBe(400);
  });
});
