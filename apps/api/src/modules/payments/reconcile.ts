import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentAttempts } from '../../db/schema.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import { retireAttempt } from './attempts.ts';
import { settleFromStatus } from './settle.ts';

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
 * Safe to run on several nodes at once: settling is idempotent, and retiring an attempt only
 * touches one that is still pending.
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

async function reconcileOne(
  db: Database,
  gateway: PaymentGateway,
  attempt: typeof paymentAttempts.$inferSelect,
  report: ReconcileReport,
) {
  await db
    .update(paymentAttempts)
    .set({ checkedAt: sql`now()` })
    .where(eq(paymentAttempts.id, attempt.id));
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
      await db
        .update(paymentAttempts)
        .set({ gatewayFinalAt: sql`now()` })
        .where(eq(paymentAttempts.id, attempt.id));
    }
    return;
  }
  if (attempt.expiresAt <= new Date()) {
    const outcome = await db.transaction((tx) => retireAttempt(tx, gateway, attempt, 'expired'));
    if (outcome === 'retired') report.expired++;
  }
}
