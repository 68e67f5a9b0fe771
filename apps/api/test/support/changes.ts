import { randomUUID } from 'node:crypto';
import { bookingDetail, creditAnswer, paymentAddResponse, todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Executor } from '../../src/db/client.ts';
import { bookings, sandboxCharges } from '../../src/db/schema.ts';
import { bearer } from './accounts.ts';
import { event, notify } from './payments.ts';

/** What the helpers need of a test file: its app and database, and who pays and sells. */
export interface ChangeTestContext {
  app: FastifyInstance;
  db: Executor;
  /** A member of staff's token: desk payments. */
  agent: string;
  /** The customer's token: the default payer and reader. */
  customer: string;
}

/** A day `days` after the agency's today. */
export const dayIn = (days: number) => dayjs(todayInLima()).add(days, 'day').format('YYYY-MM-DD');

/**
 * The helpers of the change tests (issue 27), over a test file's context, which its beforeAll
 * fills (read when a helper runs).
 */
export function changeHelpers(context: () => ChangeTestContext) {
  const post = (url: string, token: string, payload: unknown, headers: object = {}) =>
    context().app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), ...headers },
      payload: payload as object,
    });

  /** Moves a booking's travel date `days` after today (its length kept), as time passing would. */
  async function travelIn(code: string, days: number) {
    const date = dayIn(days);
    await context()
      .db.update(bookings)
      .set({
        endDate: sql`${bookings.endDate} + (${date}::date - ${bookings.travelDate})`,
        travelDate: date,
      })
      .where(eq(bookings.code, code));
  }

  /** Money taken at the agency's desk. */
  async function deskPayment(code: string, amount: number) {
    const paid = await post(
      `/api/admin/bookings/${code}/payments`,
      context().agent,
      { amount, method: 'cash' },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.statusCode, paid.body).toBe(201);
  }

  /** Opens a card checkout for `amount` and has the sandbox approve it (not yet notified). */
  async function approvedCheckout(code: string, amount: number, token = context().customer) {
    const opened = await post('/api/tour/payment/add', token, {
      bookingId: code,
      amount,
      amountStr: String(amount * 100),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const { transactionId } = paymentAddResponse.parse(opened.json());
    await context()
      .db.update(sandboxCharges)
      .set({ status: 'approved' })
      .where(eq(sandboxCharges.transactionId, transactionId));
    return transactionId;
  }

  /** The customer pays `amount` by card at the sandbox, approved and notified. */
  async function cardPayment(code: string, amount: number, token = context().customer) {
    const transactionId = await approvedCheckout(code, amount, token);
    const settled = await notify(context().app, event(transactionId, amount * 100));
    expect(settled.json().result).toBe('paid');
    return transactionId;
  }

  /** The booking's detail, as its customer reads it. */
  async function detail(code: string, token = context().customer) {
    const response = await context().app.inject({
      url: `/api/tour/booking/${code}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return bookingDetail.parse(response.json());
  }

  /** The caller's credit with the agency. */
  async function credit(token = context().customer) {
    const response = await context().app.inject({
      url: '/api/tour/credit',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return creditAnswer.parse(response.json());
  }

  /** The booking's row. */
  async function bookingRow(code: string) {
    const [row] = await context().db.select().from(bookings).where(eq(bookings.code, code));
    if (!row) throw new Error(`no booking ${code}`);
    return row;
  }

  return { post, travelIn, deskPayment, approvedCheckout, cardPayment, detail, credit, bookingRow };
}
