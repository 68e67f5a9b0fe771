import {
  type BookingStatus,
  type ChangeKind,
  type ChangeQuote,
  type ChangeQuoteAnswer,
  type ChangeQuoteLine,
  fromCents,
  type Language,
  type MessageKey,
  translate,
} from '@cusco/shared';
import type { RefundPlan } from './refund-plan.ts';

/**
 * A quote on the wire: dollars, each line's reason in the request's language, and the refund
 * line split by where the money goes (the card, the customer's credit, the company's credit).
 */
export function toQuoteAnswer(
  kind: ChangeKind,
  quote: ChangeQuote,
  plan: RefundPlan,
  context: {
    paidCents: number;
    onCredit: boolean;
    status: BookingStatus;
    language: Language;
    /** Who reads it: the customer ("your card"), or staff ("the customer's card"). */
    audience: 'customer' | 'staff';
  },
): ChangeQuoteAnswer {
  const lines = quote.lines.flatMap((line): ChangeQuoteLine[] => {
    if (line.kind !== 'refund') {
      return [
        {
          kind: line.kind,
          amount: fromCents(line.cents),
          reason: translate(line.reason, context.language, line.params),
        },
      ];
    }
    const parts: { cents: number; reason: MessageKey }[] = [];
    const staff = context.audience === 'staff';
    if (plan.cardCents > 0) {
      parts.push({
        cents: plan.cardCents,
        reason: staff ? 'changeRefundStaffCard' : 'changeRefund',
      });
    }
    if (plan.creditCents > 0) {
      const reason: MessageKey = context.onCredit
        ? 'changeRefundCredit'
        : staff
          ? 'changeRefundStaffCredit'
          : 'changeRefundToCredit';
      parts.push({ cents: plan.creditCents, reason });
    }
    return parts.map((part) => ({
      kind: 'refund' as const,
      amount: fromCents(part.cents),
      reason: translate(part.reason, context.language),
    }));
  });
  return {
    kind,
    paid: fromCents(context.paidCents),
    refund: fromCents(quote.refundCents),
    fee: fromCents(quote.feeCents),
    total: fromCents(quote.totalCents),
    balance: fromCents(quote.balanceCents),
    daysBefore: quote.daysBefore,
    keepPercent: quote.keepPercent,
    lines,
    status: context.status,
    refundTo: plan.refundTo,
  };
}
