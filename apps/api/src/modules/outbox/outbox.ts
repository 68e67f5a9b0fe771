import type { Language, MailKind } from '@cusco/shared';
import type { Executor } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

/**
 * One e-mail an event causes. (kind, subjectId, reason) is its unique key: the same event
 * written twice (a replayed notification, a double click, the reminder scan run again) adds
 * nothing the second time.
 */
export interface MailEvent {
  kind: MailKind;
  /** What it is about: a booking, a user, a request, a reset link. */
  subjectId: string;
  /** Why this one, among the same kind about the same subject (a ledger entry, "30" days…). */
  reason?: string;
  /** The account it is written to; null for someone without one (then `toAddress`). */
  userId: string | null;
  /** The address of a message to someone without an account (a complaint's consumer). */
  toAddress?: string | null;
  bookingId?: string | null;
  /** operations: a copy for the agency's operations address. */
  audience?: 'customer' | 'operations';
  /** The page's language when the event knows it; else the booking's, else the account's. */
  language?: Language | null;
  /** The event's figures as they were (a receipt's amount and balance): kept with the row. */
  data?: Record<string, unknown>;
}

/**
 * Writes e-mails to the outbox. Call it with the transaction of the event that causes them: the
 * row exists exactly when the event does, and the worker sends it after the commit. Answers
 * how many rows were new.
 */
export async function enqueueMail(tx: Executor, events: MailEvent | MailEvent[]): Promise<number> {
  const list = Array.isArray(events) ? events : [events];
  if (list.length === 0) return 0;
  const inserted = await tx
    .insert(outbox)
    .values(
      list.map((event) => ({
        kind: event.kind,
        subjectId: event.subjectId,
        reason: event.reason ?? '',
        userId: event.userId,
        toAddress: event.toAddress ?? null,
        bookingId: event.bookingId ?? null,
        audience: event.audience ?? 'customer',
        language: event.language ?? null,
        data: event.data ?? {},
      })),
    )
    .onConflictDoNothing({ target: [outbox.kind, outbox.subjectId, outbox.reason] })
    .returning({ id: outbox.id });
  return inserted.length;
}

/** The confirmation of a booking just saved; a corporate one is copied to the agency. */
export function bookingConfirmation(booking: {
  id: string;
  userId: string;
  corporate: boolean;
}): MailEvent[] {
  const base = {
    kind: 'booking_confirmation',
    subjectId: booking.id,
    userId: booking.userId,
    bookingId: booking.id,
  } as const;
  return booking.corporate
    ? [
        { ...base, reason: 'customer' },
        { ...base, reason: 'operations', audience: 'operations' },
      ]
    : [{ ...base, reason: 'customer' }];
}

/**
 * The receipt of a payment recorded in the ledger (by the gateway, at the desk, or found by
 * reconciliation): one per ledger entry, with the figures of that moment.
 */
export function paymentReceipt(payment: {
  bookingId: string;
  userId: string;
  ledgerEntryId: string;
  amountCents: number;
  method: string;
  paidAt: Date;
  balanceCents: number;
}): MailEvent {
  return {
    kind: 'receipt',
    subjectId: payment.bookingId,
    reason: payment.ledgerEntryId,
    userId: payment.userId,
    bookingId: payment.bookingId,
    data: {
      amountCents: payment.amountCents,
      method: payment.method,
      paidAt: payment.paidAt.toISOString(),
      balanceCents: payment.balanceCents,
    },
  };
}

/**
 * The notice of a refund (issue 28): one per refund's ledger entry, with its figures and why
 * (the price stands: the balance reopens; the price drops: it stays as it was).
 */
export function refundNotice(refund: {
  bookingId: string;
  userId: string;
  ledgerEntryId: string;
  amountCents: number;
  reason: 'price_stands' | 'price_drops';
  method: string;
  refundedAt: Date;
  balanceCents: number;
}): MailEvent {
  return {
    kind: 'refund',
    subjectId: refund.bookingId,
    reason: refund.ledgerEntryId,
    userId: refund.userId,
    bookingId: refund.bookingId,
    data: {
      amountCents: refund.amountCents,
      reason: refund.reason,
      method: refund.method,
      refundedAt: refund.refundedAt.toISOString(),
      balanceCents: refund.balanceCents,
    },
  };
}

/**
 * "Your password was changed": one per change (its moment is the reason), in the language of the
 * page that changed it when it is known (a reset link's page), else the account's.
 */
export function passwordChangedMail(userId: string, at: Date, language?: Language): MailEvent {
  return {
    kind: 'password_changed',
    subjectId: userId,
    reason: at.toISOString(),
    userId,
    ...(language ? { language } : {}),
    data: { changedAt: at.toISOString() },
  };
}
