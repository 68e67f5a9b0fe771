import {
  type CreditAnswer,
  type CreditPaymentAnswer,
  type CreditPaymentRequest,
  dollarsText,
  fromCents,
  toCents,
} from '@cusco/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { bookings, customerCredits, ledgerEntries, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { once, type StoredAnswer } from '../../lib/idempotency.ts';
import { lockVisibleBooking, normalizeCode } from '../access/bookings.ts';
import { holdSeatsAgain } from '../departures/seats.ts';
import { ledgerTotals } from '../ledger/ledger.ts';
import { enqueueMail, paymentReceipt } from '../outbox/outbox.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';

/**
 * The customer's credit with the agency (issue 27): money a change gave back to the account
 * rather than to a card. Issuing it moves money out of a booking's ledger (a `credit` entry, which
 * raises the booking's debt as a refund does) into the account (an `issued` row).
 */
export async function issueCredit(
  tx: Transaction,
  credit: { userId: string; bookingId: string; amountCents: number },
): Promise<string> {
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      bookingId: credit.bookingId,
      kind: 'credit',
      amountCents: credit.amountCents,
      description: 'credit-issued',
      paymentMethod: 'credit',
    })
    .returning({ id: ledgerEntries.id });
  if (!entry) throw new Error('the credit entry was not written');
  await tx.insert(customerCredits).values({
    userId: credit.userId,
    bookingId: credit.bookingId,
    kind: 'issued',
    amountCents: credit.amountCents,
    ledgerEntryId: entry.id,
  });
  return entry.id;
}

/** A customer's credit balance, in cents: issued less spent. */
export async function creditBalance(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({
      balance:
        sql<number>`coalesce(sum(case when ${customerCredits.kind} = 'issued' then ${customerCredits.amountCents} else -${customerCredits.amountCents} end), 0)`.mapWith(
          Number,
        ),
    })
    .from(customerCredits)
    .where(eq(customerCredits.userId, userId));
  return row?.balance ?? 0;
}

/** GET tour/credit: the caller's credit balance and its movements, newest first. */
export async function creditAccount(db: Executor, userId: string): Promise<CreditAnswer> {
  const movements = await db
    .select({
      kind: customerCredits.kind,
      amountCents: customerCredits.amountCents,
      bookingCode: bookings.code,
      at: customerCredits.createdAt,
    })
    .from(customerCredits)
    .innerJoin(bookings, eq(bookings.id, customerCredits.bookingId))
    .where(eq(customerCredits.userId, userId))
    .orderBy(desc(customerCredits.createdAt), desc(customerCredits.id))
    .limit(100);
  return {
    balance: fromCents(await creditBalance(db, userId)),
    movements: movements.map((row) => ({
      kind: row.kind,
      amount: fromCents(row.amountCents),
      bookingCode: row.bookingCode,
      at: row.at.toISOString(),
    })),
  };
}

/**
 * POST tour/payment/credit: pays part or all of a booking's balance with the caller's own credit,
 * up to both; for a booking that gave its seats back, only if they remain (as a card payment does,
 * ADR 0035). The booking is locked first, then the caller's user row, so that two spends of one
 * credit are taken one at a time against the balance they leave.
 */
export function payWithCredit(
  db: Database,
  user: AuthenticatedUser,
  request: CreditPaymentRequest,
  key: string | undefined,
): Promise<StoredAnswer<CreditPaymentAnswer>> {
  const body = { bookingId: normalizeCode(request.bookingId), amount: request.amount };
  return once(db, { userId: user.userId, scope: 'tour/payment/credit', key, body }, async (tx) => {
    const booking = await lockVisibleBooking(tx, user, request.bookingId);
    if (booking.cancelledBy !== null) {
      throw new AppError('BUSINESS_RULE', 'bookingCancelledNoPayment');
    }
    const { debt } = await ledgerTotals(tx, booking.id);
    const amountCents = toCents(request.amount);
    if (amountCents > debt) {
      throw new AppError('BUSINESS_RULE', 'paymentOverDebt', {
        field: 'amount',
        params: { debt: dollarsText(Math.max(debt, 0)) },
      });
    }
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.userId)).for('update');
    const balance = await creditBalance(tx, user.userId);
    if (amountCents > balance) {
      throw new AppError('BUSINESS_RULE', 'creditOverBalance', {
        field: 'amount',
        params: { balance: dollarsText(balance) },
      });
    }
    await holdSeatsAgain(tx, booking, { customerPays: amountCents });
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({
        bookingId: booking.id,
        kind: 'payment',
        amountCents,
        description: 'credit-payment',
        paymentMethod: 'credit',
      })
      .returning({ id: ledgerEntries.id, createdAt: ledgerEntries.createdAt });
    if (!entry) throw new Error('the credit payment was not written');
    await tx.insert(customerCredits).values({
      userId: user.userId,
      bookingId: booking.id,
      kind: 'spent',
      amountCents,
      ledgerEntryId: entry.id,
    });
    const after = await ledgerTotals(tx, booking.id);
    await enqueueMail(
      tx,
      paymentReceipt({
        bookingId: booking.id,
        userId: booking.userId,
        ledgerEntryId: entry.id,
        amountCents,
        method: 'credit',
        paidAt: entry.createdAt,
        balanceCents: after.debt,
      }),
    );
    return {
      statusCode: 201,
      body: {
        bookingCode: booking.code,
        paid: fromCents(amountCents),
        debt: fromCents(after.debt),
        balance: fromCents(balance - amountCents),
      },
    };
  });
}
