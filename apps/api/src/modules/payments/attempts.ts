import type { Checkout } from '@cusco/shared';
import { fromCents, validPaymentAmountCents } from '@cusco/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { bookings, paymentAttempts, tours, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import type { AuthenticatedUser } from '../auth/sessions.ts';
import { findVisibleBooking } from '../bookings/access.ts';
import { ledgerTotals } from '../bookings/ledger.ts';

export interface OpenedAttempt {
  transactionId: string;
  amountCents: number;
  expiresAt: Date;
  checkout: Checkout;
  reused: boolean;
}

export interface AttemptPolicy {
  gateway: PaymentGateway;
  ttlMinutes: number;
}

/**
 * Opens the booking's payment attempt for an amount the server decided (spec §4, the payments
 * issue): a booking has at most one pending attempt; the same amount while it is open reuses it,
 * another amount cancels it first. Runs in the caller's transaction, with the booking locked.
 */
export async function openAttemptInTransaction(
  tx: Transaction,
  input: { bookingId: string; userId: string; amountCents: number },
  policy: AttemptPolicy,
): Promise<OpenedAttempt> {
  const [booking] = await tx
    .select({ code: bookings.code, tourEn: tours.nameEn, tourEs: tours.nameEs })
    .from(bookings)
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .where(eq(bookings.id, input.bookingId))
    .for('update', { of: bookings });
  if (!booking) throw new AppError('NOT_FOUND', 'bookingNotFound');

  const [open] = await tx
    .select()
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.bookingId, input.bookingId), eq(paymentAttempts.status, 'pending')),
    )
    .for('update');
  if (open && open.amountCents === input.amountCents && open.expiresAt > new Date()) {
    const checkout = await policy.gateway.createCheckout(
      tx,
      await checkoutRequest(tx, open, booking),
    );
    return {
      transactionId: open.id,
      amountCents: open.amountCents,
      expiresAt: open.expiresAt,
      checkout,
      reused: true,
    };
  }
  if (open) {
    await tx
      .update(paymentAttempts)
      .set({ status: open.expiresAt > new Date() ? 'cancelled' : 'expired', updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, open.id));
    await policy.gateway.cancel(tx, open.id);
  }

  const [attempt] = await tx
    .insert(paymentAttempts)
    .values({
      bookingId: input.bookingId,
      userId: input.userId,
      gateway: policy.gateway.name,
      amountCents: input.amountCents,
      expiresAt: sql`now() + make_interval(mins => ${policy.ttlMinutes})`,
    })
    .returning();
  if (!attempt) throw new Error('payment attempt not inserted');
  const checkout = await policy.gateway.createCheckout(
    tx,
    await checkoutRequest(tx, attempt, booking),
  );
  return {
    transactionId: attempt.id,
    amountCents: attempt.amountCents,
    expiresAt: attempt.expiresAt,
    checkout,
    reused: false,
  };
}

async function checkoutRequest(
  tx: Transaction,
  attempt: { id: string; operationNumber: number; amountCents: number; userId: string },
  booking: { code: string; tourEn: string; tourEs: string },
) {
  const [customer] = await tx
    .select({ name: users.name, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, attempt.userId));
  return {
    attemptId: attempt.id,
    operationNumber: attempt.operationNumber,
    amountCents: attempt.amountCents,
    currency: 'USD' as const,
    bookingCode: booking.code,
    tourName: booking.tourEn,
    customer: customer ?? { name: '', lastName: '', email: '' },
  };
}

/**
 * POST tour/payment/add: pays part or all of a booking's debt. The amount must be a whole number
 * of dollars, above 0 and at most the debt read from the ledger (spec §5); corporate bookings
 * are on credit and are never offered a payment.
 */
export async function addPayment(
  db: Database,
  user: AuthenticatedUser,
  request: { bookingId: string; amount: number; amountStr: string },
  policy: AttemptPolicy,
) {
  return db.transaction(async (tx) => {
    const booking = await findVisibleBooking(tx, user, request.bookingId);
    if (booking.corporateClientId) throw new AppError('FORBIDDEN', 'paymentNotAllowed');
    // Lock the booking first: two payments of one booking decide on its debt one at a time.
    await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.id, booking.id))
      .for('update');
    const { debt } = await ledgerTotals(tx, booking.id);
    const amountCents = validPaymentAmountCents(request.amount, debt, request.amountStr);
    if (amountCents === null)
      throw new AppError('BUSINESS_RULE', 'invalidPaymentAmount', { field: 'amount' });
    const attempt = await openAttemptInTransaction(
      tx,
      { bookingId: booking.id, userId: user.userId, amountCents },
      policy,
    );
    return {
      transactionId: attempt.transactionId,
      amount: fromCents(attempt.amountCents),
      amountStr: String(attempt.amountCents),
      expiresAt: attempt.expiresAt.toISOString(),
      checkout: attempt.checkout,
    };
  });
}
