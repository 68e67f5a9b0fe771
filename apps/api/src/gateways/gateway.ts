import type { Checkout } from '@cusco/shared';
import type { Executor } from '../db/client.ts';

/** ISO 4217 codes of the currencies a booking can be priced and paid in. */
export type CurrencyCode = 'USD' | 'PEN';

/** What a gateway needs to take a payment for one of our attempts. */
export interface CheckoutRequest {
  /** Our payment attempt's id: the transaction id the gateway reports back. */
  attemptId: string;
  operationNumber: number;
  amountCents: number;
  /** The attempt's currency, which is its booking's: never assumed by the gateway. */
  currency: CurrencyCode;
  bookingCode: string;
  tourName: string;
  customer: { name: string; lastName: string; email: string };
  /** When the attempt expires: its checkout takes no card after it (ADR 0035). */
  expiresAt: Date;
}

/** An attempt as the gateway port needs to know it. */
export interface AttemptRef {
  id: string;
  operationNumber: number;
}

/**
 * What the gateway says about one of our attempts:
 * - `approved` / `declined`: its final answer;
 * - `open`: a checkout exists and no card was given yet; it can still be closed;
 * - `processing`: the customer is at the payment step, the gateway is taking the card;
 * - `closed`: closed at the gateway, it can no longer take money;
 * - `unknown`: this gateway cannot tell (no status query).
 */
export type GatewayStatus =
  | { status: 'approved'; amountCents: number; currency: string; reference: string }
  | { status: 'declined'; reference?: string }
  | { status: 'open' }
  | { status: 'processing' }
  | { status: 'closed' }
  | { status: 'unknown' };

/**
 * How long a status stands, for a gateway whose records are rows of our own database (the
 * sandbox): until `until` (ms since the epoch; Infinity: until a change), unless a change to the
 * change-feed `keys` (`a:<attempt id>`, notified by its table's trigger) comes first. A booking's
 * detail with an open attempt is kept that long (ADR 0056).
 */
export interface StatusStands {
  until: number;
  keys: string[];
}

/**
 * The payment gateway port (DESIGN.md): create a checkout for an attempt, close it, and ask
 * for its status. Notifications come in through each gateway's own verified route.
 */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'payme';
  /**
   * How long, after an attempt was cancelled or expired here, the gateway can still be asked
   * about it (reconciliation re-checks such attempts within this window); 0 when it cannot be
   * asked at all.
   */
  readonly reportWindowHours: number;
  createCheckout(db: Executor, request: CheckoutRequest): Promise<Checkout>;
  /**
   * Closes an attempt's checkout so that it can never take money, atomically with respect to a
   * payment in progress. Answers `closed` when it did, or else what the gateway says of the
   * attempt (approved, declined, processing...): then the attempt must not be given up.
   */
  close(db: Executor, attempt: AttemptRef): Promise<GatewayStatus>;
  /**
   * What the gateway says of the attempt now; with `stands` when the answer can be kept (its
   * record is ours to watch, or it never changes), without it when it must be asked again.
   */
  queryStatus(
    db: Executor,
    attempt: AttemptRef,
  ): Promise<GatewayStatus & { stands?: StatusStands }>;
  /**
   * Gives back `amountCents` of what an approved attempt took (issue 13). Answers the gateway's
   * reference of the refund; throws an AppError when the gateway refuses it or cannot refund
   * from here. The caller has checked the amount against the attempt's ledger.
   */
  refund(db: Executor, attempt: AttemptRef, amountCents: number): Promise<{ reference: string }>;
}
