import type { Checkout } from '@cusco/shared';
import { fromCents, validPaymentAmountCents } from '@cusco/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { bookings, paymentAttempts, tours, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { CheckoutRequest, CurrencyCode, PaymentGateway } from '../../gateways/gateway.ts';
import { findVisibleBooking, lockBooking } from '../access/bookings.ts';
import { holdSeatsAgain } from '../departures/seats.ts';
import { ledgerTotals } from '../ledger/ledger.ts';
import { bookingCancelled } from '../ledger/money-status.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';
import { settleFromStatus } from './settle.ts';

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

type Attempt = typeof paymentAttempts.$inferSelect;

/**
 * Gives up a pending attempt, as `cancelled` (the customer chose another amount) or `expired`,
 * but only once the gateway has closed its checkout: an attempt that the gateway is taking a
 * card for, or has taken one for, is never given up (the money would be lost to the ledger).
 * Answers what stands in the way when it could not:
 * - `approved`: the gateway took the money; settle the attempt, do not give it up;
 * - `inProgress`: the customer is at the payment step, or the gateway cannot tell.
 * A gateway that cannot be asked (Pay-me) lets an attempt go only once it has expired; it stays
 * open to a late answer, which settlement still records.
 * The caller holds the booking's lock, then the attempt's (locks.ts, the one lock order), and
 * passes the attempt as read under them; closing it locks the gateway's charge last.
 */
export async function retireAttempt(
  tx: Transaction,
  gateway: PaymentGateway,
  attempt: Attempt,
  as: 'cancelled' | 'expired',
): Promise<'retired' | 'approved' | 'inProgress'> {
  const answer = await gateway.close(tx, attempt);
  switch (answer.status) {
    case 'approved':
      return 'approved';
    case 'processing':
    case 'open':
      return 'inProgress';
    case 'unknown':
      if (attempt.expiresAt > new Date()) return 'inProgress';
      break;
    default:
      break;
  }
  const final = answer.status === 'closed' || answer.status === 'declined';
  await tx
    .update(paymentAttempts)
    .set({
      status: answer.status === 'declined' ? 'declined' : as,
      ...(answer.status === 'declined' ? { failureReason: 'declined by the gateway' } : {}),
      ...(final ? { gatewayFinalAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')));
  return 'retired';
}

/**
 * Closes every open checkout of a booking at its gateway and gives up its attempt
 * (`retireAttempt`, as `cancelled`), so that no checkout left open takes money after the booking
 * is cancelled. Answers what came of each: an attempt the gateway is taking a card for, or took
 * one for, is left pending (settlement records it). Locks the attempts after the booking (locked
 * by the caller), the order settlement keeps.
 */
export async function closeOpenCheckouts(
  tx: Transaction,
  gateway: PaymentGateway,
  bookingId: string,
): Promise<{ attemptId: string; outcome: 'retired' | 'approved' | 'inProgress' }[]> {
  const pending = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.bookingId, bookingId), eq(paymentAttempts.status, 'pending')))
    .for('update');
  const closed: { attemptId: string; outcome: 'retired' | 'approved' | 'inProgress' }[] = [];
  for (const attempt of pending) {
    closed.push({
      attemptId: attempt.id,
      outcome: await retireAttempt(tx, gateway, attempt, 'cancelled'),
    });
  }
  return closed;
}

/**
 * Settles the booking's pending attempts that the gateway has already decided, before anything
 * is decided on the booking's debt: a payment whose notification was lost is recorded here,
 * not cancelled and forgotten.
 */
export async function settleDecidedAttempts(
  db: Database,
  gateway: PaymentGateway,
  bookingId: string,
): Promise<void> {
  const pending = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.bookingId, bookingId),
        eq(paymentAttempts.status, 'pending'),
        eq(paymentAttempts.gateway, gateway.name),
      ),
    );
  for (const attempt of pending) {
    await settleFromStatus(db, gateway, attempt, await gateway.queryStatus(db, attempt));
  }
}

/**
 * Opens the booking's payment attempt for an amount the server decided (spec §4, the payments
 * issue): a booking has at most one pending attempt; the same amount while it is open reuses it;
 * another amount replaces it once the gateway has closed it, and is refused (409, "a payment is
 * in progress") while the gateway is taking a card for it. A new attempt expires with the
 * policy's minutes, or when the booking's unpaid hold ends if sooner (`holdUntil`, from
 * holdSeatsAgain): no checkout takes money for seats the booking no longer holds. Runs in the
 * caller's transaction, with the booking locked.
 */
export async function openAttemptInTransaction(
  tx: Transaction,
  input: { bookingId: string; userId: string; amountCents: number; holdUntil: Date | null },
  policy: AttemptPolicy,
): Promise<OpenedAttempt> {
  const [booking] = await tx
    .select({
      code: bookings.code,
      currency: bookings.currency,
      tourEn: tours.nameEn,
      tourEs: tours.nameEs,
    })
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
  const opened = async (attempt: Attempt, reused: boolean): Promise<OpenedAttempt> => ({
    transactionId: attempt.id,
    amountCents: attempt.amountCents,
    expiresAt: attempt.expiresAt,
    checkout: await policy.gateway.createCheckout(tx, await checkoutRequest(tx, attempt, booking)),
    reused,
  });
  if (open && open.amountCents === input.amountCents && open.expiresAt > new Date()) {
    return opened(open, true);
  }
  if (open) {
    const outcome = await retireAttempt(
      tx,
      policy.gateway,
      open,
      open.expiresAt > new Date() ? 'cancelled' : 'expired',
    );
    if (outcome !== 'retired') {
      throw new AppError('CONFLICT', 'paymentInProgress', {
        details: { transactionId: open.id, expiresAt: open.expiresAt.toISOString() },
      });
    }
  }

  const attempt = await insertAttempt(tx, { ...input, currency: booking.currency }, policy);
  return opened(attempt, false);
}

async function checkoutRequest(
  tx: Transaction,
  attempt: Attempt,
  booking: { code: string; tourEn: string; tourEs: string },
) {
  const [customer] = await tx
    .select({ name: users.name, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, attempt.userId));
  return checkoutOf(attempt, booking, customer ?? { name: '', lastName: '', email: '' });
}

/** What the gateway is asked for an attempt of a booking of a customer's. */
function checkoutOf(
  attempt: Attempt,
  booking: { code: string; tourEn: string },
  customer: CheckoutRequest['customer'],
): CheckoutRequest {
  return {
    attemptId: attempt.id,
    operationNumber: attempt.operationNumber,
    amountCents: attempt.amountCents,
    currency: attempt.currency as CurrencyCode,
    bookingCode: booking.code,
    tourName: booking.tourEn,
    customer,
    expiresAt: attempt.expiresAt,
  };
}

/**
 * Inserts a pending attempt for an amount of a booking, expiring after the policy's minutes, or
 * at the end of the booking's unpaid hold if that comes first.
 */
async function insertAttempt(
  tx: Transaction,
  input: {
    bookingId: string;
    userId: string;
    amountCents: number;
    currency: string;
    holdUntil: Date | null;
  },
  policy: AttemptPolicy,
): Promise<Attempt> {
  const lifetime = sql`now() + make_interval(mins => ${policy.ttlMinutes})`;
  const [attempt] = await tx
    .insert(paymentAttempts)
    .values({
      bookingId: input.bookingId,
      userId: input.userId,
      gateway: policy.gateway.name,
      amountCents: input.amountCents,
      currency: input.currency,
      expiresAt: input.holdUntil
        ? sql`least(${lifetime}, ${input.holdUntil.toISOString()}::timestamptz)`
        : lifetime,
    })
    .returning();
  if (!attempt) throw new Error('payment attempt not inserted');
  return attempt;
}

/**
 * The first attempt of a booking saved in this transaction: nothing else can hold it (the row
 * is new and ours) and no attempt exists yet, so the booking, its tour and its customer are
 * given, not read again (three statements fewer for every public booking saved). It expires with
 * the booking's first hold: both are the transaction's `now()` plus the policy's minutes.
 */
export async function openFirstAttempt(
  tx: Transaction,
  input: {
    booking: { id: string; code: string; currency: string; tourEn: string };
    customer: CheckoutRequest['customer'] & { userId: string };
    amountCents: number;
  },
  policy: AttemptPolicy,
): Promise<OpenedAttempt> {
  const { booking, customer } = input;
  const attempt = await insertAttempt(
    tx,
    {
      bookingId: booking.id,
      userId: customer.userId,
      amountCents: input.amountCents,
      currency: booking.currency,
      holdUntil: null,
    },
    policy,
  );
  const { userId: _, ...named } = customer;
  return {
    transactionId: attempt.id,
    amountCents: attempt.amountCents,
    expiresAt: attempt.expiresAt,
    checkout: await policy.gateway.createCheckout(tx, checkoutOf(attempt, booking, named)),
    reused: false,
  };
}

/**
 * POST tour/payment/add: pays part or all of a booking's debt. The amount must be a whole number
 * of dollars, above 0 and at most the debt read from the ledger (spec §5); corporate bookings
 * are on credit and are never offered a payment. What the gateway already took is recorded
 * first, so that the debt is the true one.
 */
export async function addPayment(
  db: Database,
  user: AuthenticatedUser,
  request: { bookingId: string; amount: number; amountStr: string },
  policy: AttemptPolicy,
) {
  const visible = await findVisibleBooking(db, user, request.bookingId);
  if (visible.corporateClientId) throw new AppError('FORBIDDEN', 'paymentNotAllowed');
  await settleDecidedAttempts(db, policy.gateway, visible.id);

  return db.transaction(async (tx) => {
    // Lock the booking first: two payments of one booking decide on its debt one at a time.
    await lockBooking(tx, eq(bookings.id, visible.id));
    // A cancelled booking takes no more card payments: a checkout paid after the cancellation
    // would only await its refund (settle.ts); what is left of it is settled with the agency.
    if (await bookingCancelled(tx, visible.id)) {
      throw new AppError('BUSINESS_RULE', 'bookingCancelledNoPayment');
    }
    const { debt } = await ledgerTotals(tx, visible.id);
    const amountCents = validPaymentAmountCents(request.amount, debt, request.amountStr);
    if (amountCents === null)
      throw new AppError('BUSINESS_RULE', 'invalidPaymentAmount', { field: 'amount' });
    // A booking that gave its seats back pays only if they remain (taken again for a new hold,
    // for at least the rest of its deposit, once); an unconfirmed one's checkout ends with its
    // hold.
    const holdUntil = await holdSeatsAgain(tx, visible, { customerPays: amountCents });
    const attempt = await openAttemptInTransaction(
      tx,
      { bookingId: visible.id, userId: user.userId, amountCents, holdUntil },
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
