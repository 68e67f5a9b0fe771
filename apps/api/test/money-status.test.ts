import { randomUUID } from 'node:crypto';
import {
  type AdminBookingStatus,
  adminBookingDetail,
  adminBookingList,
  adminBookingStatuses,
  adminDashboard,
  CustomerTypeId,
  IncidentTypeId,
  paymentAddResponse,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { paymentAttempts, sandboxCharges } from '../src/db/schema.ts';
import { creditBalance } from '../src/modules/payments/credit.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { detailOf, slotOf } from './support/passengers.ts';
import { addPayment, event, notify } from './support/payments.ts';

/**
 * A booking's money standing (issue 26): one definition, read alike by the bookings list, its
 * filter and count, the dashboard and the one-booking read; and money taken on a cancelled
 * booking (ADR 0037) is a refund due, on the list and on the dashboard, until it is
 * given back, while a cancelled booking with nothing to give back stays cancelled.
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
  customer = await signUpAndIn(app, { name: 'Nilda', lastname: 'Huaman' });
});
afterAll(async () => ctx?.close());

/** 20 days ahead: removing a passenger keeps half their price (the cancellation policy). */
const inTwentyDays = () => dayjs(todayInLima()).add(20, 'day').format('YYYY-MM-DD');

/**
 * A customer's booking: by default one adult on the Inca Trail a year or so ahead (a removal
 * credits all of the price); `near`, on the Salkantay trek 20 days ahead (half of it).
 */
async function book(options: { adults?: number; near?: boolean } = {}) {
  const tour = await loadTour(app, options.near ? '200501' : '100401');
  const body = bookingFor(tour, {
    adults: options.adults ?? 1,
    ...(options.near ? { date: inTwentyDays() } : {}),
  });
  const response = await postBooking(app, customer.token, body);
  expect(response.statusCode, response.body).toBe(201);
  return { code: response.json().code as string, price: body.amount };
}

const get = (url: string) => app.inject({ url: `/api/admin/${url}`, headers: bearer(agent.token) });
const post = (token: string, url: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/${url}`,
    headers: { ...bearer(token), 'idempotency-key': randomUUID() },
    payload,
  });

async function deskPayment(code: string, amount: number) {
  const paid = await post(agent.token, `bookings/${code}/payments`, { amount, method: 'cash' });
  expect(paid.statusCode, paid.body).toBe(201);
}

/** Staff accept the customer's request to remove one adult of the booking. */
async function removeAdult(code: string) {
  const detail = await detailOf(app, customer.token, code);
  const saved = await app.inject({
    method: 'POST',
    url: '/api/incident/save',
    headers: bearer(customer.token),
    payload: {
      typeId: IncidentTypeId.removePassenger,
      bookingId: code,
      targetId: slotOf(detail, CustomerTypeId.adult).id,
    },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  const answered = await post(admin.token, `incidents/${saved.json().id}/answer`, {
    response: 'Removed.',
    decision: 'accept',
  });
  expect(answered.statusCode, answered.body).toBe(200);
}

/** The customer opens a checkout for `amount` and reaches its payment step (card being taken). */
async function checkoutBeingPaid(code: string, amount: number) {
  const opened = paymentAddResponse.parse(
    (await addPayment(app, customer.token, code, amount)).json(),
  );
  await db
    .update(sandboxCharges)
    .set({ status: 'processing' })
    .where(eq(sandboxCharges.transactionId, opened.transactionId));
  return opened;
}

/** The sandbox approves the card and tells us: what settlement made of it. */
async function approve(opened: { transactionId: string; amount: number }) {
  await db
    .update(sandboxCharges)
    .set({ status: 'approved' })
    .where(eq(sandboxCharges.transactionId, opened.transactionId));
  const settled = await notify(app, event(opened.transactionId, Math.round(opened.amount * 100)));
  expect(settled.statusCode, settled.body).toBe(200);
  return settled.json().result as string;
}

async function refundAll(attemptId: string) {
  const refunded = await post(admin.token, `payments/${attemptId}/refund`, {});
  expect(refunded.statusCode, refunded.body).toBe(201);
}

/**
 * The booking's standing as each read tells it: its row in the list; the statuses whose filter
 * finds it, with their count (on the first page and on a page past the end); whether it is among
 * the dashboard's refunds due and balances owed soon; and the one-booking read.
 */
async function standing(code: string) {
  const listed = await get(`bookings?q=${code}`);
  expect(listed.statusCode, listed.body).toBe(200);
  const row = adminBookingList.parse(listed.json()).find((candidate) => candidate.code === code);
  const filters: AdminBookingStatus[] = [];
  for (const status of adminBookingStatuses) {
    const page = await get(`bookings?q=${code}&status=${status}`);
    const pastEnd = await get(`bookings?q=${code}&status=${status}&page=2&pageSize=1`);
    const found = adminBookingList.parse(page.json()).some((candidate) => candidate.code === code);
    expect(Number(page.headers['x-total-count'])).toBe(found ? 1 : 0);
    expect(Number(pastEnd.headers['x-total-count'])).toBe(found ? 1 : 0);
    if (found) filters.push(status);
  }
  const dashboard = adminDashboard.parse((await get('dashboard')).json());
  const detail = adminBookingDetail.parse((await get(`bookings/${code}`)).json());
  return {
    list: row?.status,
    filters,
    refundsDue: dashboard.refundsDue.some((candidate) => candidate.code === code),
    unpaidSoon: dashboard.unpaidSoon.some((candidate) => candidate.code === code),
    detail: detail.status,
  };
}

/** Every read says `status`; the dashboard lists the booking where that status belongs. */
async function expectStanding(code: string, status: AdminBookingStatus, options = { soon: false }) {
  expect(await standing(code)).toEqual({
    list: status,
    filters: [status],
    refundsDue: status === 'refund_due',
    unpaidSoon: options.soon && (status === 'unpaid' || status === 'deposit'),
    detail: status,
  });
}

describe('one money standing, read alike everywhere', () => {
  it('unpaid, deposit, paid and refund due (overpaid): the list, its filter and count, the dashboard and the booking agree', async () => {
    const unpaid = await book({ near: true });
    await expectStanding(unpaid.code, 'unpaid', { soon: true });

    const deposit = await book({ near: true });
    await deskPayment(deposit.code, 100);
    await expectStanding(deposit.code, 'deposit', { soon: true });

    const paid = await book();
    await deskPayment(paid.code, paid.price);
    await expectStanding(paid.code, 'paid');

    // Paid in full, then one of two travellers removed a year ahead: their price is owed back.
    const overpaid = await book({ adults: 2 });
    await deskPayment(overpaid.code, overpaid.price);
    await removeAdult(overpaid.code);
    expect((await detailOf(app, customer.token, overpaid.code)).balance.debt).toBeLessThan(0);
    await expectStanding(overpaid.code, 'refund_due');
  });
});

describe('money taken on a cancelled booking', () => {
  it('a checkout being paid when the booking was cancelled, approved later: a refund is due until it is given back', async () => {
    const { code } = await book();
    const opened = await checkoutBeingPaid(code, 100);
    await removeAdult(code);
    await expectStanding(code, 'cancelled');

    expect(await approve(opened)).toBe('refund_required');
    await expectStanding(code, 'refund_due');
    await refundAll(opened.transactionId);
    await expectStanding(code, 'cancelled');
  });

  it('a checkout paid after the cancellation of a booking never confirmed is not kept: a refund is due', async () => {
    const { code, price } = await book({ near: true });
    const opened = await checkoutBeingPaid(code, Math.floor(price / 4));
    await removeAdult(code);
    // Never confirmed (its deposit unpaid), it keeps nothing under the terms: nothing is owed...
    expect((await detailOf(app, customer.token, code)).balance.debt).toBe(0);
    await expectStanding(code, 'cancelled');
    // ...and the customer paid a checkout for a trek that no longer happens: it goes back.
    expect(await approve(opened)).toBe('refund_required');
    const [attempt] = await db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, opened.transactionId));
    expect(attempt?.failureReason).toBe('paid after its booking was cancelled');
    await expectStanding(code, 'refund_due');
    await refundAll(opened.transactionId);
    await expectStanding(code, 'cancelled');
  });

  it('payments made before the cancellation: what the terms give back goes to the card at once, the rest of it to the credit; nothing is left due', async () => {
    const { code, price } = await book();
    const paid = paymentAddResponse.parse(
      (await addPayment(app, customer.token, code, 100)).json(),
    );
    expect(await approve(paid)).toBe('paid');
    await deskPayment(code, price - 100);
    await removeAdult(code);
    // A year ahead, the non-refundable deposit (half the price, in whole dollars) is kept; the
    // rest goes back: to the card as far as it paid ($100), the rest to the customer's credit.
    await expectStanding(code, 'cancelled');
    const deposit = Math.floor(price / 2);
    const after = await detailOf(app, customer.token, code);
    expect(after.balance.debt).toBe(0);
    expect(after.balance.payments).toBe(deposit);
    const [charge] = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.transactionId, paid.transactionId));
    expect(charge?.refundedCents).toBe(10000);
    expect(await creditBalance(db, { userId: customer.user.id, corporateClientId: null })).toBe(
      (price - deposit - 100) * 100,
    );
  });

  it('a cancelled booking with nothing to give back stays cancelled: unpaid, or its payment kept by the penalty', async () => {
    const unpaid = await book();
    await removeAdult(unpaid.code);
    await expectStanding(unpaid.code, 'cancelled');

    // 20 days ahead, half the price is kept: the deposit paid is kept, and the rest of the
    // penalty is not chased as a balance.
    const kept = await book({ near: true });
    await deskPayment(kept.code, Math.floor(kept.price / 2));
    await removeAdult(kept.code);
    expect((await detailOf(app, customer.token, kept.code)).balance.debt).toBe(0);
    await expectStanding(kept.code, 'cancelled');
  });
});
