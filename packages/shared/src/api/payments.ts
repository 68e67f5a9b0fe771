import * as z from 'zod/mini';
import { fromCents, toCents } from '../rules/money.ts';
import { filledText, key, timestamp } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/** How the browser reaches the gateway: its hosted page, or a form posted to it (Pay-me). */
export const checkout = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('hosted'), url: z.string() }),
    z.object({
      kind: z.literal('form'),
      action: z.string(),
      fields: z.record(z.string(), z.string()),
    }),
  ]),
);
export type Checkout = z.infer<typeof checkout>;

/** POST tour/payment/add (spec §3 "Payment request"): bookingId is the reservation code. */
export const paymentAddRequest = lazySchema(() =>
  z.object({
    bookingId: filledText('required', 32),
    amount: z.number({ error: key('invalidPaymentAmount') }),
    amountStr: z.string({ error: key('invalidPaymentAmount') }).check(z.maxLength(16)),
  }),
);
export type PaymentAddRequest = z.input<typeof paymentAddRequest>;

export const paymentAddResponse = lazySchema(() =>
  z.object({
    transactionId: z.string(),
    amount: z.number(),
    amountStr: z.string(),
    expiresAt: timestamp,
    checkout,
  }),
);
export type PaymentAddResponse = z.infer<typeof paymentAddResponse>;

/**
 * Spec §5 payment amount: a whole number greater than 0 and at most the debt (dollars); amountStr
 * must be the amount times 100. Answers the amount in cents, or null when it is not valid.
 */
export function validPaymentAmountCents(
  amount: number,
  debtCents: number,
  amountStr?: string,
): number | null {
  if (!Number.isFinite(amount) || !Number.isInteger(amount) || amount <= 0) return null;
  const cents = toCents(amount);
  if (cents > debtCents) return null;
  if (amountStr !== undefined && amountStr !== String(cents)) return null;
  return cents;
}

/** The amount the payments modal starts with: the whole debt, as a whole number of dollars. */
export function defaultPaymentAmount(debt: number): number {
  return Math.floor(fromCents(toCents(debt)));
}

/** What the checkout page tells the page that opened it (spec §4: 'S' confirmed, 'N' not). */
export const checkoutMessage = lazySchema(() =>
  z.object({
    type: z.literal('cusco-checkout'),
    status: z.enum(['S', 'N']),
    transactionId: z.string(),
    reason: z.optional(z.enum(['approved', 'declined', 'cancelled', 'closed'])),
  }),
);
export type CheckoutMessage = z.infer<typeof checkoutMessage>;

/**
 * Where an open (pending) attempt stands at the gateway, as the customer is told:
 * - `processing`: the gateway has the card (or already took the money): it is being confirmed;
 * - `notCompleted`: the checkout was left before a card was given: nothing was taken, pay again;
 * - `unconfirmed`: the gateway cannot be asked (Pay-me): not confirmed yet.
 */
export const attemptStage = lazySchema(() => z.enum(['processing', 'notCompleted', 'unconfirmed']));
export type AttemptStage = z.infer<typeof attemptStage>;

/**
 * A payment attempt as the booking detail shows it: the open ones and those to be refunded, and
 * the newest attempt when it is paid or declined (its outcome is the latest news; an older
 * decline is not shown beside a later payment).
 */
export const paymentAttemptSummary = lazySchema(() =>
  z.object({
    transactionId: z.string(),
    amount: z.number(),
    status: z.enum(['pending', 'paid', 'declined', 'cancelled', 'expired', 'refund_required']),
    createdAt: timestamp,
    /** For a pending attempt, where it stands at the gateway; null otherwise. */
    stage: z.nullable(attemptStage),
  }),
);
