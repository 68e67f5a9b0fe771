import * as z from 'zod/mini';
import { key, trimmedText } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * The back office's money calls (issue 13): offline payments, discounts, additions and refunds.
 * Amounts in US dollars with at most two decimals; each call takes an Idempotency-Key.
 */

/**
 * An amount of dollars and cents, from one cent to 100,000: a whole number of cents (within
 * floating point's error), so that 0.000000001 is refused, not rounded to nothing.
 */
const dollars = lazySchema(() =>
  z.number({ error: key('invalidPaymentAmount') }).check(
    z.gte(0.01, { error: key('invalidPaymentAmount') }),
    z.maximum(100_000, { error: key('invalidPaymentAmount') }),
    z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: key('invalidPaymentAmount'),
    }),
  ),
);

export const offlinePaymentMethods = ['cash', 'transfer', 'card-terminal'] as const;

/** POST admin/bookings/{code}/payments: money taken at the desk, up to the debt. */
export const offlinePaymentRequest = lazySchema(() =>
  z.object({
    amount: dollars,
    method: z.enum(offlinePaymentMethods),
    reference: z._default(z.optional(trimmedText(100)), ''),
    note: z._default(z.optional(trimmedText(500)), ''),
  }),
);
export type OfflinePaymentRequest = z.input<typeof offlinePaymentRequest>;

/** POST admin/bookings/{code}/discounts and /additions. */
export const ledgerAdjustmentRequest = lazySchema(() =>
  z.object({
    amount: dollars,
    reason: z
      .string({ error: key('required') })
      .check(
        z.trim(),
        z.minLength(1, { error: key('required') }),
        z.maxLength(300, { error: key('invalidInput') }),
      ),
  }),
);
export type LedgerAdjustmentRequest = z.input<typeof ledgerAdjustmentRequest>;

/**
 * Why money goes back (issue 28): the price stands (the money is returned and the balance
 * reopens: the customer owes it again), or the price drops (a discount of the same amount with
 * the refund, in one step: the balance stays as it was, settled when it was).
 */
export const refundReasons = ['price_stands', 'price_drops'] as const;
export type RefundReason = (typeof refundReasons)[number];

/**
 * POST admin/payments/{attemptId}/refund: without an amount, all that can still be refunded;
 * without a reason, the price stands (what a refund did before reasons).
 */
export const refundRequest = lazySchema(() =>
  z.object({
    amount: z.optional(dollars),
    reason: z._default(
      z.optional(z.enum(refundReasons, { error: key('invalidInput') })),
      'price_stands',
    ),
  }),
);
export type RefundRequest = z.input<typeof refundRequest>;

export const moneyActionResult = lazySchema(() =>
  z.object({
    bookingCode: z.string(),
    /** The booking's debt after the action; below 0 while a refund is due. */
    debt: z.number(),
    /** The ledger entry written. */
    entryId: z.string(),
  }),
);
export type MoneyActionResult = z.infer<typeof moneyActionResult>;
