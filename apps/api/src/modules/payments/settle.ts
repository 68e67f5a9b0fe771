import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { ledgerEntries, paymentAttempts, paymentNotifications } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { GatewayStatus } from '../../gateways/gateway.ts';
import { holdSeatsAgain } from '../departures/seats.ts';
import { ledgerTotals } from '../ledger/ledger.ts';
import { bookingCancelled } from '../ledger/money-status.ts';
import { enqueueMail, paymentReceipt } from '../outbox/outbox.ts';
import { issueWithin } from '../receipts/service.ts';
import { lockBookingAndAttempt } from './locks.ts';

export interface GatewayOutcome {
  attemptId: string;
  outcome: 'approved' | 'declined';
  amountCents: number;
  currency: string;
  reference: string | null;
  /** Where the news came from: a notification or the reconciliation job. */
  source: 'notification' | 'reconciliation';
  gateway: string;
  payload: unknown;
}

export type SettleResult = 'paid' | 'already_paid' | 'refund_required' | 'declined' | 'ignored';

/** Why news is refused, as the notifications' audit records it (409 to the sender). */
const rejections = {
  mismatch: 'rejected: amount or currency',
  otherGateway: 'rejected: attempt of another gateway',
} as const;

type Rejection = keyof typeof rejections;
type AttemptRow = typeof paymentAttempts.$inferSelect;

/**
 * Records what the gateway says about an attempt, once, whatever the number or the order of
 * the messages:
 * - the attempt must be one of the reporting gateway's, and the amount and currency must equal
 *   the attempt's, or nothing changes (409);
 * - approved: one payment in the ledger (the unique attempt id keeps it single), unless the
 *   payment would take the booking below zero debt, in which case the attempt is marked
 *   refund_required, in plain sight, and nothing is added;
 * - declined: a pending attempt is closed; a paid one never moves back.
 * The booking row is locked first, then the attempt (locks.ts, the one lock order): payments of
 * one booking settle one at a time, and never deadlock with anything else that locks them.
 */
export async function settleAttempt(db: Database, news: GatewayOutcome): Promise<SettleResult> {
  const bookingId = await bookingOfAttempt(db, news);
  const result = await db.transaction(async (tx) => {
    const settled = await settleLocked(tx, bookingId, news);
    // Its receipt in the same transaction (a failure to issue never loses the payment).
    if (settled === 'paid') await issueWithin(db, tx, bookingId);
    return settled;
  });
  if (result === 'mismatch' || result === 'otherGateway') {
    await audit(db, news, news.attemptId, rejections[result]);
    throw new AppError('CONFLICT', 'notificationMismatch');
  }
  await audit(db, news, news.attemptId, `${news.source}: ${result}`);
  return result;
}

/** The booking of the attempt the news is about; news of an unknown attempt is audited, 404. */
async function bookingOfAttempt(db: Database, news: GatewayOutcome): Promise<string> {
  const [known] = await db
    .select({ bookingId: paymentAttempts.bookingId })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, news.attemptId));
  if (!known) {
    await audit(db, news, null, 'rejected: unknown transaction');
    throw new AppError('NOT_FOUND', 'paymentNotFound');
  }
  return known.bookingId;
}

/** Locks the booking, then the attempt, checks the news against it, and settles it. */
async function settleLocked(
  tx: Transaction,
  bookingId: string,
  news: GatewayOutcome,
): Promise<SettleResult | Rejection> {
  const { attempt } = await lockBookingAndAttempt(tx, bookingId, news.attemptId);
  // One gateway never vouches for another's attempt.
  if (attempt.gateway !== news.gateway) return 'otherGateway';
  if (attempt.amountCents !== news.amountCents || attempt.currency !== news.currency) {
    return 'mismatch';
  }
  return news.outcome === 'declined'
    ? settleDeclined(tx, attempt)
    : settleApproved(tx, attempt, news.reference);
}

/** A decline closes a pending attempt; any other is left as it is. */
async function settleDeclined(tx: Transaction, attempt: AttemptRow): Promise<SettleResult> {
  if (attempt.status !== 'pending') {
    // A final answer for an attempt we had given up: nothing more to ask the gateway.
    if (!attempt.gatewayFinalAt) {
      await tx
        .update(paymentAttempts)
        .set({ gatewayFinalAt: sql`now()` })
        .where(eq(paymentAttempts.id, attempt.id));
    }
    return 'ignored';
  }
  await closeAttempt(tx, attempt.id, {
    status: 'declined',
    failureReason: 'declined by the gateway',
  });
  return 'declined';
}

/**
 * An approval adds the payment to the ledger once, unless its booking was cancelled meanwhile
 * (no passenger left: what the cancellation policy keeps is not taken from a checkout paid
 * afterwards), it is more than the debt left, or it comes when the booking no longer holds its
 * seats and they were sold to others: then the attempt awaits a refund (the back office's refunds
 * due). Otherwise even an attempt that expired or was given up is paid: the money moved.
 */
async function settleApproved(
  tx: Transaction,
  attempt: AttemptRow,
  gatewayReference: string | null,
): Promise<SettleResult> {
  if (attempt.status === 'paid') return 'already_paid';
  if (attempt.status === 'refund_required') return 'refund_required';

  const { debt } = await ledgerTotals(tx, attempt.bookingId);
  const problem = (await bookingCancelled(tx, attempt.bookingId))
    ? 'paid after its booking was cancelled'
    : attempt.amountCents > debt
      ? 'paid more than the debt left'
      : (await seatsGone(tx, attempt))
        ? 'paid after its seats were sold to others'
        : null;
  if (problem) {
    await closeAttempt(tx, attempt.id, {
      status: 'refund_required',
      gatewayReference,
      failureReason: problem,
    });
    return 'refund_required';
  }
  const inserted = await tx
    .insert(ledgerEntries)
    .values({
      bookingId: attempt.bookingId,
      kind: 'payment',
      amountCents: attempt.amountCents,
      description: 'payment',
      paymentMethod: attempt.gateway === 'payme' ? 'Pay-me' : 'Card (sandbox)',
      paymentAttemptId: attempt.id,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id, createdAt: ledgerEntries.createdAt });
  await closeAttempt(tx, attempt.id, { status: 'paid', gatewayReference });
  const [entry] = inserted;
  if (!entry) return 'already_paid';
  // The receipt of this payment, once (its ledger entry is its key), with the balance it leaves.
  await enqueueMail(
    tx,
    paymentReceipt({
      bookingId: attempt.bookingId,
      userId: attempt.userId,
      ledgerEntryId: entry.id,
      amountCents: attempt.amountCents,
      method: attempt.gateway === 'payme' ? 'Pay-me' : 'card',
      paidAt: entry.createdAt,
      balanceCents: debt - attempt.amountCents,
    }),
  );
  return 'paid';
}

/**
 * True when an approval comes for a booking that no longer holds its seats (its unpaid hold ended,
 * or a refund left its deposit unpaid: ADR 0035) and whose seats were sold meanwhile (issue 14):
 * it cannot take them again. A booking that holds them, or finds them free (taken again for a new
 * hold), is paid.
 */
async function seatsGone(tx: Transaction, attempt: AttemptRow): Promise<boolean> {
  try {
    await holdSeatsAgain(tx, { id: attempt.bookingId });
    return false;
  } catch (error) {
    // holdSeats refuses in code, after its reads: the transaction is still usable.
    if (error instanceof AppError && (error.status === 409 || error.status === 422)) return true;
    throw error;
  }
}

/** Gives an attempt its final status: settled, and final at the gateway, now. */
async function closeAttempt(
  tx: Transaction,
  attemptId: string,
  values: Pick<
    typeof paymentAttempts.$inferInsert,
    'status' | 'gatewayReference' | 'failureReason'
  >,
) {
  await tx
    .update(paymentAttempts)
    .set({
      ...values,
      settledAt: sql`now()`,
      gatewayFinalAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(paymentAttempts.id, attemptId));
}

/** Stores a notification the gateway's signature vouches for, with what came of it. */
export async function audit(
  db: Database,
  news: Pick<GatewayOutcome, 'gateway' | 'payload'>,
  attemptId: string | null,
  outcome: string,
) {
  await db.insert(paymentNotifications).values({
    gateway: news.gateway,
    attemptId,
    payload: (news.payload ?? {}) as object,
    outcome,
  });
}

/**
 * Settles an attempt the gateway has decided, as its status query says (a notification's twin,
 * for reconciliation); answers null when the gateway has not decided it.
 */
export function settleFromStatus(
  db: Database,
  gateway: { name: string },
  attempt: { id: string; amountCents: number; currency: string },
  answer: GatewayStatus,
): Promise<SettleResult> | null {
  if (answer.status !== 'approved' && answer.status !== 'declined') return null;
  return settleAttempt(db, {
    attemptId: attempt.id,
    outcome: answer.status,
    amountCents: answer.status === 'approved' ? answer.amountCents : attempt.amountCents,
    currency: answer.status === 'approved' ? answer.currency : attempt.currency,
    reference: answer.reference ?? null,
    source: 'reconciliation',
    gateway: gateway.name,
    payload: answer,
  });
}
