import {
  type AdminBookingDetail,
  type AdminPaymentAttempt,
  fromCents,
  type Language,
} from '@cusco/shared';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings, corporateClients, paymentAttempts, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PaymentGateway } from '../../gateways/gateway.ts';
import { normalizeCode } from '../access/bookings.ts';
import { bookingAudit } from '../audit/read.ts';
import { getBookingDetail } from '../bookings/detail.ts';
import { moneyStatusOf } from '../ledger/money-status.ts';
import type { VoucherKeys } from '../trail/keys.ts';
import { listBookingIncidents } from './incidents.ts';
import { refundsByAttempt } from './money.ts';

/** The booking, its customer and their company; 404 for an unknown code. */
async function findBooking(db: Database, code: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      code: bookings.code,
      userId: bookings.userId,
      corporateClientId: bookings.corporateClientId,
      name: users.name,
      lastName: users.lastName,
      email: users.email,
      phone: users.telephone,
      corporate: corporateClients.name,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(corporateClients, eq(corporateClients.id, bookings.corporateClientId))
    .where(eq(bookings.code, normalizeCode(code)));
  if (!row) throw new AppError('NOT_FOUND', 'bookingNotFound');
  return row;
}

/** Every attempt of the booking, newest first, with what each has refunded and can still refund. */
async function attemptsOf(db: Database, bookingId: string): Promise<AdminPaymentAttempt[]> {
  const rows = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.bookingId, bookingId))
    .orderBy(desc(paymentAttempts.createdAt));
  const refunds = await refundsByAttempt(db, bookingId);
  return rows.map((attempt) => {
    const refunded = refunds.get(attempt.id) ?? 0;
    const tookMoney = attempt.status === 'paid' || attempt.status === 'refund_required';
    return {
      id: attempt.id,
      gateway: attempt.gateway,
      amount: fromCents(attempt.amountCents),
      currency: attempt.currency,
      status: attempt.status,
      createdAt: attempt.createdAt.toISOString(),
      settledAt: attempt.settledAt?.toISOString() ?? null,
      gatewayReference: attempt.gatewayReference,
      failureReason: attempt.failureReason,
      refunded: fromCents(refunded),
      refundable: tookMoney ? fromCents(attempt.amountCents - refunded) : 0,
      stage: null,
    };
  });
}

/**
 * GET admin/bookings/{code}: the booking as its customer sees it (the same detail, read as its
 * owner), with the customer, every payment attempt, the requests and the audit trail.
 */
export async function getStaffBookingDetail(
  db: Database,
  code: string,
  language: Language,
  gateway: PaymentGateway,
  voucherKeys?: VoucherKeys,
): Promise<AdminBookingDetail> {
  const booking = await findBooking(db, code);
  // The customer's own detail, read as its owner sees it: one mapper for both screens.
  const detail = await getBookingDetail(
    db,
    booking,
    booking.code,
    language,
    gateway,
    undefined,
    voucherKeys,
  );
  // A pending attempt's stage as the customer's detail tells it: staff read the same words.
  const stages = new Map(
    detail.paymentAttempts.map((attempt) => [attempt.transactionId, attempt.stage]),
  );
  const attempts = (await attemptsOf(db, booking.id)).map((attempt) => ({
    ...attempt,
    stage: stages.get(attempt.id) ?? null,
  }));
  const requests = await listBookingIncidents(db, booking.id, language);
  const audit = await bookingAudit(db, booking.id, language);
  const status = await moneyStatusOf(db, booking.id);
  return {
    booking: detail,
    customer: {
      name: `${booking.name} ${booking.lastName}`,
      email: booking.email,
      phone: booking.phone || null,
      corporate: booking.corporate ?? null,
    },
    status,
    attempts,
    requests,
    audit,
  };
}
