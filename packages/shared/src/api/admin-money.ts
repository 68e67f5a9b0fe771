import { z } from 'zod';
import { key, trimmedText } from './fields.ts';

/**
 * The back office's money calls (issue 13): offline payments, discounts, additions and refunds.
 * Amounts in US dollars with at most two decimals; each call takes an Idempotency-Key.
 */

/** A positive amount of dollars and cents, at most 100,000. */
const dollars = z
  .number({ error: key('invalidPaymentAmount') })
  .positive({ error: key('invalidPaymentAmount') })
  .max(100_000, { error: key('invalidPaymentAmount') })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    error: key('invalidPaymentAmount'),
  });

export const offlinePaymentMethods = ['cash', 'transfer', 'card-terminal'] as const;

/** POST admin/bookings/{code}/payments: money taken at the desk, up to the debt. */
export const offlinePaymentRequest = z.object({
  amount: dollars,
  method: z.enum(offlinePaymentMethods),
  reference: trimmedText(100).optional().default(''),
  note: trimmedText(500).optional().default(''),
});
export type OfflinePaymentRequest = z.input<typeof offlinePaymentRequest>;

/** POST admin/bookings/{code}/discounts and /additions. */
export const ledgerAdjustmentRequest = z.object({
  amount: dollars,
  reason: z
    .string({ error: key('required') })
    .trim()
    .min(1, { error: key('required') })
    .max(300, { error: key('invalidInput') }),
});
export type LedgerAdjustmentRequest = z.input<typeof ledgerAdjustmentRequest>;

/** POST admin/payments/{attemptId}/refund: without an amount, all that can still be refunded. */
export const refundRequest = z.object({ amount: dollars.optional() });
export type RefundRequest = z.input<typeof refundRequest>;

export const moneyActionResult = z.object({
  bookingCode: z.string(),
  /** The booking's debt after the action; below 0 while a refund is due. */
  debt: z.number(),
  /** The ledger entry written. */
  entryId: z.string(),
});
export type MoneyActionResult = z.infer<typeof moneyActionResult>;
