import dayjs from 'dayjs';
import type { MessageKey } from '../messages.ts';
import { allows, type BookingStatus, refusalFor } from './booking-status.ts';

/**
 * Changes and cancellations under the tour's terms (issue 27; docs/changes.md explains the model).
 * `quoteChange` is pure: the portal's preview and the server's change both get their figures from
 * it, and the server alone decides what it is given (the booking's ledger, the tour's policy, the
 * agency's today, and for a re-priced change the catalogue's prices). Money in cents.
 */

/** A window of the cancellation policy: with `daysBefore` days or fewer left, keep this share. */
export interface PolicyWindow {
  daysBefore: number;
  keepPercent: number;
}

/** A tour's change policy, for its public or its corporate bookings (a row of change_policies). */
export interface ChangePolicy {
  /** The share of the price kept by days left before travel; none applies further ahead. */
  windows: PolicyWindow[];
  /** The deposit (half of the passengers and hotels) is not given back once paid. */
  keepDeposit: boolean;
  /**
   * What the agency buys for each traveller once a booking is confirmed and cannot get back:
   * the Inca Trail permit (permit-bound tours only), entrance tickets, train tickets.
   */
  permitCents: number;
  entranceCents: number;
  trainCents: number;
  /** The fee per traveller for moving the date of a permit-bound tour whose permits are bought. */
  dateChangeFeeCents: number;
  /** The fee for changing a permit holder's name or passport once the permits are bought. */
  nameChangeFeeCents: number;
  /** Changes (not cancellations) are taken until this many days before travel. */
  lastChangeDays: number;
}

export const policyAudiences = ['standard', 'corporate'] as const;
export type PolicyAudience = (typeof policyAudiences)[number];

/**
 * The spec's terms as policies (SPEC "Terms" and "Corporate terms"): the seed of every tour's
 * policy, and the policy of a tour that has none.
 * - Standard: the 50 % deposit is non-refundable; cancelling 30–11 days before keeps 50 %, 10–4
 *   days 80 %, 3 days or fewer 100 %; a permit bought again costs 115 USD.
 * - Corporate: 30–10 days 50 %, 9–3 days 80 %, 2 days or fewer 100 %; no deposit (on credit).
 * Ticket costs are the agency's to set per tour (0 until it does).
 */
export const SPEC_POLICIES: Record<PolicyAudience, ChangePolicy> = {
  standard: {
    windows: [
      { daysBefore: 30, keepPercent: 50 },
      { daysBefore: 10, keepPercent: 80 },
      { daysBefore: 3, keepPercent: 100 },
    ],
    keepDeposit: true,
    permitCents: 0,
    entranceCents: 0,
    trainCents: 0,
    dateChangeFeeCents: 11500,
    nameChangeFeeCents: 11500,
    lastChangeDays: 4,
  },
  corporate: {
    windows: [
      { daysBefore: 30, keepPercent: 50 },
      { daysBefore: 9, keepPercent: 80 },
      { daysBefore: 2, keepPercent: 100 },
    ],
    keepDeposit: false,
    permitCents: 0,
    entranceCents: 0,
    trainCents: 0,
    dateChangeFeeCents: 11500,
    nameChangeFeeCents: 11500,
    lastChangeDays: 3,
  },
};

/** The booking as a change sees it (read by the server, under the booking's lock). */
export interface ChangeBooking {
  status: BookingStatus;
  travelDate: string;
  /** On credit (a corporate client's): its changes adjust what the company owes. */
  onCredit: boolean;
  /** What the booking costs now: purchases and additions less discounts. */
  costCents: number;
  /** Paid, net of refunds. */
  paidCents: number;
  /** Half of the passengers and hotels (`partialAmountCents`). */
  depositCents: number;
  travellers: number;
  /** The tour needs Inca Trail permits. */
  permitBound: boolean;
  /**
   * The booking has been confirmed (its deposit down, or on credit): its permits and tickets are
   * bought. It stays so after a change that raises its deposit above what was paid, so that no
   * change makes a deposit refundable.
   */
  bought: boolean;
  /** What earlier changes charged and kept for good (a removed passenger's share, fees). */
  retainedCents: number;
  /** The strictest share of the policy the booking reached before a date move (0–100). */
  lockedKeepPercent: number;
}

/** A change that the catalogue re-prices: the caller gives the price before and after. */
export interface RepricedChange {
  kind: 'date' | 'option' | 'removePassenger' | 'addPassenger';
  /** The catalogue's price of the booking's passengers and hotels now, and after the change. */
  priceBeforeCents: number;
  priceAfterCents: number;
  /** Travellers leaving (a removal) or joining (an addition). */
  travellersOut?: number;
}

export type Change = { kind: 'cancel'; by: 'customer' | 'agency' } | RepricedChange;

/** A line of a quote, with the reason shown to the customer (a message key and its values). */
export interface QuoteLine {
  kind: 'price' | 'kept' | 'fee' | 'forgiven' | 'refund';
  cents: number;
  reason: MessageKey;
  params?: Record<string, number>;
}

export interface ChangeQuote {
  lines: QuoteLine[];
  /** Given back (to the card, or as a credit). */
  refundCents: number;
  /** Fees charged by the change. */
  feeCents: number;
  /** What the booking costs after the change (money kept included). */
  totalCents: number;
  /** What is still owed after the change and its refund. */
  balanceCents: number;
  /** Whole days left before travel, in Cusco. */
  daysBefore: number;
  /** The share of the price the policy keeps at this date. */
  keepPercent: number;
}

export type ChangeQuoteResult =
  | { ok: true; quote: ChangeQuote }
  | { ok: false; error: MessageKey; params?: Record<string, number> };

/** Whole days from the agency's `today` to `travelDate` (0 on the day, negative after). */
export function daysBefore(travelDate: string, today: string): number {
  return dayjs(travelDate).diff(dayjs(today), 'day');
}

/** The share the policy keeps with `days` left: the narrowest window that holds it, else 0. */
export function keepPercentAt(policy: ChangePolicy, days: number): number {
  let chosen: PolicyWindow | undefined;
  for (const window of policy.windows) {
    if (days <= window.daysBefore && (!chosen || window.daysBefore < chosen.daysBefore)) {
      chosen = window;
    }
  }
  return chosen?.keepPercent ?? 0;
}

/** `cents` × `percent` %, rounded to the cent (half up). */
const share = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/** The largest of `lines`; the first of equal ones. */
function largestOf(lines: QuoteLine[]): QuoteLine {
  let largest = lines[0] as QuoteLine;
  for (const line of lines) if (line.cents > largest.cents) largest = line;
  return largest;
}

/** The half of a price that is its deposit (`partialAmountCents`, hotels included in `price`). */
const depositOfPrice = (priceCents: number) => Math.floor(Math.max(priceCents, 0) / 200) * 100;

/** What the agency cannot get back for `travellers` travellers of a confirmed booking. */
function ticketsCents(policy: ChangePolicy, booking: ChangeBooking, travellers: number): number {
  const permit = booking.permitBound ? policy.permitCents : 0;
  return travellers * (permit + policy.entranceCents + policy.trainCents);
}

/**
 * What a cancellation keeps of a booking's price, one line for each reason: what earlier changes
 * kept for good (for travellers gone, or fees), then the largest of the window's share of the
 * rest, the deposit and the tickets bought for the travellers on it; never more than the price. A booking never confirmed (its hold running or ended, never
 * its deposit down) bought nothing: it keeps nothing. The agency's own cancellation keeps nothing.
 */
function keptByCancellation(
  booking: ChangeBooking,
  policy: ChangePolicy,
  keepPercent: number,
  by: 'customer' | 'agency',
): QuoteLine[] {
  if (by === 'agency' || !booking.bought) return [];
  const cost = Math.max(booking.costCents, 0);
  const retained = Math.min(booking.retainedCents, cost);
  const lines: QuoteLine[] = [];
  if (retained > 0) lines.push({ kind: 'kept', cents: retained, reason: 'changeKeptEarlier' });
  const rest = largestOf([
    {
      kind: 'kept',
      cents: share(cost - retained, keepPercent),
      reason: 'changeKeptWindow',
      params: { percent: keepPercent },
    },
    {
      kind: 'kept',
      cents: policy.keepDeposit ? booking.depositCents : 0,
      reason: 'changeKeptDeposit',
    },
    {
      kind: 'kept',
      cents: ticketsCents(policy, booking, booking.travellers),
      reason: 'changeKeptTickets',
      params: { count: booking.travellers },
    },
  ]);
  const cents = Math.min(rest.cents, cost - retained);
  if (cents > 0) lines.push({ ...rest, cents });
  return lines;
}

/**
 * What a change that lowers the price keeps of what it takes off (a confirmed booking): the
 * largest of the window's share of it, the deposit it frees, and the tickets bought for the
 * travellers leaving; never more than it takes off. A customer's is kept only out of what they
 * paid beyond the new price (it lowers their refund, it never makes them owe more); a company
 * owes it, as its terms say.
 */
function keptOfDecrease(
  booking: ChangeBooking,
  change: RepricedChange,
  policy: ChangePolicy,
  keepPercent: number,
): QuoteLine | null {
  // A change that does not lower the price keeps nothing (the cap below is then 0).
  const decrease = change.priceBeforeCents - change.priceAfterCents;
  if (!booking.bought) return null;
  const leaving = change.kind === 'removePassenger' ? (change.travellersOut ?? 1) : 0;
  const depositFreed =
    depositOfPrice(change.priceBeforeCents) - depositOfPrice(change.priceAfterCents);
  const kept = largestOf([
    {
      kind: 'kept',
      cents: share(decrease, keepPercent),
      reason: 'changeKeptWindow',
      params: { percent: keepPercent },
    },
    { kind: 'kept', cents: policy.keepDeposit ? depositFreed : 0, reason: 'changeKeptDeposit' },
    {
      kind: 'kept',
      cents: ticketsCents(policy, booking, leaving),
      reason: 'changeKeptTickets',
      params: { count: leaving },
    },
  ]);
  const paidBeyond = booking.paidCents - (booking.costCents - decrease);
  const cap = booking.onCredit ? decrease : Math.min(decrease, Math.max(paidBeyond, 0));
  const cents = Math.min(kept.cents, cap);
  return cents > 0 ? { ...kept, cents } : null;
}

/** Refused before any figure: the status, and the policy's last day for a change. */
function refusal(
  booking: ChangeBooking,
  change: Change,
  policy: ChangePolicy,
  days: number,
): ChangeQuoteResult | null {
  if (change.kind === 'cancel') {
    if (!allows('cancel', booking.status)) return { ok: false, error: refusalFor(booking.status) };
    return null;
  }
  if (!allows('change', booking.status)) return { ok: false, error: refusalFor(booking.status) };
  if (days < policy.lastChangeDays) {
    return { ok: false, error: 'changeTooLate', params: { count: policy.lastChangeDays } };
  }
  return null;
}

/**
 * Closes a quote: the booking's new cost (`totalCents`), what is refunded (what was paid beyond
 * it; a customer's unpaid part of what a cancellation keeps is forgiven, a company's is owed),
 * and the balance left.
 */
function settle(
  booking: ChangeBooking,
  lines: QuoteLine[],
  totalCents: number,
  feeCents: number,
  extra: { daysBefore: number; keepPercent: number; forgiveUnpaid: boolean },
): ChangeQuote {
  let total = totalCents;
  const paid = Math.max(booking.paidCents, 0);
  if (extra.forgiveUnpaid && total > paid) {
    lines.push({ kind: 'forgiven', cents: total - paid, reason: 'changeForgiven' });
    total = paid;
  }
  const refundCents = Math.max(0, paid - total);
  if (refundCents > 0) {
    lines.push({
      kind: 'refund',
      cents: refundCents,
      reason: booking.onCredit ? 'changeRefundCredit' : 'changeRefund',
    });
  }
  return {
    lines,
    refundCents,
    feeCents,
    totalCents: total,
    balanceCents: total - paid + refundCents,
    daysBefore: extra.daysBefore,
    keepPercent: extra.keepPercent,
  };
}

/**
 * What `change` would do to `booking` under `policy` on the agency's `today`: the refund, the
 * fee, the new total and balance, and a line with its reason for each. Never refunds more than
 * was paid, never a negative amount.
 *
 * - Cancel: the policy keeps the largest of its window's share, the deposit and the tickets
 *   bought (nothing for a booking never confirmed, nothing when the agency cancels); the rest of
 *   what was paid is refunded. A customer is not chased for the part kept that they had not paid;
 *   a company owes it.
 * - A re-priced change (date, type or category, a passenger removed or added): the booking costs
 *   the difference of the catalogue's prices more or less; a removal keeps the window's share of
 *   the price it takes off (and the departing travellers' tickets); moving the date of a
 *   permit-bound tour with its permits bought costs the policy's fee per traveller.
 */
export function quoteChange(
  booking: ChangeBooking,
  change: Change,
  policy: ChangePolicy,
  today: string,
): ChangeQuoteResult {
  const days = daysBefore(booking.travelDate, today);
  const refused = refusal(booking, change, policy, days);
  if (refused) return refused;
  // A date moved earlier keeps the strictest share it had reached (no window is reset).
  const keepPercent = Math.max(keepPercentAt(policy, days), booking.lockedKeepPercent);
  if (change.kind === 'cancel') {
    const kept = keptByCancellation(booking, policy, keepPercent, change.by);
    const keptCents = kept.reduce((sum, line) => sum + line.cents, 0);
    return {
      ok: true,
      quote: settle(booking, kept, keptCents, 0, {
        daysBefore: days,
        keepPercent: change.by === 'agency' ? 0 : keepPercent,
        forgiveUnpaid: !booking.onCredit,
      }),
    };
  }
  const lines: QuoteLine[] = [];
  const delta = change.priceAfterCents - change.priceBeforeCents;
  let total = booking.costCents + delta;
  if (delta !== 0) {
    lines.push({ kind: 'price', cents: delta, reason: priceReason(change.kind) });
  }
  const kept = keptOfDecrease(booking, change, policy, keepPercent);
  if (kept) {
    lines.push(kept);
    total += kept.cents;
  }
  let feeCents = 0;
  if (change.kind === 'date' && booking.permitBound && booking.bought) {
    feeCents = booking.travellers * policy.dateChangeFeeCents;
    if (feeCents > 0) {
      lines.push({
        kind: 'fee',
        cents: feeCents,
        reason: 'changeFeePermits',
        params: { count: booking.travellers },
      });
    }
  }
  total = Math.max(total + feeCents, 0);
  return {
    ok: true,
    quote: settle(booking, lines, total, feeCents, {
      daysBefore: days,
      keepPercent,
      forgiveUnpaid: false,
    }),
  };
}

function priceReason(kind: RepricedChange['kind']): MessageKey {
  if (kind === 'date') return 'changePriceDate';
  if (kind === 'option') return 'changePriceOption';
  if (kind === 'addPassenger') return 'changePriceAdded';
  return 'changePriceRemoved';
}
