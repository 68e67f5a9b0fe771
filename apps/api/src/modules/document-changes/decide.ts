import {
  allows,
  type DocumentChangeDecision,
  type DocumentChangeValues,
  fromCents,
  type Language,
  type PurchaseKind,
  refusalFor,
  todayInLima,
} from '@cusco/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  bookings,
  clients,
  documentChangeRequests,
  ledgerEntries,
  passengerSlots,
  personPurchases,
  tourPurchaseItems,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { lockBookings } from '../access/bookings.ts';
import { recordAudit } from '../audit/record.ts';
import { ledgerTotals } from '../ledger/ledger.ts';
import { statusOf } from '../lifecycle/status.ts';
import { slotLocks } from '../operations/locks.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import { bookingsOfClient } from '../passengers/access.ts';
import { getAdminDocumentChange } from './read.ts';

/**
 * Staff's side of a document change (issue 29, ADR 0044): confirming it once the new permit is
 * bought, or refusing it with a reason for the customer. The confirmation is the one sanctioned
 * way to change a locked traveller's data: in one transaction, under the locks of every booking
 * the traveller's record is seated on, it writes the new data, cancels the purchase of the item
 * that locked them and records it bought again with the new permit's reference, adds the fee to
 * the booking's ledger, and writes its audit entry and the customer's e-mail.
 */

export interface Staff {
  userId: string;
}

/** The ledger's description of a fee (bookings/detail-answer.ts names it for the customer). */
export const feeDescription = (id: string) => `document-change|${id}`;

/** The request's booking and slot; 404 when there is none. */
async function requestPlace(db: Executor, id: string) {
  const [found] = await db
    .select({
      bookingId: documentChangeRequests.bookingId,
      slotId: documentChangeRequests.passengerSlotId,
      clientId: passengerSlots.clientId,
    })
    .from(documentChangeRequests)
    .innerJoin(passengerSlots, eq(passengerSlots.id, documentChangeRequests.passengerSlotId))
    .where(eq(documentChangeRequests.id, id));
  if (!found) throw new AppError('NOT_FOUND', 'notFound');
  return found;
}

/** The request, locked for the rest of the transaction; 409 once it is no longer waiting. */
async function lockWaiting(tx: Transaction, id: string) {
  const [request] = await tx
    .select()
    .from(documentChangeRequests)
    .where(eq(documentChangeRequests.id, id))
    .for('update');
  if (!request) throw new AppError('NOT_FOUND', 'notFound');
  if (request.status !== 'requested') throw new AppError('CONFLICT', 'docChangeDecided');
  return request;
}

/** The booking's owner and language: who the e-mail goes to. */
async function bookingOf(tx: Executor, bookingId: string) {
  const [booking] = await tx
    .select({ id: bookings.id, userId: bookings.userId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) throw new AppError('NOT_FOUND', 'bookingNotFound');
  return booking;
}

/** The traveller's record gets the new values (the lock is not asked: this is the change). */
async function writeTraveller(tx: Transaction, clientId: string, changes: DocumentChangeValues) {
  await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update');
  await tx
    .update(clients)
    .set({
      ...changes,
      // Spec §5: changing the document type clears the document's expiry (the customer enters
      // the new one: it is not locked).
      ...(changes.documentTypeId !== undefined ? { documentExpiry: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(clients.id, clientId));
}

/**
 * Buys again, in the new name, the item that locked the traveller (the permit first, else the
 * first kind bought: `lockedReason`): each bought row of that kind is cancelled and recorded
 * bought again with the new reference and the data it was bought with, changed. Items of other
 * kinds (an entry, a train) keep their rows, bought with the old data: they are named so that
 * staff correct them with their issuer if needed.
 */
async function buyAgain(
  tx: Transaction,
  input: {
    slotId: string;
    kind: PurchaseKind;
    reference: string;
    boughtOn: string;
    changes: DocumentChangeValues;
    staffUserId: string;
  },
) {
  const bought = await tx
    .select({
      id: personPurchases.id,
      tourId: personPurchases.tourId,
      date: personPurchases.date,
      itemId: personPurchases.itemId,
      person: personPurchases.person,
      kind: tourPurchaseItems.kind,
      reference: personPurchases.reference,
    })
    .from(personPurchases)
    .innerJoin(tourPurchaseItems, eq(tourPurchaseItems.id, personPurchases.itemId))
    .where(
      and(eq(personPurchases.passengerSlotId, input.slotId), eq(personPurchases.status, 'bought')),
    )
    .for('update', { of: personPurchases });
  const again = bought.filter((row) => row.kind === input.kind);
  for (const row of again) {
    await tx
      .update(personPurchases)
      .set({ status: 'cancelled', cancelledAt: sql`now()` })
      .where(eq(personPurchases.id, row.id));
    await tx.insert(personPurchases).values({
      tourId: row.tourId,
      date: row.date,
      itemId: row.itemId,
      passengerSlotId: input.slotId,
      status: 'bought',
      reference: input.reference,
      boughtOn: input.boughtOn,
      person: { ...row.person, ...input.changes },
      recordedBy: input.staffUserId,
    });
  }
  return {
    kind: input.kind,
    previousReferences: again.map((row) => row.reference),
    keptWithOldData: bought.filter((row) => row.kind !== input.kind).map((row) => row.kind),
  };
}

export interface ConfirmInput {
  reference: string;
  boughtOn?: string | undefined;
  /** The agency's today; a parameter so that tests can fix it. */
  today?: string;
}

/**
 * POST admin/document-changes/{id}/confirm: 409 once the request is no longer waiting (a second
 * confirmation adds no second fee), 422 when the booking no longer stands or the traveller is no
 * longer locked (nothing to buy again: refuse it, they edit their data themselves).
 */
export async function confirmDocumentChange(
  db: Database,
  staff: Staff,
  id: string,
  input: ConfirmInput,
  language: Language,
): Promise<DocumentChangeDecision> {
  const today = input.today ?? todayInLima();
  const boughtOn = input.boughtOn ?? today;
  if (boughtOn > today) {
    throw new AppError('VALIDATION', 'docChangeBoughtAhead', { field: 'boughtOn' });
  }
  const place = await requestPlace(db, id);
  const debt = await db.transaction(async (tx) => {
    // Every booking the record is seated on, by id (the one lock order), then the request.
    const seated = place.clientId ? await bookingsOfClient(tx, place.clientId) : [];
    await lockBookings(tx, [...new Set([place.bookingId, ...seated])]);
    const request = await lockWaiting(tx, id);
    const status = await statusOf(tx, request.bookingId);
    if (!allows('change', status)) throw new AppError('BUSINESS_RULE', refusalFor(status));
    const [slot] = await tx
      .select({ clientId: passengerSlots.clientId })
      .from(passengerSlots)
      .where(eq(passengerSlots.id, request.passengerSlotId));
    const lock = (await slotLocks(tx, [request.passengerSlotId])).get(request.passengerSlotId);
    if (!lock || !slot?.clientId) throw new AppError('BUSINESS_RULE', 'docChangeNotLocked');
    const before = await ledgerTotals(tx, request.bookingId);

    await writeTraveller(tx, slot.clientId, request.changes);
    const rebought = await buyAgain(tx, {
      slotId: request.passengerSlotId,
      kind: lock.lockedReason,
      reference: input.reference,
      boughtOn,
      changes: request.changes,
      staffUserId: staff.userId,
    });
    if (request.feeCents > 0) {
      await tx.insert(ledgerEntries).values({
        bookingId: request.bookingId,
        kind: 'addition',
        amountCents: request.feeCents,
        description: feeDescription(id),
      });
    }
    await tx
      .update(documentChangeRequests)
      .set({ status: 'confirmed', decidedBy: staff.userId, decidedAt: sql`now()` })
      .where(eq(documentChangeRequests.id, id));
    const after = await ledgerTotals(tx, request.bookingId);

    await recordAudit(tx, {
      staffUserId: staff.userId,
      action: 'document_change.confirm',
      bookingId: request.bookingId,
      subjectId: id,
      before: {
        status: 'requested',
        debt: fromCents(before.debt),
        ...pick(request.previous, Object.keys(request.changes)),
        reference: rebought.previousReferences.join(', '),
      },
      after: {
        status: 'confirmed',
        debt: fromCents(after.debt),
        ...request.changes,
        reference: input.reference,
        boughtOn,
        item: rebought.kind,
        fee: fromCents(request.feeCents),
        keptWithOldData: rebought.keptWithOldData,
      },
    });
    const booking = await bookingOf(tx, request.bookingId);
    await enqueueMail(tx, {
      kind: 'document_change',
      subjectId: id,
      reason: 'confirmed',
      userId: booking.userId,
      bookingId: booking.id,
      data: { outcome: 'confirmed', feeCents: request.feeCents, changes: request.changes },
    });
    return after.debt;
  });
  return { request: await getAdminDocumentChange(db, id, language), debt: fromCents(debt) };
}

function pick(record: Record<string, string | null>, keys: string[]) {
  return Object.fromEntries(keys.map((key) => [key, record[key] ?? null]));
}

/**
 * POST admin/document-changes/{id}/refuse: the request ends with staff's reason, which the
 * customer reads (in the portal and the e-mail); nothing else changes. 409 once it is no longer
 * waiting.
 */
export async function refuseDocumentChange(
  db: Database,
  staff: Staff,
  id: string,
  reason: string,
  language: Language,
): Promise<DocumentChangeDecision> {
  const place = await requestPlace(db, id);
  const debt = await db.transaction(async (tx) => {
    await lockBookings(tx, [place.bookingId]);
    const request = await lockWaiting(tx, id);
    await tx
      .update(documentChangeRequests)
      .set({ status: 'refused', reason, decidedBy: staff.userId, decidedAt: sql`now()` })
      .where(eq(documentChangeRequests.id, id));
    await recordAudit(tx, {
      staffUserId: staff.userId,
      action: 'document_change.refuse',
      bookingId: request.bookingId,
      subjectId: id,
      before: { status: 'requested' },
      after: { status: 'refused', reason },
    });
    const booking = await bookingOf(tx, request.bookingId);
    await enqueueMail(tx, {
      kind: 'document_change',
      subjectId: id,
      reason: 'refused',
      userId: booking.userId,
      bookingId: booking.id,
      data: { outcome: 'refused', reason, changes: request.changes },
    });
    return (await ledgerTotals(tx, request.bookingId)).debt;
  });
  return { request: await getAdminDocumentChange(db, id, language), debt: fromCents(debt) };
}
