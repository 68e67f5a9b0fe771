import { type ChangeQuote, fromCents } from '@cusco/shared';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import type { PaymentGateway } from '../../gateways/gateway.ts';
import { confirmedOf } from '../departures/holdings.ts';
import { lockKeepPercent } from '../lifecycle/transitions.ts';
import type { ChangeContext } from './facts.ts';
import { carryOutRefund, type RefundPlan } from './refund-plan.ts';
import { applyRepricing, type Repricing } from './reprice.ts';

/** Whether the booking is confirmed now (ADR 0035): on credit, or its deposit paid, or settled. */
async function isConfirmed(tx: Transaction, bookingId: string): Promise<boolean> {
  const [row] = await tx
    .select({ confirmed: confirmedOf(bookings) })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.confirmed ?? false;
}

/**
 * Makes a re-priced change (a date, a type or category, a passenger removed or added) on the
 * locked booking, in the change's transaction: its lines and amounts, the ledger entries of the
 * quote's lines, and the refund of what was paid beyond the new price. A change that raises the
 * deposit above what was paid un-confirms the booking (ADR 0035): it then gets a new unpaid hold
 * of its usual length to pay the rest, rather than losing its seats at once.
 */
export async function applyChange(
  tx: Transaction,
  gateway: PaymentGateway,
  context: ChangeContext,
  quote: ChangeQuote,
  plan: RefundPlan,
  repricing: Repricing,
) {
  const { booking } = context;
  const confirmedBefore = await isConfirmed(tx, booking.id);
  // A date moved keeps the strictest share of the policy it had reached: no window is reset.
  if (repricing.change.kind === 'date') await lockKeepPercent(tx, booking.id, quote.keepPercent);
  await applyRepricing(tx, booking, repricing, quote.lines);
  const refund = await carryOutRefund(tx, gateway, context, plan);
  const newHold = confirmedBefore && !(await isConfirmed(tx, booking.id));
  if (newHold) {
    await tx
      .update(bookings)
      .set({ holdUntil: sql`now() + make_interval(mins => ${bookings.holdMinutes})` })
      .where(eq(bookings.id, booking.id));
  }
  return {
    audit: {
      before: {
        travelDate: booking.travelDate,
        typeId: booking.typeId,
        categoryId: booking.categoryId,
        cost: fromCents(context.facts.costCents),
      },
      after: {
        travelDate: repricing.travelDate,
        typeId: repricing.selection.typeId,
        categoryId: repricing.selection.categoryId,
        ...(repricing.removedSlotId ? { removedSlotId: repricing.removedSlotId } : {}),
        ...(repricing.addedTypeId ? { addedTypeId: repricing.addedTypeId } : {}),
        cost: fromCents(quote.totalCents),
        fee: fromCents(quote.feeCents),
        refundedToCards: refund.cards.map((card) => ({ ...card, amount: fromCents(card.cents) })),
        credit: fromCents(plan.creditCents),
        ...(newHold ? { newHold: true } : {}),
      },
    },
  };
}
