import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { paymentAttempts } from '../../db/schema.ts';
import type { PaymentGateway } from '../../gateways/gateway.ts';
import { retireAttempt } from './attempts.ts';
import { lockBookingAndAttempt } from './locks.ts';
import { settleFromStatus } from './settle.ts';

type Attempt = typeof paymentAttempts.$inferSelect;

export interface ReconcileReport {
  checked: number;
  paid: number;
  declined: number;
  expired: number;
  failed: number;
}

/**
 * Asks the gateway about the attempts whose outcome it may know and we do not, and settles them,
 * so that a payment whose notification was lost is still recorded:
 * - attempts pending for a while: settled when decided; past their expiry, closed at the gateway
 *   and marked expired (never while the gateway is taking a card for them);
 * - attempts we cancelled or expired without the gateway confirming it can no longer take money
 *   for them, for as long as the gateway can report them: money it took after all is recorded,
 *   or marked for refund when it no longer fits the debt.
 * Safe to run on several nodes at once: settling is idempotent, retiring an attempt only touches
 * one that is still pending, and every write takes the booking's lock, then the attempt's, as
 * customers' payments and notifications do (locks.ts): none of them deadlock.
 */
export async function reconcilePending(
  db: Database,
  gateway: PaymentGateway,
  options: {
    olderThanSeconds: number;
    limit?: number;
    onError?: (error: unknown, attemptId: string) => void;
  },
): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, paid: 0, declined: 0, expired: 0, failed: 0 };
  const pendingDue = and(
    eq(paymentAttempts.status, 'pending'),
    lt(paymentAttempts.createdAt, sql`now() - make_interval(secs => ${options.olderThanSeconds})`),
  );
  const givenUpUnconfirmed =
    gateway.reportWindowHours > 0
      ? and(
          inArray(paymentAttempts.status, ['cancelled', 'expired']),
          isNull(paymentAttempts.gatewayFinalAt),
          gt(
            paymentAttempts.updatedAt,
            sql`now() - make_interval(hours => ${gateway.reportWindowHours})`,
          ),
        )
      : undefined;
  const due = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.gateway, gateway.name),
        givenUpUnconfirmed ? or(pendingDue, givenUpUnconfirmed) : pendingDue,
      ),
    )
    // The least recently asked first: attempts still open at the gateway, asked every pass,
    // cannot keep newer ones (a lost notification) waiting behind them.
    .orderBy(asc(sql`coalesce(${paymentAttempts.checkedAt}, ${paymentAttempts.createdAt})`))
    .limit(options.limit ?? 100);

  for (const attempt of due) {
    report.checked++;
    try {
      await reconcileOne(db, gateway, attempt, report);
    } catch (error) {
      report.failed++;
      options.onError?.(error, attempt.id);
    }
  }
  return report;
}

/**
 * Writes to an attempt under its booking's lock, then its own (locks.ts): every write to an
 * attempt also moves its booking's revision (a trigger, for the detail cache), so a bare UPDATE
 * of the attempt would lock the attempt, then the booking, against the one order. Answers the
 * attempt as it is now, or what `write` answers.
 */
function underLocks<T>(
  db: Database,
  attempt: Attempt,
  write: (tx: Transaction, locked: Attempt) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const locked = await lockBookingAndAttempt(tx, attempt.bookingId, attempt.id);
    return write(tx, locked.attempt);
  });
}

async function reconcileOne(
  db: Database,
  gateway: PaymentGateway,
  due: Attempt,
  report: ReconcileReport,
) {
  // What was read before the locks may be stale: a notification, a new amount or another node
  // may have settled or given the attempt up meanwhile. It is read again under them.
  const attempt = await underLocks(db, due, async (tx, locked) => {
    await tx
      .update(paymentAttempts)
      .set({ checkedAt: sql`now()` })
      .where(eq(paymentAttempts.id, locked.id));
    return locked;
  });
  const answer = await gateway.queryStatus(db, attempt);
  const settled = settleFromStatus(db, gateway, attempt, answer);
  if (settled) {
    const result = await settled;
    if (result === 'paid') report.paid++;
    if (result === 'declined') report.declined++;
    return;
  }
  if (attempt.status !== 'pending') {
    // Given up earlier: confirmed now when the gateway says it can no longer take money.
    if (answer.status === 'closed') {
      await underLocks(db, attempt, (tx) =>
        tx
          .update(paymentAttempts)
          .set({ gatewayFinalAt: sql`now()` })
          .where(and(eq(paymentAttempts.id, attempt.id), isNull(paymentAttempts.gatewayFinalAt))),
      );
    }
    return;
  }
  if (attempt.expiresAt <= new Date()) {
    // The booking, then the attempt, then (closing it at the gateway) the charge.
    const outcome = await underLocks(db, attempt, (tx, locked) =>
      locked.status === 'pending'
        ? retireAttempt(tx, gateway, locked, 'expired')
        : Promise.resolve('settled' as const),
    );
    if (outcome === 'retired') report.expired++;
  }
}
