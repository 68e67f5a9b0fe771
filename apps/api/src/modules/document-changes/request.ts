import { type DocumentChangeItem, fromCents, todayInLima } from '@cusco/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { bookings, clients, documentChangeRequests, passengerSlots } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { findVisibleBooking, lockBooking, type Reader } from '../access/bookings.ts';
import { recordAudit } from '../audit/record.ts';
import { slotLocks } from '../operations/locks.ts';
import { findVisibleSlot } from '../passengers/access.ts';
import { customerItem } from './read.ts';
import type { DocumentChangeForm } from './scans.ts';
import { type ChangeableField, checkOptionValues, diffValues, parseFields } from './values.ts';
import { assertOpen, changeWindow } from './window.ts';

/**
 * A customer's side of a document change (issue 29, ADR 0044): asking for one for a locked
 * traveller of a booking they may see, and withdrawing it while it waits. Each runs under the
 * booking's row lock and writes its audit entry (the customer as actor) in its transaction.
 */

export interface RequestInput {
  user: Reader;
  code: string;
  slotId: string;
  form: DocumentChangeForm;
  /** The agency's today; a parameter so that tests can fix it. */
  today?: string;
}

/** The traveller in a slot now (its record's changeable values), read under the booking's lock. */
async function travellerOf(tx: Executor, slotId: string) {
  const [row] = await tx
    .select({
      clientId: clients.id,
      lastName: clients.lastName,
      documentNumber: clients.documentNumber,
      documentTypeId: clients.documentTypeId,
      countryId: clients.countryId,
    })
    .from(passengerSlots)
    .innerJoin(clients, eq(clients.id, passengerSlots.clientId))
    .where(eq(passengerSlots.id, slotId));
  return row;
}

/**
 * POST tour/booking/{code}/passengers/{slotId}/document-change: refused when the booking no
 * longer stands or its last day for changes has passed (422, naming the day), when the traveller
 * is not locked (422: their data is edited directly), when nothing would change (422), and when a
 * request of the traveller is already waiting (409, also for two sent at once: the unique key on
 * open requests has the last word). Keeps the scans and the fee the tour's policy asks now.
 */
export async function requestDocumentChange(
  db: Database,
  input: RequestInput,
): Promise<DocumentChangeItem> {
  const today = input.today ?? todayInLima();
  const slot = await findVisibleSlot(db, input.user, input.slotId, input.code);
  const asked = parseFields(input.form.fields);
  try {
    return await db.transaction(async (tx) => {
      const booking = await lockBooking(tx, eq(bookings.id, slot.bookingId));
      const window = await changeWindow(tx, booking, today);
      assertOpen(window, today);
      const lock = (await slotLocks(tx, [slot.id])).get(slot.id);
      const traveller = lock ? await travellerOf(tx, slot.id) : undefined;
      if (!lock || !traveller) throw new AppError('BUSINESS_RULE', 'docChangeNotLocked');
      const { changes, previous } = diffValues(traveller, asked);
      if (Object.keys(changes).length === 0) {
        throw new AppError('BUSINESS_RULE', 'docChangeNothing');
      }
      await checkOptionValues(tx, changes);
      const waiting = await tx
        .select({ id: documentChangeRequests.id })
        .from(documentChangeRequests)
        .where(
          and(
            eq(documentChangeRequests.passengerSlotId, slot.id),
            eq(documentChangeRequests.status, 'requested'),
          ),
        );
      if (waiting.length > 0) throw new AppError('CONFLICT', 'docChangeOpen');
      const [written] = await tx
        .insert(documentChangeRequests)
        .values({
          bookingId: booking.id,
          passengerSlotId: slot.id,
          changes,
          previous,
          oldScanMime: input.form.oldDocument.mime,
          oldScan: input.form.oldDocument.bytes,
          newScanMime: input.form.newDocument.mime,
          newScan: input.form.newDocument.bytes,
          feeCents: window.feeCents,
          requestedBy: input.user.userId,
        })
        .returning({ id: documentChangeRequests.id });
      if (!written) throw new Error('the document change was not written');
      await recordAudit(tx, {
        staffUserId: input.user.userId,
        action: 'document_change.request',
        bookingId: booking.id,
        subjectId: written.id,
        before: Object.fromEntries(
          Object.keys(changes).map((field) => [field, previous[field as ChangeableField] ?? null]),
        ),
        after: { ...changes, status: 'requested', fee: fromCents(window.feeCents) },
      });
      return customerItem(tx, booking.id, written.id);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'document_change_requests_open_unique')) {
      throw new AppError('CONFLICT', 'docChangeOpen');
    }
    throw error;
  }
}

/**
 * POST tour/booking/{code}/document-changes/{id}/withdraw: the customer takes back a request
 * still waiting (409 once answered or withdrawn; 404 for another's).
 */
export async function withdrawDocumentChange(
  db: Database,
  user: Reader,
  code: string,
  id: string,
): Promise<DocumentChangeItem> {
  const visible = await findVisibleBooking(db, user, code);
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, eq(bookings.id, visible.id));
    const [request] = await tx
      .select({ status: documentChangeRequests.status })
      .from(documentChangeRequests)
      .where(
        and(eq(documentChangeRequests.id, id), eq(documentChangeRequests.bookingId, booking.id)),
      )
      .for('update');
    if (!request) throw new AppError('NOT_FOUND', 'notFound');
    if (request.status !== 'requested') throw new AppError('CONFLICT', 'docChangeDecided');
    await tx
      .update(documentChangeRequests)
      .set({ status: 'withdrawn', decidedBy: user.userId, decidedAt: sql`now()` })
      .where(eq(documentChangeRequests.id, id));
    await recordAudit(tx, {
      staffUserId: user.userId,
      action: 'document_change.withdraw',
      bookingId: booking.id,
      subjectId: id,
      before: { status: 'requested' },
      after: { status: 'withdrawn' },
    });
    return customerItem(tx, booking.id, id);
  });
}
