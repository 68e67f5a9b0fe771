import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentAttempts } from '../../db/schema.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import { settleAttempt } from './settle.ts';

export interface ReconcileReport {
  checked: number;
  paid: number;
  declined: number;
  expired: number;
  failed: number;
}

/**
 * Asks the gateway about attempts that have been pending for a while and settles them, so that
 * a payment whose notification was lost is still recorded; attempts past their expiry that the
 * gateway has not seen paid are closed as expired. Safe to run on several nodes at once: settling
 * is idempotent and expiring only touches attempts still pending.
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
  const due = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.status, 'pending'),
        eq(paymentAttempts.gateway, gateway.name),
        lt(
          paymentAttempts.createdAt,
          sql`now() - make_interval(secs => ${options.olderThanSeconds})`,
        ),
      ),
    )
    .orderBy(asc(paymentAttempts.createdAt))
    .limit(options.limit ?? 100);

  for (const attempt of due) {
    report.checked++;
    const answer = await gateway.queryStatus(db, attempt);
    if (answer.status === 'approved' || answer.status === 'declined') {
      const result = await settleAttempt(db, {
        attemptId: attempt.id,
        outcome: answer.status,
        amountCents: answer.status === 'approved' ? answer.amountCents : attempt.amountCents,
        currency: answer.status === 'approved' ? answer.currency : attempt.currency,
        reference: answer.reference ?? null,
        source: 'reconciliation',
        gateway: gateway.name,
        payload: answer,
      }).catch((error: unknown) => {
        report.failed++;
        options.onError?.(error, attempt.id);
        return 'ignored' as const;
      });
      if (result === 'paid') report.paid++;
      if (result === 'declined') report.declined++;
      continue;
    }
    if (attempt.expiresAt <= new Date()) {
      const closed = await db
        .update(paymentAttempts)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')))
        .returning({ id: paymentAttempts.id });
      if (closed.length > 0) {
        await gateway.cancel(db, attempt.id);
        report.expired++;
      }
    }
  }
  return report;
}
