import type { ChangeQuote, RefundDestination } from '@cusco/shared';
import type { Transaction } from '../../db/client.ts';
import type { PaymentGateway } from '../../gateways/gateway.ts';
import { issueCredit } from '../payments/credit.ts';
import { refundableAttempts, refundToCards, splitOverCards } from '../payments/refunds.ts';
import type { ChangeContext } from './facts.ts';

/**
 * Where a change's refund goes (issue 27): back to the cards that paid, newest payment first,
 * as far as they can take it; the rest (money paid at the desk, or what the customer asked to
 * keep) to the customer's credit with the agency. A corporate booking's refund always becomes
 * the company's credit: it is on credit, and no card is refunded.
 */
export interface RefundPlan {
  cards: Awaited<ReturnType<typeof splitOverCards>>;
  cardCents: number;
  creditCents: number;
  /** What the customer asked for; null when nothing is refunded. */
  refundTo: RefundDestination | null;
}

export async function planRefund(
  tx: Transaction,
  context: ChangeContext,
  quote: ChangeQuote,
  asked: RefundDestination,
): Promise<RefundPlan> {
  if (quote.refundCents <= 0) return { cards: [], cardCents: 0, creditCents: 0, refundTo: null };
  const refundTo: RefundDestination = context.facts.onCredit ? 'credit' : asked;
  const cards =
    refundTo === 'card'
      ? splitOverCards(await refundableAttempts(tx, context.booking.id), quote.refundCents)
      : [];
  const cardCents = cards.reduce((sum, part) => sum + part.cents, 0);
  return { cards, cardCents, creditCents: quote.refundCents - cardCents, refundTo };
}

/** Carries out a refund plan in the change's transaction: all of it, or (throwing) none. */
export async function carryOutRefund(
  tx: Transaction,
  gateway: PaymentGateway,
  context: ChangeContext,
  plan: RefundPlan,
) {
  const cards = await refundToCards(tx, gateway, context.booking.id, plan.cards);
  const creditEntryId =
    plan.creditCents > 0
      ? await issueCredit(tx, {
          userId: context.booking.userId,
          companyId: context.booking.corporateClientId,
          bookingId: context.booking.id,
          amountCents: plan.creditCents,
        })
      : null;
  return { cards, creditEntryId };
}
