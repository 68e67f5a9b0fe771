import {
  type CreditAnswer,
  type CreditPaymentAnswer,
  type CreditPaymentRequest,
  dollarsText,
  fromCents,
  toCents,
} from '@cusco/shared';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  bookings,
  corporateClients,
  customerCredits,
  ledgerEntries,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { once, type StoredAnswer } from '../../lib/idempotency.ts';
import { lockVisibleBooking, normalizeCode } from '../access/bookings.ts';
import { holdSeatsAgain } from '../departures/seats.ts';
import { ledgerTotals } from '../ledger/ledger.ts';
import { enqueueMail, paymentReceipt } from '../outbox/outbox.ts';
import { issueWithin } from '../receipts/service.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';

/**
 * Whose credit it is: a customer's own, or a company's (shared by its users, whoever booked or
 * cancelled; not theirs once they leave it).
 */
export type CreditOwner = Pick<AuthenticatedUser, 'userId' | 'corporateClientId'>;

/** The credit rows of an owner. */
const ownedBy = (owner: CreditOwner): SQL =>
  owner.corporateClientId
    ? eq(customerCredits.corporateClientId, owner.corporateClientId)
    : (and(
        eq(customerCredits.userId, owner.userId),
        isNull(customerCredits.corporateClientId),
      ) as SQL);

/**
 * The customer's credit with the agency (issue 27): money a change gave back to the account
 * rather than to a card. Issuing it moves money out of a booking's ledger (a `credit` entry, which
 * raises the booking's debt as a refund does) into the account (an `issued` row): the booking's
 * company's when it is a corporate booking, else its customer's.
 */
export async function issueCredit(
  tx: Transaction,
  credit: { userId: string; companyId: string | null; bookingId: string; amountCents: number },
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
    corporateClientId: credit.companyId,
    bookingId: credit.bookingId,
    kind: 'issued',
    amountCents: credit.amountCents,
    ledgerEntryId: entry.id,
  });
  return entry.id;
}

/** An owner's credit balance, in cents: issued less spent. */
export async function creditBalance(db: Executor, owner: CreditOwner): Promise<number> {
  const [row] = await db
    .select({
      balance:
        sql<number>`coalesce(sum(case when ${customerCredits.kind} = 'issued' then ${customerCredits.amountCents} else -${customerCredits.amountCents} end), 0)`.mapWith(
          Number,
        ),
    })
    .from(customerCredits)
    .where(ownedBy(owner));
  return row?.balance ?? 0;
}

/** GET tour/credit: the caller's credit (or their company's), and its movements, newest first. */
export async function creditAccount(db: Executor, owner: CreditOwner): Promise<CreditAnswer> {
  const movements = await db
    .select({
      kind: customerCredits.kind,
      amountCents: customerCredits.amountCents,
      bookingCode: bookings.code,
      at: customerCredits.createdAt,
    })
    .from(customerCredits)
    .innerJoin(bookings, eq(bookings.id, customerCredits.bookingId))
    .where(ownedBy(owner))
    .orderBy(desc(customerCredits.createdAt), desc(customerCredits.id))
    .limit(100);
  return {
    balance: fromCents(await creditBalance(db, owner)),
    movements: movements.map((row) => ({
      kind: row.kind,
      amount: fromCents(row.amountCents),
      bookingCode: row.bookingCode,
      at: row.at.toISOString(),
    })),
  };
}

/**
 * Locks the credit's owner (the user's row, or the company's), after the booking: two spends of
 * one credit are taken one at a time against the balance they leave. FOR NO KEY UPDATE, which the
 * key-share locks of rows naming the owner (an Idempotency-Key's, a credit's) do not conflict
 * with: two spends at once wait for each other, never deadlock.
 */
async function lockOwner(tx: Transaction, owner: CreditOwner) {
  if (owner.corporateClientId) {
    await tx
      .select({ id: corporateClients.id })
      .from(corporateClients)
      .where(eq(corporateClients.id, owner.corporateClientId))
      .for('no key update');
    return;
  }
  await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, owner.userId))
    .for('no key update');
}

/**
 * POST tour/payment/credit: pays part or all of a booking's balance with the caller's own credit,
 * up to both; for a booking that gave its seats back, only if they remain (as a card payment does,
 * ADR 0035). The booking is locked first, then the credit's owner (`lockOwner`).
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
    await lockOwner(tx, user);
    const balance = await creditBalance(tx, user);
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
      corporateClientId: user.corporateClientId,
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
    await issueWithin(db, tx, booking.id);
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
