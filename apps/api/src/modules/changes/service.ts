import { randomUUID } from 'node:crypto';
import {
  type BookingStatus,
  bookingStatus,
  type Canceller,
  type Change,
  type ChangeQuote,
  type ChangeQuoteAnswer,
  type ChangeRequestParsed,
  dollarsText,
  type Language,
  type MessageKey,
  partialAmountCents,
  quoteChange,
} from '@cusco/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { isLockNotAvailable } from '../../db/errors.ts';
import { bookings, tours } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PaymentGateway } from '../../gateways/gateway.ts';
import { once, type StoredAnswer } from '../../lib/idempotency.ts';
import { findVisibleBooking, normalizeCode, type Reader } from '../access/bookings.ts';
import { recordAudit } from '../audit/record.ts';
import { statusOf } from '../lifecycle/status.ts';
import { recordConfirmation } from '../lifecycle/transitions.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import { settleDecidedAttempts } from '../payments/attempts.ts';
import { toQuoteAnswer } from './answer.ts';
import { applyCancel } from './cancel.ts';
import { applyChange } from './change.ts';
import { type BookingRow, type ChangeContext, changeContext } from './facts.ts';
import { planRefund } from './refund-plan.ts';
import { type Repricing, reprice } from './reprice.ts';

/**
 * Changes and cancellations of a booking (issue 27): the customer's, and staff's on their behalf
 * or the agency's own. A quote and the change itself run the same code on the same facts, read
 * by the server under the booking's lock; the change is one transaction (status, seats, ledger,
 * refunds, the e-mail, the audit trail), answered once per Idempotency-Key.
 */

/** Who asks for a change, and how. */
export interface ChangeCaller {
  /** Whose bookings they may change: a customer's (and their company's), or 'staff': any. */
  reader: Reader | 'staff';
  /** Who acts, for the audit trail: the customer, or the member of staff. */
  actorUserId: string;
  language: Language;
  gateway: PaymentGateway;
  /** Staff acting for the agency: its cancellation gives everything back. */
  byAgency?: boolean;
  /** Why (staff's reason; the customer's cancellation says who). */
  reason?: string;
  /** Staff's refund instead of the policy's, in cents (never above what was paid). */
  overrideRefundCents?: number;
}

/** The booking named `code`, if the caller may change it; 404 otherwise. */
async function findBooking(db: Database, caller: ChangeCaller, code: string) {
  if (caller.reader !== 'staff') return findVisibleBooking(db, caller.reader, code);
  const [booking] = await db
    .select()
    .from(bookings)
    .where(eq(bookings.code, normalizeCode(code)));
  if (!booking) throw new AppError('NOT_FOUND', 'bookingNotFound');
  return booking;
}

/**
 * Who cancels: the agency when staff say so, or when the agency had called the departure off (its
 * customer then gets everything back, as the agency's own cancellation gives).
 */
const cancellerOf = (caller: ChangeCaller, context: ChangeContext): Canceller =>
  caller.byAgency || context.calledOff ? 'agency' : 'customer';

/** The change `quoteChange` takes for `request`, and for a re-priced one what it becomes. */
async function changeFor(
  tx: Transaction,
  context: ChangeContext,
  request: ChangeRequestParsed,
  caller: ChangeCaller,
): Promise<{ change: Change; repricing: Repricing | null }> {
  if (request.kind === 'cancel') {
    return { change: { kind: 'cancel', by: cancellerOf(caller, context) }, repricing: null };
  }
  // Only a cancellation is the agency's own, and only its refund can be set by staff.
  if (caller.byAgency || caller.overrideRefundCents !== undefined) {
    throw new AppError('VALIDATION', 'invalidInput', { field: 'change' });
  }
  // Refused before anything is priced: a booking that no longer stands, or too late a change.
  const refused = quoteChange(
    context.facts,
    { kind: request.kind, priceBeforeCents: 0, priceAfterCents: 0 },
    context.policy,
    context.today,
  );
  if (!refused.ok) throw refusal(refused);
  const repricing = await reprice(tx, context.booking, request, caller.language);
  return { change: repricing.change, repricing };
}

function refusal(result: { error: MessageKey; params?: Record<string, number> }) {
  return new AppError(
    'BUSINESS_RULE',
    result.error,
    result.params ? { params: result.params } : {},
  );
}

/** The quote of `request` on the booking as `context` read it, and where its refund goes. */
async function quoteOn(
  tx: Transaction,
  context: ChangeContext,
  request: ChangeRequestParsed,
  caller: ChangeCaller,
) {
  const { change, repricing } = await changeFor(tx, context, request, caller);
  const result = quoteChange(context.facts, change, context.policy, context.today);
  if (!result.ok) throw refusal(result);
  const quote =
    caller.overrideRefundCents === undefined
      ? result.quote
      : overridden(result.quote, context, caller.overrideRefundCents);
  const plan = await planRefund(tx, context, quote, request.refundTo);
  return { quote, plan, repricing };
}

/**
 * A quote whose refund staff set (with a reason, audited): at most what was paid, to the cent;
 * the booking then keeps what was paid less the refund, and owes nothing more.
 */
function overridden(quote: ChangeQuote, context: ChangeContext, refundCents: number): ChangeQuote {
  const paid = Math.max(context.facts.paidCents, 0);
  if (refundCents > paid) {
    throw new AppError('BUSINESS_RULE', 'refundOverPaid', {
      field: 'overrideRefund',
      params: { refundable: dollarsText(paid) },
    });
  }
  const kept = paid - refundCents;
  const lines: ChangeQuote['lines'] = [];
  if (kept > 0) lines.push({ kind: 'kept', cents: kept, reason: 'changeKeptOverride' });
  if (refundCents > 0) lines.push({ kind: 'refund', cents: refundCents, reason: 'changeRefund' });
  return { ...quote, lines, refundCents, totalCents: kept, balanceCents: 0 };
}

/**
 * The status a quoted change would leave: a cancellation's; or, for a re-priced change, shared's
 * rule on the booking as the change leaves it (it holds its seats: a change that un-confirms it
 * starts a new hold).
 */
function statusAfter(
  caller: ChangeCaller,
  context: ChangeContext,
  { quote, repricing }: Pick<Awaited<ReturnType<typeof quoteOn>>, 'quote' | 'repricing'>,
): BookingStatus {
  if (!repricing) {
    return cancellerOf(caller, context) === 'agency'
      ? 'cancelled_by_agency'
      : 'cancelled_by_customer';
  }
  return bookingStatus({
    cancelledBy: null,
    holdsSeats: true,
    onCredit: context.facts.onCredit,
    // A reseller's hold is never changed, only confirmed or cancelled (transitions.change).
    onHold: false,
    travelDate: repricing.travelDate,
    today: context.today,
    paidCents: context.facts.paidCents - quote.refundCents,
    depositCents: partialAmountCents(repricing.quote.passengersCents, repricing.quote.hotelsCents),
    debtCents: quote.balanceCents,
  });
}

/** Carries a quote out of the transaction that computed it, which is then rolled back. */
class Quoted extends Error {
  constructor(readonly answer: ChangeQuoteAnswer) {
    super('quoted');
  }
}

/**
 * POST tour/booking/{code}/changes/quote: what `request` would do to the booking, computed as the
 * change would be, in a transaction that is always rolled back: a quote writes nothing (not even
 * the departure row a first booking of a day makes), whatever the checks it runs.
 */
export async function quoteBookingChange(
  db: Database,
  caller: ChangeCaller,
  code: string,
  request: ChangeRequestParsed,
): Promise<ChangeQuoteAnswer> {
  const visible = await findBooking(db, caller, code);
  try {
    await db.transaction(async (tx) => {
      const context = await changeContext(tx, visible);
      const quoted = await quoteOn(tx, context, request, caller);
      const { quote, plan } = quoted;
      throw new Quoted(
        toQuoteAnswer(request.kind, quote, plan, {
          paidCents: context.facts.paidCents,
          onCredit: context.facts.onCredit,
          status: statusAfter(caller, context, quoted),
          language: caller.language,
          audience: caller.reader === 'staff' ? 'staff' : 'customer',
        }),
      );
    });
  } catch (error) {
    if (error instanceof Quoted) return error.answer;
    throw error;
  }
  throw new Error('the quote was not computed');
}

/** How long a change waits for the booking's lock before it is refused. */
const CHANGE_LOCK_WAIT = '2s';

/**
 * Locks the booking for a change, waiting at most `CHANGE_LOCK_WAIT`: a change while another
 * change (or a payment) of the same booking is being made is refused (409 `changeRaced`) rather
 * than made on what the customer no longer sees. It waits that long for the short locks of the
 * background work (the receipts sweeper locks each booking it passes over): refused at once, a
 * customer's change met them at random on a busy machine (a browser test, once).
 */
async function lockForChange(tx: Transaction, bookingId: string): Promise<BookingRow> {
  try {
    await tx.execute(sql.raw(`set local lock_timeout = '${CHANGE_LOCK_WAIT}'`));
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    // The rest of the change waits for its locks as every other statement does.
    await tx.execute(sql.raw('set local lock_timeout = 0'));
    if (!row) throw new AppError('NOT_FOUND', 'bookingNotFound');
    return row;
  } catch (error) {
    if (isLockNotAvailable(error)) throw new AppError('CONFLICT', 'changeRaced');
    throw error;
  }
}

/**
 * Carries out a quoted change on a locked booking, with its audit entry and its e-mail, in the
 * caller's transaction; answers the booking's status after it.
 */
async function carryOut(
  tx: Transaction,
  caller: ChangeCaller,
  context: ChangeContext,
  { quote, plan, repricing }: Awaited<ReturnType<typeof quoteOn>>,
  request: ChangeRequestParsed,
) {
  const { booking } = context;
  const done = repricing
    ? await applyChange(tx, caller.gateway, context, quote, plan, repricing)
    : await applyCancel(tx, caller.gateway, context, quote, plan, {
        canceller: cancellerOf(caller, context),
        reason: caller.reason ?? '',
      });
  const status = await statusOf(tx, booking.id);
  await recordAudit(tx, {
    staffUserId: caller.actorUserId,
    action: auditAction(request, caller, context),
    bookingId: booking.id,
    subjectId: booking.id,
    before: done.audit.before,
    after: { ...done.audit.after, status, reason: caller.reason ?? '' },
  });
  await enqueueMail(tx, {
    kind: 'booking_changed',
    subjectId: booking.id,
    // A booking is cancelled once; it may change many times, each its own e-mail.
    reason: request.kind === 'cancel' ? 'cancel' : randomUUID(),
    userId: booking.userId,
    bookingId: booking.id,
    data: {
      change: request.kind,
      status,
      travelDate: repricing?.travelDate ?? booking.travelDate,
      refundCents: quote.refundCents,
      cardCents: plan.cardCents,
      creditCents: plan.creditCents,
      feeCents: quote.feeCents,
      totalCents: quote.totalCents,
      balanceCents: quote.balanceCents,
    },
  });
  return { status, quote, plan };
}

function auditAction(
  request: ChangeRequestParsed,
  caller: ChangeCaller,
  context: ChangeContext,
): string {
  if (request.kind !== 'cancel') return `booking.change-${request.kind}`;
  return cancellerOf(caller, context) === 'agency' ? 'booking.cancel-by-agency' : 'booking.cancel';
}

/**
 * Cancels a booking already locked by the caller's transaction, under its policy, refunding to
 * the cards that paid (the rest to the customer's credit): an accepted request to remove every
 * passenger (incidents/removal.ts) is this cancellation.
 */
export async function cancelLockedBooking(
  tx: Transaction,
  caller: ChangeCaller,
  booking: BookingRow,
) {
  const request: ChangeRequestParsed = { kind: 'cancel', refundTo: 'card' };
  await recordConfirmation(tx, booking.id);
  const context = await changeContext(tx, booking);
  const quoted = await quoteOn(tx, context, request, caller);
  return carryOut(tx, caller, context, quoted, request);
}

/** POST tour/booking/{code}/changes: makes the change, and answers what it did. */
export async function makeBookingChange(
  db: Database,
  caller: ChangeCaller,
  code: string,
  request: ChangeRequestParsed,
  key: string | undefined,
): Promise<StoredAnswer<ChangeQuoteAnswer> & { tourCode: string }> {
  const visible = await findBooking(db, caller, code);
  // What a gateway already took is recorded first, so that the change is decided on the truth.
  await settleDecidedAttempts(db, caller.gateway, visible.id);
  const scope = `booking.change:${visible.id}`;
  const body = {
    request,
    byAgency: caller.byAgency ?? false,
    reason: caller.reason ?? '',
    overrideRefundCents: caller.overrideRefundCents ?? null,
  };
  const answer = await once(db, { userId: caller.actorUserId, scope, key, body }, async (tx) => {
    const booking = await lockForChange(tx, visible.id);
    await recordConfirmation(tx, booking.id);
    const context = await changeContext(tx, booking);
    const quoted = await quoteOn(tx, context, request, caller);
    const { quote, plan } = quoted;
    const { status } = await carryOut(tx, caller, context, quoted, request);
    return {
      statusCode: 201,
      body: toQuoteAnswer(request.kind, quote, plan, {
        paidCents: context.facts.paidCents,
        onCredit: context.facts.onCredit,
        status,
        language: caller.language,
        audience: caller.reader === 'staff' ? 'staff' : 'customer',
      }),
    };
  });
  const [tour] = await db
    .select({ code: tours.code })
    .from(tours)
    .where(eq(tours.id, visible.tourId));
  return { ...answer, tourCode: tour?.code ?? '' };
}
