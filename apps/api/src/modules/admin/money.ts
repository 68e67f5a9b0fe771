import {
  dollarsText,
  fromCents,
  type LedgerAdjustmentRequest,
  type MoneyActionResult,
  type OfflinePaymentRequest,
  type RefundRequest,
  toCents,
} from '@cusco/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { bookings, ledgerEntries, paymentAttempts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PaymentGateway } from '../../gateways/gateway.ts';
import { once, type StoredAnswer } from '../../lib/idempotency.ts';
import { lockBooking, normalizeCode } from '../access/bookings.ts';
import { recordAudit } from '../audit/record.ts';
import { guardComeback, holdSeatsAgain } from '../departures/seats.ts';
import { ledgerTotals } from '../ledger/ledger.ts';
import { enqueueMail, paymentReceipt, refundNotice } from '../outbox/outbox.ts';
import { lockAttempt } from '../payments/locks.ts';
import { attemptMethod, gatewayOf, refundedCents } from '../payments/refunds.ts';
import { issueWithin } from '../receipts/service.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';

/**
 * The back office's money (issue 13): offline payments, discounts, additions and refunds. Each
 * runs in one transaction that first locks the booking's row, so concurrent clicks on one booking
 * are taken one at a time against the debt they leave; each writes its audit entry in that same
 * transaction; each is answered once per Idempotency-Key.
 */

/** A staff member's request: who, and the Idempotency-Key they sent. */
export interface StaffCall {
  staff: AuthenticatedUser;
  key: string | undefined;
}

/** "$1,234.50": amounts in messages to staff. */
const usd = dollarsText;

interface Entry {
  kind: 'payment' | 'discount' | 'addition' | 'refund';
  amountCents: number;
  description: string;
  paymentMethod?: string | null;
  refundedAttemptId?: string;
  paymentAttemptId?: string;
}

/** Writes a ledger entry and its audit entry; answers the booking's new debt. */
async function writeEntry(
  tx: Transaction,
  booking: { id: string; code: string },
  debtBefore: number,
  entry: Entry,
  audit: { staff: AuthenticatedUser; action: string; subjectId?: string; details: object },
  /**
   * What follows the entry before it is audited (a refund: the seats' check, then the gateway),
   * given the entry's id; what it answers joins the audit's details.
   */
  follow?: (entryId: string) => Promise<object>,
): Promise<{ statusCode: number; body: MoneyActionResult }> {
  const [written] = await tx
    .insert(ledgerEntries)
    .values({ bookingId: booking.id, ...entry })
    .returning({ id: ledgerEntries.id });
  if (!written) throw new Error('the ledger entry was not written');
  const followed = follow ? await follow(written.id) : {};
  const { debt } = await ledgerTotals(tx, booking.id);
  await recordAudit(tx, {
    staffUserId: audit.staff.userId,
    action: audit.action,
    bookingId: booking.id,
    subjectId: audit.subjectId ?? written.id,
    before: { debt: fromCents(debtBefore) },
    after: {
      debt: fromCents(debt),
      amount: fromCents(entry.amountCents),
      ...audit.details,
      ...followed,
    },
  });
  return {
    statusCode: 201,
    body: { bookingCode: booking.code, debt: fromCents(debt), entryId: written.id },
  };
}

/**
 * POST admin/bookings/{code}/payments: money taken at the desk, up to the debt; for a booking that
 * gave its seats back, only if they remain (taken again, as a card payment does: ADR 0035).
 */
export function recordOfflinePayment(
  db: Database,
  call: StaffCall,
  code: string,
  body: OfflinePaymentRequest,
): Promise<StoredAnswer<MoneyActionResult>> {
  const scope = `admin.payment:${normalizeCode(code)}`;
  return once(db, { userId: call.staff.userId, scope, key: call.key, body }, async (tx) => {
    const booking = await lockBooking(tx, eq(bookings.code, normalizeCode(code)));
    await holdSeatsAgain(tx, booking);
    const { debt } = await ledgerTotals(tx, booking.id);
    const amountCents = toCents(body.amount);
    if (amountCents > debt) {
      throw new AppError('BUSINESS_RULE', 'paymentOverDebt', {
        params: { debt: usd(Math.max(debt, 0)) },
        field: 'amount',
      });
    }
    const reference = body.reference?.replaceAll('|', '/') ?? '';
    const answer = await writeEntry(
      tx,
      booking,
      debt,
      {
        kind: 'payment',
        amountCents,
        description: reference ? `offline-payment|${reference}` : 'offline-payment',
        paymentMethod: body.method,
      },
      {
        staff: call.staff,
        action: 'booking.payment',
        details: { method: body.method, reference: body.reference ?? '', note: body.note ?? '' },
      },
    );
    // The customer's receipt, with the balance this payment leaves.
    await enqueueMail(
      tx,
      paymentReceipt({
        bookingId: booking.id,
        userId: booking.userId,
        ledgerEntryId: answer.body.entryId,
        amountCents,
        method: body.method,
        paidAt: new Date(),
        balanceCents: debt - amountCents,
      }),
    );
    await issueWithin(db, tx, booking.id);
    return answer;
  });
}

/**
 * POST admin/bookings/{code}/discounts and /additions (administrators): a discount lowers the
 * debt, never below 0; an addition raises it. A discount that confirms a booking which gave its
 * seats back is refused when they were sold meanwhile (ADR 0035).
 */
export function adjustLedger(
  db: Database,
  call: StaffCall,
  code: string,
  kind: 'discount' | 'addition',
  body: LedgerAdjustmentRequest,
): Promise<StoredAnswer<MoneyActionResult>> {
  const scope = `admin.${kind}:${normalizeCode(code)}`;
  return once(db, { userId: call.staff.userId, scope, key: call.key, body }, async (tx) => {
    const booking = await lockBooking(tx, eq(bookings.code, normalizeCode(code)));
    const { debt } = await ledgerTotals(tx, booking.id);
    const amountCents = toCents(body.amount);
    if (kind === 'discount' && amountCents > debt) {
      throw new AppError('BUSINESS_RULE', 'discountOverDebt', {
        params: { debt: usd(Math.max(debt, 0)) },
        field: 'amount',
      });
    }
    const comeback = await guardComeback(tx, booking.id);
    const answer = await writeEntry(
      tx,
      booking,
      debt,
      { kind, amountCents, description: body.reason.trim() },
      { staff: call.staff, action: `booking.${kind}`, details: { reason: body.reason.trim() } },
    );
    await comeback();
    await issueWithin(db, tx, booking.id);
    return answer;
  });
}

/**
 * POST admin/payments/{attemptId}/refund (administrators): gives back, through the gateway that
 * took it, part or all of what an attempt paid, never more than it paid less its refunds. An
 * attempt awaiting a refund (paid when nothing more was owed, so kept out of the ledger) first
 * has its payment written, then the refund: the ledger shows the money in and out.
 */
export function refundAttempt(
  db: Database,
  call: StaffCall,
  attemptId: string,
  body: RefundRequest,
  configured: PaymentGateway,
): Promise<StoredAnswer<MoneyActionResult>> {
  const scope = `admin.refund:${attemptId}`;
  return once(db, { userId: call.staff.userId, scope, key: call.key, body }, async (tx) => {
    // The booking, then the attempt, then (the gateway's refund) its charge: the one lock order.
    const { booking, attempt } = await lockAttempt(tx, attemptId);
    if (attempt.status !== 'paid' && attempt.status !== 'refund_required') {
      throw new AppError('BUSINESS_RULE', 'refundNotPaid');
    }
    // What the attempt can still give back, and never more than the booking's money net of what
    // went back already, to the card or to the customer's credit (issue 27: a cancellation's
    // refund taken as a credit is not refunded to the card again).
    const totals = await ledgerTotals(tx, booking.id);
    const netPaid = totals.payments;
    const fromLedger = netPaid + (attempt.status === 'refund_required' ? attempt.amountCents : 0);
    const reason = body.reason ?? 'price_stands';
    // The price drops by what goes back: never below nothing (a discount over the price would
    // leave a refund due that no money stands behind).
    const price = totals.purchases + totals.additions - totals.discounts;
    const refundable = Math.min(
      attempt.amountCents - (await refundedCents(tx, attempt.id)),
      fromLedger,
      reason === 'price_drops' ? price : Number.POSITIVE_INFINITY,
    );
    const amountCents = body.amount === undefined ? refundable : toCents(body.amount);
    if (refundable <= 0 || amountCents > refundable) {
      throw new AppError('BUSINESS_RULE', 'refundOverPaid', {
        params: { refundable: usd(Math.max(refundable, 0)) },
        field: 'amount',
      });
    }
    const gateway = gatewayOf(attempt.gateway, configured);
    const { debt } = await ledgerTotals(tx, booking.id);
    // Money kept from a payment that awaited its refund becomes a payment of the booking, which
    // may confirm it: then, like any money that confirms a booking, it must find its seats free.
    const comeback = await guardComeback(tx, booking.id);
    if (attempt.status === 'refund_required') {
      await tx.insert(ledgerEntries).values({
        bookingId: booking.id,
        kind: 'payment',
        amountCents: attempt.amountCents,
        description: 'payment',
        paymentMethod: attemptMethod(attempt.gateway),
        paymentAttemptId: attempt.id,
      });
      await tx
        .update(paymentAttempts)
        .set({ status: 'paid', updatedAt: sql`now()` })
        .where(eq(paymentAttempts.id, attempt.id));
    }
    const answer = await writeEntry(
      tx,
      booking,
      debt,
      {
        kind: 'refund',
        amountCents,
        description: 'refund',
        paymentMethod: attemptMethod(attempt.gateway),
        refundedAttemptId: attempt.id,
      },
      {
        staff: call.staff,
        action: 'payment.refund',
        subjectId: attempt.id,
        details: {
          reason,
          attemptStatus: attempt.status,
          // The payment recorded with its refund, when it had awaited it outside the ledger.
          ...(attempt.status === 'refund_required'
            ? { paymentRecorded: fromCents(attempt.amountCents) }
            : {}),
        },
      },
      // The seats first (409 when they are gone: nothing refunded, nothing written), then the
      // gateway, whose reference the entry then carries.
      async (entryId) => {
        await comeback();
        const { reference } = await gateway.refund(tx, attempt, amountCents);
        await tx
          .update(ledgerEntries)
          .set({ description: `refund|${reference}` })
          .where(eq(ledgerEntries.id, entryId));
        // The price drops: the same amount off the price, so the balance stays as it was.
        if (reason === 'price_drops') {
          await tx.insert(ledgerEntries).values({
            bookingId: booking.id,
            kind: 'discount',
            amountCents,
            description: 'price-drop',
          });
        }
        return { reference };
      },
    );
    // The customer's notice of the money going back, once per refund (its ledger entry).
    await enqueueMail(
      tx,
      refundNotice({
        bookingId: booking.id,
        userId: booking.userId,
        ledgerEntryId: answer.body.entryId,
        amountCents,
        reason,
        method: attemptMethod(attempt.gateway),
        refundedAt: new Date(),
        balanceCents: toCents(answer.body.debt),
      }),
    );
    await issueWithin(db, tx, booking.id);
    return answer;
  });
}

/** Refunded and still refundable amounts of a booking's paid attempts, in cents, by attempt. */
export async function refundsByAttempt(
  db: Database | Transaction,
  bookingId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      attemptId: ledgerEntries.refundedAttemptId,
      sum: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.kind, 'refund')))
    .groupBy(ledgerEntries.refundedAttemptId);
  return new Map(rows.map((row) => [row.attemptId ?? '', row.sum]));
}
