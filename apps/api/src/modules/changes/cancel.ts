import { type Canceller, type ChangeQuote, fromCents } from '@cusco/shared';
import type { Transaction } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema.ts';
import type { PaymentGateway } from '../../gateways/gateway.ts';
import { cancelBooking } from '../lifecycle/transitions.ts';
import { closeOpenCheckouts } from '../payments/attempts.ts';
import type { ChangeContext } from './facts.ts';
import { carryOutRefund, type RefundPlan } from './refund-plan.ts';

/**
 * Cancels a booking under its quote, in the change's transaction (the booking locked): its open
 * checkouts closed, its status named (lifecycle), the part of its price not kept taken off its
 * ledger, and what it paid beyond that refunded as planned. It keeps its passengers and its
 * history; holding no seats any more, it gives them (and their permits) back at once.
 */
export async function applyCancel(
  tx: Transaction,
  gateway: PaymentGateway,
  context: ChangeContext,
  quote: ChangeQuote,
  plan: RefundPlan,
  by: { canceller: Canceller; reason: string },
) {
  // A checkout the gateway is taking a card for is left to settlement: the money it takes after
  // the cancellation is recorded as awaiting its refund (settle.ts), never lost nor kept.
  const checkouts = await closeOpenCheckouts(tx, gateway, context.booking.id);
  const status = await cancelBooking(tx, context.booking.id, by.canceller, by.reason);
  const released = context.facts.costCents - quote.totalCents;
  if (released > 0) {
    await tx.insert(ledgerEntries).values({
      bookingId: context.booking.id,
      kind: 'discount',
      amountCents: released,
      description: by.canceller === 'agency' ? 'agency-cancellation' : 'cancellation',
    });
  }
  const refund = await carryOutRefund(tx, gateway, context, plan);
  return {
    status,
    audit: {
      before: { status: status.before, cost: fromCents(context.facts.costCents) },
      after: {
        status: status.after,
        kept: fromCents(quote.totalCents),
        released: fromCents(Math.max(released, 0)),
        refundedToCards: refund.cards.map((card) => ({ ...card, amount: fromCents(card.cents) })),
        credit: fromCents(plan.creditCents),
        checkouts,
      },
    },
  };
}
