import { and, desc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { ledgerEntries, paymentAttempts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PaymentGateway } from '../../gateways/gateway.ts';
import { sandboxGateway } from '../../gateways/sandbox/gateway.ts';

/**
 * Money given back to the cards that paid a booking (issue 13's refunds, and issue 27's changes),
 * through the gateway that took each payment: the only one that can give it back.
 */

type Attempt = typeof paymentAttempts.$inferSelect;

/** The gateway that took an attempt's money, which alone can give it back. */
export function gatewayOf(name: string, configured: PaymentGateway): PaymentGateway {
  if (name === configured.name) return configured;
  if (name === 'sandbox') return sandboxGateway();
  throw new AppError('BUSINESS_RULE', 'refundNotSupported');
}

/** How a gateway's payments are named in the ledger. */
export const attemptMethod = (gateway: string) =>
  gateway === 'payme' ? 'Pay-me' : 'Card (sandbox)';

/** What an attempt has given back so far, in cents. */
export async function refundedCents(tx: Transaction, attemptId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'refund'), eq(ledgerEntries.refundedAttemptId, attemptId)));
  return row?.sum ?? 0;
}

/**
 * The booking's card payments recorded in the ledger, newest first, with what each can still
 * give back; locked after the booking (the caller's), the one lock order of payments/locks.ts.
 */
export async function refundableAttempts(
  tx: Transaction,
  bookingId: string,
): Promise<{ attempt: Attempt; refundableCents: number }[]> {
  const paid = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.bookingId, bookingId), eq(paymentAttempts.status, 'paid')))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .for('update');
  const answer: { attempt: Attempt; refundableCents: number }[] = [];
  for (const attempt of paid) {
    const refundableCents = attempt.amountCents - (await refundedCents(tx, attempt.id));
    if (refundableCents > 0) answer.push({ attempt, refundableCents });
  }
  return answer;
}

/** How much of `amountCents` the booking's card payments can take back, newest first. */
export function splitOverCards(
  attempts: { attempt: Attempt; refundableCents: number }[],
  amountCents: number,
): { attempt: Attempt; cents: number }[] {
  const parts: { attempt: Attempt; cents: number }[] = [];
  let rest = amountCents;
  for (const { attempt, refundableCents } of attempts) {
    if (rest <= 0) break;
    const cents = Math.min(rest, refundableCents);
    parts.push({ attempt, cents });
    rest -= cents;
  }
  return parts;
}

/**
 * Gives back `parts` through their gateways, each written as a `refund` entry of the booking that
 * names its payment and the gateway's reference. A gateway that refuses throws: the caller's
 * transaction rolls back, and nothing of the change is done (never half of it).
 */
export async function refundToCards(
  tx: Transaction,
  configured: PaymentGateway,
  bookingId: string,
  parts: { attempt: Attempt; cents: number }[],
): Promise<{ attemptId: string; cents: number; reference: string }[]> {
  const done: { attemptId: string; cents: number; reference: string }[] = [];
  for (const { attempt, cents } of parts) {
    let reference: string;
    try {
      ({ reference } = await gatewayOf(attempt.gateway, configured).refund(tx, attempt, cents));
    } catch (error) {
      if (error instanceof AppError) throw new AppError('BUSINESS_RULE', 'refundToCardFailed');
      throw error;
    }
    await tx.insert(ledgerEntries).values({
      bookingId,
      kind: 'refund',
      amountCents: cents,
      description: `refund|${reference}`,
      paymentMethod: attemptMethod(attempt.gateway),
      refundedAttemptId: attempt.id,
    });
    done.push({ attemptId: attempt.id, cents, reference });
  }
  return done;
}
