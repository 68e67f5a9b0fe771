import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { sandboxCharges } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { AttemptRef, GatewayStatus, PaymentGateway, StatusStands } from '../gateway.ts';

/** How long the sandbox takes a card at most: a payment step left longer has timed out. */
const PROCESSING_TIMEOUT_SECONDS = 120;

/**
 * A charge as its status is asked for, and whether it is a payment step left too long
 * (`stale`), in one prepared statement: a booking's detail asks for each of its open attempts on
 * every read (issue 33: two statements built each time had halved the read of a fresh booking).
 */
const chargeStatement = prepared((db) =>
  db
    .select({
      status: sandboxCharges.status,
      amountCents: sandboxCharges.amountCents,
      currency: sandboxCharges.currency,
      reference: sandboxCharges.reference,
      expiresAt: sandboxCharges.expiresAt,
      updatedAt: sandboxCharges.updatedAt,
      stale: sql<boolean>`${sandboxCharges.status} = 'processing' and ${sandboxCharges.updatedAt} < now() - make_interval(secs => ${PROCESSING_TIMEOUT_SECONDS})`,
    })
    .from(sandboxCharges)
    .where(eq(sandboxCharges.transactionId, sql.placeholder('id')))
    .prepare('sandbox_charge_status'),
);

/**
 * A payment step whose process died half-way (kill -9) times out as declined, as a card
 * gateway's does: no money was taken, and the booking is not blocked for ever. Answers whether
 * this call declined it (another may have moved it first).
 */
async function declineStale(db: Executor, attempt: AttemptRef): Promise<boolean> {
  const declined = await db
    .update(sandboxCharges)
    .set({ status: 'declined', updatedAt: sql`now()` })
    .where(
      and(
        eq(sandboxCharges.transactionId, attempt.id),
        eq(sandboxCharges.status, 'processing'),
        lt(
          sandboxCharges.updatedAt,
          sql`now() - make_interval(secs => ${PROCESSING_TIMEOUT_SECONDS})`,
        ),
      ),
    )
    .returning({ id: sandboxCharges.transactionId });
  return declined.length > 0;
}

/** What the sandbox's record of a charge says, in the port's terms. */
async function chargeStatus(
  db: Executor,
  attempt: AttemptRef,
): Promise<GatewayStatus & { stands: StatusStands }> {
  let [charge] = await chargeStatement(db).execute({ id: attempt.id });
  if (charge?.stale) {
    await declineStale(db, attempt);
    [charge] = await chargeStatement(db).execute({ id: attempt.id });
  }
  // The charge is a row of ours: its trigger notifies `a:<attempt id>` of every change
  // (migration 0032), and its status changes with time only at the moments below.
  const stands = (until = Number.POSITIVE_INFINITY) => ({ until, keys: [`a:${attempt.id}`] });
  if (!charge) return { status: 'unknown', stands: stands() };
  switch (charge.status) {
    case 'approved':
      return {
        status: 'approved',
        amountCents: charge.amountCents,
        currency: charge.currency,
        reference: charge.reference,
        stands: stands(),
      };
    case 'declined':
      return { status: 'declined', reference: charge.reference, stands: stands() };
    case 'processing':
      // Left longer than the payment step takes, it is declined at the next question.
      return {
        status: 'processing',
        stands: stands(charge.updatedAt.getTime() + PROCESSING_TIMEOUT_SECONDS * 1000),
      };
    case 'open':
      // Past its expiry it takes no card any more: as good as closed.
      return charge.expiresAt && charge.expiresAt <= new Date()
        ? { status: 'closed', stands: stands() }
        : { status: 'open', stands: stands(charge.expiresAt?.getTime()) };
    default:
      return { status: 'closed', stands: stands() };
  }
}

/**
 * The sandbox gateway: its "hosted page" is served by this API under /sandbox (routes.ts). Its
 * writes lock the attempt's charge row alone; the API calls `close` and `refund` with the
 * attempt's booking and the attempt locked first (modules/payments/locks.ts, the one order).
 */
export function sandboxGateway(): PaymentGateway {
  return {
    name: 'sandbox',
    // The sandbox keeps its charges for good: it can always be asked.
    reportWindowHours: 24 * 30,
    async createCheckout(db, request) {
      await db
        .insert(sandboxCharges)
        .values({
          transactionId: request.attemptId,
          reference: `sbx_${randomBytes(9).toString('base64url')}`,
          amountCents: request.amountCents,
          currency: request.currency,
          bookingCode: request.bookingCode,
          description: request.tourName,
          expiresAt: request.expiresAt,
        })
        .onConflictDoNothing();
      return { kind: 'hosted', url: `/sandbox/checkout/${request.attemptId}` };
    },
    async close(db, attempt) {
      // Only an open charge closes: one whose card is being taken, or was, stays as it is.
      const closed = await db
        .update(sandboxCharges)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(and(eq(sandboxCharges.transactionId, attempt.id), eq(sandboxCharges.status, 'open')))
        .returning({ id: sandboxCharges.transactionId });
      if (closed.length > 0) return { status: 'closed' };
      const status = await chargeStatus(db, attempt);
      // No checkout was ever made for it: nothing can take money either.
      return status.status === 'unknown' ? { status: 'closed' } : status;
    },
    queryStatus: chargeStatus,
    async refund(db, attempt, amountCents) {
      // An approved charge gives back at most what it took, in one statement: two refunds at
      // once cannot both pass the check.
      const [refunded] = await db
        .update(sandboxCharges)
        .set({
          refundedCents: sql`${sandboxCharges.refundedCents} + ${amountCents}`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(sandboxCharges.transactionId, attempt.id),
            eq(sandboxCharges.status, 'approved'),
            sql`${sandboxCharges.refundedCents} + ${amountCents} <= ${sandboxCharges.amountCents}`,
          ),
        )
        .returning({ reference: sandboxCharges.reference });
      if (!refunded) throw new AppError('BUSINESS_RULE', 'refundNotPaid');
      return { reference: `${refunded.reference}_r${randomBytes(4).toString('hex')}` };
    },
  };
}
