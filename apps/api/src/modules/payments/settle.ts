import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings, ledgerEntries, paymentAttempts, paymentNotifications } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { GatewayStatus } from '../../payments/gateway.ts';
import { ledgerTotals } from '../bookings/ledger.ts';

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

/**
 * Records what the gateway says about an attempt, once, whatever the number or the order of
 * the messages:
 * - the attempt must be one of the reporting gateway's, and the amount and currency must equal
 *   the attempt's, or nothing changes (409);
 * - approved: one payment in the ledger (the unique attempt id keeps it single), unless the
 *   payment would take the booking below zero debt, in which case the attempt is marked
 *   refund_required, in plain sight, and nothing is added;
 * - declined: a pending attempt is closed; a paid one never moves back.
 * The booking row is locked first, then the attempt: payments of one booking settle one at a
 * time, in the same lock order as new attempts are opened.
 */
export async function settleAttempt(db: Database, news: GatewayOutcome): Promise<SettleResult> {
  const [known] = await db
    .select({ bookingId: paymentAttempts.bookingId })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, news.attemptId));
  if (!known) {
    await audit(db, news, null, 'rejected: unknown transaction');
    throw new AppError('NOT_FOUND', 'paymentNotFound');
  }

  const result = await db.transaction(async (tx) => {
    await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.id, known.bookingId))
      .for('update');
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, news.attemptId))
      .for('update');
    if (!attempt) throw new AppError('NOT_FOUND', 'paymentNotFound');
    // One gateway never vouches for another's attempt.
    if (attempt.gateway !== news.gateway) return 'otherGateway' as const;
    if (attempt.amountCents !== news.amountCents || attempt.currency !== news.currency) {
      return 'mismatch' as const;
    }

    if (news.outcome === 'declined') {
      if (attempt.status !== 'pending') {
        // A final answer for an attempt we had given up: nothing more to ask the gateway.
        if (!attempt.gatewayFinalAt) {
          await tx
            .update(paymentAttempts)
            .set({ gatewayFinalAt: sql`now()` })
            .where(eq(paymentAttempts.id, attempt.id));
        }
        return 'ignored' as const;
      }
      await tx
        .update(paymentAttempts)
        .set({
          status: 'declined',
          failureReason: 'declined by the gateway',
          settledAt: sql`now()`,
          gatewayFinalAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(paymentAttempts.id, attempt.id));
      return 'declined' as const;
    }

    if (attempt.status === 'paid') return 'already_paid' as const;
    if (attempt.status === 'refund_required') return 'refund_required' as const;

    // Approved, even if we had cancelled or expired it meanwhile: the money moved.
    const { debt } = await ledgerTotals(tx, attempt.bookingId);
    if (attempt.amountCents > debt) {
      await tx
        .update(paymentAttempts)
        .set({
          status: 'refund_required',
          gatewayReference: news.reference,
          failureReason: 'paid more than the debt left',
          settledAt: sql`now()`,
          gatewayFinalAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(paymentAttempts.id, attempt.id));
      return 'refund_required' as const;
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
      .returning({ id: ledgerEntries.id });
    await tx
      .update(paymentAttempts)
      .set({
        status: 'paid',
        gatewayReference: news.reference,
        settledAt: sql`now()`,
        gatewayFinalAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(paymentAttempts.id, attempt.id));
    return inserted.length > 0 ? ('paid' as const) : ('already_paid' as const);
  });

  const outcomes = {
    mismatch: 'rejected: amount or currency',
    otherGateway: 'rejected: attempt of another gateway',
  } as const;
  await audit(
    db,
    news,
    news.attemptId,
    result === 'mismatch' || result === 'otherGateway'
      ? outcomes[result]
      : `${news.source}: ${result}`,
  );
  if (result === 'mismatch' || result === 'otherGateway') {
    throw new AppError('CONFLICT', 'notificationMismatch');
  }
  return result;
}

async function audit(
  db: Database,
  news: GatewayOutcome,
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
