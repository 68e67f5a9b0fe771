import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { sandboxCharges } from '../../db/schema.ts';
import type { PaymentGateway } from '../gateway.ts';

/** The sandbox gateway: its "hosted page" is served by this API under /sandbox (routes.ts). */
export function sandboxGateway(): PaymentGateway {
  return {
    name: 'sandbox',
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
        })
        .onConflictDoNothing();
      return { kind: 'hosted', url: `/sandbox/checkout/${request.attemptId}` };
    },
    async cancel(db, attemptId) {
      await db
        .update(sandboxCharges)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(
          sql`${sandboxCharges.transactionId} = ${attemptId} and ${sandboxCharges.status} = 'open'`,
        );
    },
    async queryStatus(db, attempt) {
      const [charge] = await db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.transactionId, attempt.id));
      if (!charge) return { status: 'unknown' };
      if (charge.status === 'approved') {
        return {
          status: 'approved',
          amountCents: charge.amountCents,
          currency: charge.currency,
          reference: charge.reference,
        };
      }
      if (charge.status === 'declined') return { status: 'declined', reference: charge.reference };
      return { status: 'pending' };
    },
  };
}
