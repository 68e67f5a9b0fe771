import {
  type AdminDocumentChange,
  type AdminDocumentChangeQuery,
  type DocumentChangeItem,
  type DocumentChangeStatus,
  type DocumentChangesAnswer,
  fromCents,
  type Language,
  nameIn,
  todayInLima,
} from '@cusco/shared';
import { and, asc, desc, eq, inArray, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  clients,
  documentChangeRequests,
  passengerSlots,
  personPurchases,
  tourPurchaseItems,
  tours,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Page, readPage } from '../../lib/pagination.ts';
import { findVisibleBooking, normalizeCode, type Reader } from '../access/bookings.ts';
import { slotLocks } from '../operations/locks.ts';
import { changeWindow } from './window.ts';

/**
 * What customers and staff read of document change requests. A customer reads only their
 * bookings' requests, without any staff field (who decided, the scans, the new permit's
 * reference); staff read every request with the booking, the customer, both scans' types and
 * sizes and what is bought in the traveller's name.
 */

/** The columns of a request that a customer's item is made of. */
const itemColumns = {
  id: documentChangeRequests.id,
  passengerSlotId: documentChangeRequests.passengerSlotId,
  firstName: clients.firstName,
  lastName: clients.lastName,
  status: documentChangeRequests.status,
  changes: documentChangeRequests.changes,
  previous: documentChangeRequests.previous,
  feeCents: documentChangeRequests.feeCents,
  createdAt: documentChangeRequests.createdAt,
  decidedAt: documentChangeRequests.decidedAt,
  reason: documentChangeRequests.reason,
};

interface ItemRow {
  id: string;
  passengerSlotId: string;
  firstName: string | null;
  lastName: string | null;
  status: DocumentChangeStatus;
  changes: Record<string, string>;
  previous: Record<string, string | null>;
  feeCents: number;
  createdAt: Date;
  decidedAt: Date | null;
  reason: string;
}

function toItem(row: ItemRow): DocumentChangeItem {
  const values = (record: Record<string, string | null>) =>
    Object.fromEntries(
      Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== null),
    );
  return {
    id: row.id,
    passengerSlotId: row.passengerSlotId,
    passengerName: [row.firstName, row.lastName].filter(Boolean).join(' '),
    status: row.status,
    changes: values(row.changes),
    previous: values(row.previous),
    fee: fromCents(row.feeCents),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    reason: row.reason,
  };
}

/** A booking's requests, newest first, as its customer sees them. */
async function itemsOfBooking(db: Executor, bookingId: string): Promise<DocumentChangeItem[]> {
  const rows = await db
    .select(itemColumns)
    .from(documentChangeRequests)
    .innerJoin(passengerSlots, eq(passengerSlots.id, documentChangeRequests.passengerSlotId))
    .leftJoin(clients, eq(clients.id, passengerSlots.clientId))
    .where(eq(documentChangeRequests.bookingId, bookingId))
    .orderBy(desc(documentChangeRequests.createdAt), desc(documentChangeRequests.id));
  return rows.map(toItem);
}

/** One request of a booking, as its customer sees it; 404 when it is not that booking's. */
export async function customerItem(
  db: Executor,
  bookingId: string,
  id: string,
): Promise<DocumentChangeItem> {
  const [row] = await db
    .select(itemColumns)
    .from(documentChangeRequests)
    .innerJoin(passengerSlots, eq(passengerSlots.id, documentChangeRequests.passengerSlotId))
    .leftJoin(clients, eq(clients.id, passengerSlots.clientId))
    .where(and(eq(documentChangeRequests.id, id), eq(documentChangeRequests.bookingId, bookingId)));
  if (!row) throw new AppError('NOT_FOUND', 'notFound');
  return toItem(row);
}

/**
 * GET tour/booking/{code}/document-changes: the requests of a booking the user may see (404
 * otherwise), what a new one costs and until when, and which passengers are locked.
 */
export async function listDocumentChanges(
  db: Executor,
  user: Reader,
  code: string,
  today: string = todayInLima(),
): Promise<DocumentChangesAnswer> {
  const booking = await findVisibleBooking(db, user, code);
  const window = await changeWindow(db, booking, today);
  const slots = await db
    .select({ id: passengerSlots.id })
    .from(passengerSlots)
    .where(eq(passengerSlots.bookingId, booking.id))
    .orderBy(asc(passengerSlots.position));
  const locks = await slotLocks(
    db,
    slots.map((slot) => slot.id),
  );
  const requests = await itemsOfBooking(db, booking.id);
  const openBySlot = new Map(
    requests
      .filter((request) => request.status === 'requested')
      .map((request) => [request.passengerSlotId, request.id]),
  );
  return {
    fee: fromCents(window.feeCents),
    lastDay: window.lastDay,
    open: window.open,
    slots: slots.map((slot) => ({
      slotId: slot.id,
      locked: locks.has(slot.id),
      openRequestId: openBySlot.get(slot.id) ?? null,
    })),
    requests,
  };
}

// ---------------------------------------------------------------------------------------------
// Staff
// ---------------------------------------------------------------------------------------------

const customers = alias(users, 'doc_change_customers');
const requesters = alias(users, 'doc_change_requesters');
const deciders = alias(users, 'doc_change_deciders');
const nameOf = (table: { name: SQLWrapper; lastName: SQLWrapper }) =>
  sql<string>`${table.name} || ' ' || ${table.lastName}`;

function selectAdmin(db: Executor) {
  return db
    .select({
      ...itemColumns,
      bookingCode: bookings.code,
      tourEn: tours.nameEn,
      tourEs: tours.nameEs,
      tourCode: tours.code,
      travelDate: bookings.travelDate,
      customerName: nameOf(customers),
      customerEmail: customers.email,
      requestedBy: nameOf(requesters),
      decidedBy: sql<string | null>`${deciders.name} || ' ' || ${deciders.lastName}`,
      oldMime: documentChangeRequests.oldScanMime,
      oldSize: sql<number>`octet_length(${documentChangeRequests.oldScan})`.mapWith(Number),
      newMime: documentChangeRequests.newScanMime,
      newSize: sql<number>`octet_length(${documentChangeRequests.newScan})`.mapWith(Number),
      clientId: passengerSlots.clientId,
    })
    .from(documentChangeRequests)
    .innerJoin(bookings, eq(bookings.id, documentChangeRequests.bookingId))
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .innerJoin(customers, eq(customers.id, bookings.userId))
    .innerJoin(requesters, eq(requesters.id, documentChangeRequests.requestedBy))
    .leftJoin(deciders, eq(deciders.id, documentChangeRequests.decidedBy))
    .innerJoin(passengerSlots, eq(passengerSlots.id, documentChangeRequests.passengerSlotId))
    .leftJoin(clients, eq(clients.id, passengerSlots.clientId))
    .$dynamic();
}

type AdminRow = Awaited<ReturnType<typeof selectAdmin>>[number];

/** What is bought in the travellers' names, per slot, newest first. */
async function purchasesOf(db: Executor, slotIds: string[]) {
  const bySlot = new Map<string, AdminDocumentChange['purchases']>();
  if (slotIds.length === 0) return bySlot;
  const rows = await db
    .select({
      slotId: personPurchases.passengerSlotId,
      kind: tourPurchaseItems.kind,
      status: personPurchases.status,
      reference: personPurchases.reference,
      boughtOn: personPurchases.boughtOn,
    })
    .from(personPurchases)
    .innerJoin(tourPurchaseItems, eq(tourPurchaseItems.id, personPurchases.itemId))
    .where(inArray(personPurchases.passengerSlotId, slotIds))
    .orderBy(desc(personPurchases.createdAt), desc(personPurchases.id));
  for (const row of rows) {
    if (!row.slotId) continue;
    const list = bySlot.get(row.slotId) ?? [];
    list.push({
      kind: row.kind,
      status: row.status,
      reference: row.reference,
      boughtOn: row.boughtOn,
    });
    bySlot.set(row.slotId, list);
  }
  return bySlot;
}

/**
 * The other bookings (their codes) on which the traveller's record has items bought: one record
 * may travel on several bookings, and a change of it applies there too.
 */
export async function otherLockedBookings(
  db: Executor,
  clientId: string,
  slotId: string,
): Promise<string[]> {
  const others = await db
    .select({ id: passengerSlots.id, code: bookings.code })
    .from(passengerSlots)
    .innerJoin(bookings, eq(bookings.id, passengerSlots.bookingId))
    .where(and(eq(passengerSlots.clientId, clientId), ne(passengerSlots.id, slotId)));
  if (others.length === 0) return [];
  const locks = await slotLocks(
    db,
    others.map((other) => other.id),
  );
  return [...new Set(others.filter((other) => locks.has(other.id)).map((other) => other.code))];
}

async function toAdminItems(
  db: Executor,
  rows: AdminRow[],
  language: Language,
): Promise<AdminDocumentChange[]> {
  const purchases = await purchasesOf(
    db,
    rows.map((row) => row.passengerSlotId),
  );
  const items: AdminDocumentChange[] = [];
  for (const row of rows) {
    items.push({
      ...toItem(row),
      bookingCode: row.bookingCode,
      tourName: `${nameIn({ nameEn: row.tourEn, nameEs: row.tourEs }, language)} (${row.tourCode})`,
      travelDate: row.travelDate,
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      requestedBy: row.requestedBy,
      decidedBy: row.decidedBy,
      scans: {
        old: { mime: row.oldMime, size: row.oldSize },
        new: { mime: row.newMime, size: row.newSize },
      },
      purchases: purchases.get(row.passengerSlotId) ?? [],
      alsoLockedOn: row.clientId
        ? await otherLockedBookings(db, row.clientId, row.passengerSlotId)
        : [],
    });
  }
  return items;
}

/** GET admin/document-changes: by status (the open ones unless told) and booking, oldest first. */
export async function listAdminDocumentChanges(
  db: Executor,
  query: AdminDocumentChangeQuery,
  language: Language,
): Promise<Page<AdminDocumentChange>> {
  const status = query.status ?? 'requested';
  const conditions: SQL[] = [];
  if (status !== 'all') conditions.push(eq(documentChangeRequests.status, status));
  if (query.booking) conditions.push(eq(bookings.code, normalizeCode(query.booking)));
  const where = and(...conditions);
  const rows = selectAdmin(db)
    .where(where)
    // The open ones are a queue: the oldest first; the decided ones the newest first.
    .orderBy(
      status === 'requested'
        ? asc(documentChangeRequests.createdAt)
        : desc(documentChangeRequests.createdAt),
      asc(documentChangeRequests.id),
    );
  const counted = db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(documentChangeRequests)
    .innerJoin(bookings, eq(bookings.id, documentChangeRequests.bookingId))
    .where(where);
  const page = await readPage(query, rows, counted, (row) => row);
  return { items: await toAdminItems(db, page.items, language), total: page.total };
}

/** GET admin/document-changes/{id}: one request as staff see it; 404 when there is none. */
export async function getAdminDocumentChange(
  db: Executor,
  id: string,
  language: Language,
): Promise<AdminDocumentChange> {
  const rows = await selectAdmin(db).where(eq(documentChangeRequests.id, id));
  const [item] = await toAdminItems(db, rows, language);
  if (!item) throw new AppError('NOT_FOUND', 'notFound');
  return item;
}

/** GET admin/document-changes/{id}/scans/{side}: one scan, as stored. */
export async function openScan(
  db: Executor,
  id: string,
  side: 'old' | 'new',
): Promise<{ mime: string; content: Buffer }> {
  const [row] = await db
    .select(
      side === 'old'
        ? { mime: documentChangeRequests.oldScanMime, content: documentChangeRequests.oldScan }
        : { mime: documentChangeRequests.newScanMime, content: documentChangeRequests.newScan },
    )
    .from(documentChangeRequests)
    .where(eq(documentChangeRequests.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'notFound');
  return { mime: row.mime, content: Buffer.from(row.content) };
}
