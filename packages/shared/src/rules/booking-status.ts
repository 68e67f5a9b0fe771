import type { MessageKey } from '../messages.ts';

/**
 * The booking's life (issue 27, ADR 0037): one named status, defined here once. The API computes
 * the same status in SQL (`bookingStatusSql`, apps/api/src/modules/lifecycle/status.ts), which
 * every list, detail, mail and export reads; a test pins the two together.
 *
 * A status is derived from facts that are each written in one place: the cancellation (the only
 * status the API stores, written only by the lifecycle module's transitions), the seat hold and
 * confirmation (ADR 0035), the ledger, and the agency's calendar.
 */
export const bookingStatuses = [
  'on_hold',
  'pending_payment',
  'confirmed',
  'partly_paid',
  'paid',
  'travelled',
  'cancelled_by_customer',
  'cancelled_by_agency',
  'expired',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** Who cancelled a booking: the only part of the status that is stored. */
export const cancellers = ['customer', 'agency'] as const;
export type Canceller = (typeof cancellers)[number];

/** What a booking's status is made of. Money in cents. */
export interface BookingStatusFacts {
  /** Who cancelled it, or null while it stands. */
  cancelledBy: Canceller | null;
  /** Whether it holds its passengers' seats now (confirmed, or within its unpaid hold). */
  holdsSeats: boolean;
  /** Booked on credit by a corporate client. */
  onCredit: boolean;
  /**
   * A reseller's OCTO hold not yet confirmed (issue 31): on credit, but holding its seats only
   * until its hold ends.
   */
  onHold: boolean;
  travelDate: string;
  /** The agency's today (Cusco), YYYY-MM-DD. */
  today: string;
  /** Paid, net of refunds. */
  paidCents: number;
  /** The deposit of the booking as it stands (`partialAmountCents`). */
  depositCents: number;
  /** What is still owed (below 0: owed to the customer). */
  debtCents: number;
}

/**
 * The named status:
 * - `cancelled_by_customer`, `cancelled_by_agency`: cancelled; kept with its passengers and
 *   history; its seats went back;
 * - `expired`: its unpaid hold ended before its deposit was paid, and its seats went back on sale;
 * - `travelled`: its travel date has come (in Cusco), holding its seats;
 * - `paid`: nothing is owed;
 * - `partly_paid`: its deposit is paid, the balance is not;
 * - `confirmed`: it holds its seats for good without its deposit paid (on credit);
 * - `on_hold`: a reseller's OCTO hold, holding its seats until the reseller confirms it or its hold
 *   ends (then `expired`);
 * - `pending_payment`: it holds its seats while its unpaid hold lasts.
 */
export function bookingStatus(facts: BookingStatusFacts): BookingStatus {
  if (facts.cancelledBy === 'customer') return 'cancelled_by_customer';
  if (facts.cancelledBy === 'agency') return 'cancelled_by_agency';
  if (!facts.holdsSeats) return 'expired';
  if (facts.travelDate <= facts.today) return 'travelled';
  if (facts.onHold) return 'on_hold';
  if (facts.debtCents <= 0) return 'paid';
  if (facts.paidCents >= facts.depositCents) return 'partly_paid';
  if (facts.onCredit) return 'confirmed';
  return 'pending_payment';
}

/** Whether a status is one of the two cancellations. */
export function isCancelled(status: BookingStatus): boolean {
  return status === 'cancelled_by_customer' || status === 'cancelled_by_agency';
}

/**
 * The transitions a person makes (the others follow from payments, the hold's end and the
 * calendar), each with the statuses it starts from. A cancelled or travelled booking changes no
 * more; an expired one can still be cancelled (to ask for what it paid back), not changed.
 */
export const transitions = {
  /**
   * The customer cancels (under the tour's policy), or the agency does (weather, a closed trail:
   * everything paid is given back); the same statuses start either.
   */
  cancel: ['on_hold', 'pending_payment', 'confirmed', 'partly_paid', 'paid', 'expired'],
  /** A date, type, category or passenger change. */
  change: ['pending_payment', 'confirmed', 'partly_paid', 'paid'],
} as const satisfies Record<string, readonly BookingStatus[]>;
export type Transition = keyof typeof transitions;

/** Why a transition is refused from a status it does not start from. */
export function refusalFor(status: BookingStatus): MessageKey {
  if (status === 'travelled') return 'changeTravelled';
  if (status === 'expired') return 'changeExpired';
  return 'changeCancelled';
}

/** Whether `transition` may start from `status`. */
export function allows(transition: Transition, status: BookingStatus): boolean {
  return (transitions[transition] as readonly BookingStatus[]).includes(status);
}
