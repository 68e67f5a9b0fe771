import type { Checkout } from '@cusco/shared';
import type { Executor } from '../db/client.ts';

/** What a gateway needs to take a payment for one of our attempts. */
export interface CheckoutRequest {
  /** Our payment attempt's id: the transaction id the gateway reports back. */
  attemptId: string;
  operationNumber: number;
  amountCents: number;
  currency: 'USD';
  bookingCode: string;
  tourName: string;
  customer: { name: string; lastName: string; email: string };
}

/** What the gateway says about a transaction when asked (reconciliation). */
export type GatewayStatus =
  | { status: 'approved'; amountCents: number; currency: string; reference: string }
  | { status: 'declined'; reference?: string }
  | { status: 'pending' }
  | { status: 'unknown' };

/**
 * The payment gateway port (DESIGN.md): create a checkout for an attempt, close it, and ask
 * for its status. Notifications come in through each gateway's own verified route.
 */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'payme';
  createCheckout(db: Executor, request: CheckoutRequest): Promise<Checkout>;
  /** Closes a checkout that will not be paid (cancelled or expired attempt). */
  cancel(db: Executor, attemptId: string): Promise<void>;
  queryStatus(
    db: Executor,
    attempt: { id: string; operationNumber: number },
  ): Promise<GatewayStatus>;
}
