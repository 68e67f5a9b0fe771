import * as z from 'zod/mini';
import { bookingStatuses } from '../rules/booking-status.ts';
import { uuid } from './common.ts';
import { isoDay, key, timestamp } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Changes and cancellations of a booking (issue 27): POST tour/booking/{code}/changes/quote says
 * what a change would do, POST tour/booking/{code}/changes does it (with an Idempotency-Key).
 * Money in US dollars, as elsewhere on the wire; the server computes every figure.
 */

/** A whole number of cents (within floating point's error): 0.001 is refused, not rounded. */
const wholeCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** Where a refund goes: back to the card that paid, or to the customer's credit with us. */
export const refundDestinations = ['card', 'credit'] as const;
export type RefundDestination = (typeof refundDestinations)[number];

const refundTo = lazySchema(() => z._default(z.optional(z.enum(refundDestinations)), 'card'));

/**
 * A change: cancel the booking; move it to another date; change its type or category; remove a
 * passenger (by their slot); add a passenger of a customer type. Each may say where a refund goes.
 */
export const changeRequest = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('cancel'), refundTo }),
    z.object({ kind: z.literal('date'), travelDate: isoDay, refundTo }),
    z.object({ kind: z.literal('option'), typeId: uuid, categoryId: uuid, refundTo }),
    z.object({ kind: z.literal('removePassenger'), slotId: uuid, refundTo }),
    z.object({ kind: z.literal('addPassenger'), customerTypeId: uuid, refundTo }),
  ]),
);
export type ChangeRequest = z.input<typeof changeRequest>;
export type ChangeRequestParsed = z.output<typeof changeRequest>;
export const changeKinds = ['cancel', 'date', 'option', 'removePassenger', 'addPassenger'] as const;
export type ChangeKind = (typeof changeKinds)[number];

/** A line of a quote, its reason in the request's language. Amounts in dollars. */
export const changeQuoteLine = lazySchema(() =>
  z.object({
    kind: z.enum(['price', 'kept', 'fee', 'forgiven', 'refund']),
    amount: z.number(),
    reason: z.string(),
  }),
);
export type ChangeQuoteLine = z.infer<typeof changeQuoteLine>;

/** What a change would do, or did. */
export const changeQuoteAnswer = lazySchema(() =>
  z.object({
    kind: z.enum(changeKinds),
    /** Paid, net of refunds, before the change. */
    paid: z.number(),
    refund: z.number(),
    fee: z.number(),
    /** What the booking costs after the change. */
    total: z.number(),
    /** What is still owed after the change and its refund. */
    balance: z.number(),
    /** Whole days left before travel, in Cusco. */
    daysBefore: z.number().check(z.int()),
    /** The share of the price the tour's policy keeps at this date. */
    keepPercent: z.number().check(z.int()),
    lines: z.array(changeQuoteLine),
    /** The status the booking has after the change. */
    status: z.enum(bookingStatuses),
    /** Where the refund goes (card, credit), or null when nothing is refunded. */
    refundTo: z.nullable(z.enum(refundDestinations)),
  }),
);
export type ChangeQuoteAnswer = z.infer<typeof changeQuoteAnswer>;

/** Staff's version of a change: the same body, maybe overriding the policy, always with why. */
export const staffChangeRequest = lazySchema(() =>
  z.object({
    change: changeRequest,
    /** The agency cancels (weather, a closed trail): everything paid is given back. */
    byAgency: z._default(z.optional(z.boolean()), false),
    /** A refund other than the policy's (dollars), with the reason. */
    overrideRefund: z.optional(
      z
        .number({ error: key('invalidPaymentAmount') })
        .check(
          z.gte(0, { error: key('invalidPaymentAmount') }),
          z.maximum(100_000, { error: key('invalidPaymentAmount') }),
          z.refine(wholeCents, { error: key('invalidPaymentAmount') }),
        ),
    ),
    reason: z._default(
      z.optional(z.string().check(z.trim(), z.maxLength(300, { error: key('invalidInput') }))),
      '',
    ),
  }),
);
export type StaffChangeRequest = z.input<typeof staffChangeRequest>;

/** GET tour/credit: the customer's credit with the agency, and how it moved, newest first. */
export const creditAnswer = lazySchema(() =>
  z.object({
    balance: z.number(),
    movements: z.array(
      z.object({
        kind: z.enum(['issued', 'spent']),
        amount: z.number(),
        bookingCode: z.string(),
        at: timestamp,
      }),
    ),
  }),
);
export type CreditAnswer = z.infer<typeof creditAnswer>;

/** POST tour/payment/credit: pays part or all of a booking's balance with the customer's credit. */
export const creditPaymentRequest = lazySchema(() =>
  z.object({
    bookingId: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)),
    amount: z
      .number({ error: key('invalidPaymentAmount') })
      .check(
        z.gte(0.01, { error: key('invalidPaymentAmount') }),
        z.maximum(100_000, { error: key('invalidPaymentAmount') }),
        z.refine(wholeCents, { error: key('invalidPaymentAmount') }),
      ),
  }),
);
export type CreditPaymentRequest = z.input<typeof creditPaymentRequest>;

export const creditPaymentAnswer = lazySchema(() =>
  z.object({
    bookingCode: z.string(),
    paid: z.number(),
    debt: z.number(),
    balance: z.number(),
  }),
);
export type CreditPaymentAnswer = z.infer<typeof creditPaymentAnswer>;
