import {
  type AdminReceiptItem,
  type AdminReceiptsQuery,
  type BookingReceiptsAnswer,
  type ReceiptItem,
  type ReceiptStatus,
  type ReceiptType,
  type ReceiptWaitReason,
  receiptCode,
} from '@cusco/shared';
import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReceiptsConfig } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { bookings, ledgerEntries, receiptEntries, receipts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Page, readPage } from '../../lib/pagination.ts';
import { findVisibleBooking, type Reader } from '../access/bookings.ts';
import type { Party } from './model.ts';
import { sunatFileName } from './model.ts';
import { documentFromRow, issuerOf, noteReasons, type ReceiptRow } from './model-from-row.ts';
import { receiptPdf } from './pdf.ts';
import type { ProviderAnswer } from './provider.ts';

/**
 * What reads receipts (issue 30): a booking's documents for its owner, every receipt for staff,
 * and each one's XML (as signed) and PDF (its printed representation).
 */

export const receiptTypeOf: Record<string, ReceiptType> = {
  '01': 'factura',
  '03': 'boleta',
  '07': 'credit_note',
};
const documentTypeOf: Record<ReceiptType, string> = {
  factura: '01',
  boleta: '03',
  credit_note: '07',
};

/** Catalogue 06 as printed before the number: DNI 12345678, RUC 20…, PAS X123… */
const documentLabels: Record<string, string> = {
  '0': 'DOC',
  '1': 'DNI',
  '4': 'CE',
  '6': 'RUC',
  '7': 'PAS',
};

const referenced = alias(receipts, 'referenced');

/** A receipt's row with its booking's code and its note's receipt (series, number, type). */
const receiptColumns = {
  row: receipts,
  bookingCode: bookings.code,
  referencedType: referenced.documentType,
  referencedSeries: referenced.series,
  referencedNumber: referenced.number,
};

export interface ReceiptView {
  row: ReceiptRow;
  bookingCode: string;
  referencedType: string | null;
  referencedSeries: string | null;
  referencedNumber: number | null;
}

export function selectReceiptViews(db: Executor) {
  return db
    .select(receiptColumns)
    .from(receipts)
    .innerJoin(bookings, eq(bookings.id, receipts.bookingId))
    .leftJoin(referenced, eq(referenced.id, receipts.referencesReceiptId));
}

const units = (cents: number) => cents / 100;

function taxOf(row: ReceiptRow): ReceiptItem['tax'] {
  if (row.exportCents > 0 && row.taxedCents > 0) return 'mixed';
  return row.exportCents > 0 ? 'export' : 'taxed';
}

/** The referenced receipt of a note, as `documentFromRow` takes it. */
export function referenceOf(view: ReceiptView) {
  return view.referencedSeries && view.referencedType && view.referencedNumber !== null
    ? {
        documentType: view.referencedType,
        series: view.referencedSeries,
        number: view.referencedNumber,
      }
    : undefined;
}

/** One receipt as its owner reads it; `base` is the path its XML and PDF are under. */
function toItem(view: ReceiptView, base: string): ReceiptItem {
  const { row } = view;
  const customer = row.customer as Party;
  const reference = referenceOf(view);
  return {
    id: row.id,
    type: receiptTypeOf[row.documentType] ?? 'boleta',
    code: receiptCode(row.series, row.number),
    issueDate: row.issueDate,
    currency: row.currency,
    total: units(row.totalCents),
    igv: units(row.igvCents),
    tax: taxOf(row),
    status: row.status as ReceiptStatus,
    ...(reference && { references: receiptCode(reference.series, reference.number) }),
    ...(row.noteType && { noteReason: noteReasons[row.noteType as keyof typeof noteReasons] }),
    customerDocument:
      customer.documentNumber === '-'
        ? '-'
        : `${documentLabels[customer.documentType] ?? customer.documentType} ${customer.documentNumber}`,
    customerName: customer.name,
    xmlUrl: `${base}/${row.id}/xml`,
    pdfUrl: `${base}/${row.id}/pdf`,
  };
}

const ownerBase = (code: string) => `/api/tour/booking/${encodeURIComponent(code)}/receipts`;

/** `GET /api/tour/booking/{code}/receipts`: the owner's documents, what waits, the factura's customer. */
export async function bookingReceipts(
  db: Executor,
  reader: Reader,
  code: string,
): Promise<BookingReceiptsAnswer> {
  const booking = await findVisibleBooking(db, reader, code);
  const rows = await selectReceiptViews(db)
    .where(eq(receipts.bookingId, booking.id))
    .orderBy(asc(receipts.createdAt), asc(receipts.series), asc(receipts.number));
  const waiting = await db
    .select({ reason: receiptEntries.reason, amountCents: ledgerEntries.amountCents })
    .from(receiptEntries)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, receiptEntries.ledgerEntryId))
    .where(and(eq(receiptEntries.bookingId, booking.id), eq(receiptEntries.status, 'waiting')))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  return {
    receipts: rows.map((view) => toItem(view, ownerBase(booking.code))),
    waiting: waiting.map((entry) => ({
      reason: entry.reason as ReceiptWaitReason,
      amount: units(entry.amountCents),
    })),
    invoice:
      booking.invoiceRuc && booking.invoiceLegalName && booking.invoiceAddress
        ? {
            ruc: booking.invoiceRuc,
            legalName: booking.invoiceLegalName,
            fiscalAddress: booking.invoiceAddress,
          }
        : null,
  };
}

/** One receipt as staff read it: the owner's view, its booking, and the issuer's last word. */
export function toAdminItem(view: ReceiptView): AdminReceiptItem {
  const { row } = view;
  const answer = row.providerAnswer as ProviderAnswer | null;
  return {
    ...toItem(view, '/api/admin/receipts'),
    bookingCode: view.bookingCode,
    createdAt: row.createdAt.toISOString(),
    provider: row.provider,
    ...(answer?.code !== undefined && { answerCode: answer.code }),
    ...(answer?.description !== undefined && { answerText: answer.description }),
    sendAttempts: row.sendAttempts,
    ...(row.lastError && { lastError: row.lastError }),
  };
}

/** B001-00000003 or B001-3 → its series and number. */
function parseCode(text: string) {
  const match = /^([A-Z][A-Z0-9]{3})-0*(\d{1,8})$/.exec(text.toUpperCase());
  return match ? { series: match[1] as string, number: Number(match[2]) } : undefined;
}

function adminFilter(query: AdminReceiptsQuery): SQL | undefined {
  const q = query.q?.trim();
  const code = q ? parseCode(q) : undefined;
  return and(
    query.from ? gte(receipts.issueDate, query.from) : undefined,
    query.to ? lte(receipts.issueDate, query.to) : undefined,
    query.type ? eq(receipts.documentType, documentTypeOf[query.type]) : undefined,
    query.status ? eq(receipts.status, query.status) : undefined,
    q
      ? or(
          eq(bookings.code, q.toUpperCase()),
          code
            ? and(eq(receipts.series, code.series), eq(receipts.number, code.number))
            : undefined,
          eq(sql`${receipts.customer}->>'documentNumber'`, q),
          ilike(sql`${receipts.customer}->>'name'`, `%${q.replace(/[\\%_]/g, '\\$&')}%`),
        )
      : undefined,
  );
}

/** `GET /api/admin/receipts`: filtered, newest first, a page at a time. */
export function adminReceipts(
  db: Executor,
  query: AdminReceiptsQuery,
): Promise<Page<AdminReceiptItem>> {
  const where = adminFilter(query);
  return readPage(
    query,
    selectReceiptViews(db)
      .where(where)
      .orderBy(desc(receipts.createdAt), desc(receipts.series), desc(receipts.number)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(receipts)
      .innerJoin(bookings, eq(bookings.id, receipts.bookingId))
      .where(where),
    toAdminItem,
  );
}

/** One receipt for staff; 404 when there is none. */
export async function adminReceipt(db: Executor, id: string): Promise<ReceiptView> {
  const [view] = await selectReceiptViews(db).where(eq(receipts.id, id));
  if (!view) throw new AppError('NOT_FOUND', 'notFound');
  return view;
}

/** One of the owner's receipts; 404 for another's booking or another booking's receipt. */
export async function ownerReceipt(
  db: Executor,
  reader: Reader,
  code: string,
  id: string,
): Promise<ReceiptView> {
  const booking = await findVisibleBooking(db, reader, code);
  const [view] = await selectReceiptViews(db).where(
    and(eq(receipts.id, id), eq(receipts.bookingId, booking.id)),
  );
  if (!view) throw new AppError('NOT_FOUND', 'notFound');
  return view;
}

export interface ReceiptFile {
  type: string;
  fileName: string;
  body: Buffer;
}

/** The receipt's signed XML, as issued (SUNAT's file name: RUC-TYPE-SERIES-NUMBER.xml). */
export function receiptXml(config: ReceiptsConfig, view: ReceiptView): ReceiptFile {
  const document = documentFromRow(view.row, view.bookingCode, referenceOf(view));
  return {
    type: 'application/xml; charset=utf-8',
    fileName: `${sunatFileName(config.agency.ruc, document)}.xml`,
    body: Buffer.from(view.row.xml, 'utf8'),
  };
}

/** The receipt's printed representation, in a language. */
export async function receiptPdfFile(
  config: ReceiptsConfig,
  view: ReceiptView,
  language: 'en' | 'es',
): Promise<ReceiptFile> {
  const document = documentFromRow(view.row, view.bookingCode, referenceOf(view));
  const pdf = await receiptPdf(document, issuerOf(config), {
    digest: view.row.digest,
    language,
    status: view.row.status as ReceiptStatus,
  });
  return {
    type: 'application/pdf',
    fileName: `${sunatFileName(config.agency.ruc, document)}.pdf`,
    body: Buffer.from(pdf),
  };
}

/** Every receipt of a ledger entry (a payment's receipt), oldest first: the mail's attachments. */
export async function receiptsOfEntry(db: Executor, ledgerEntryId: string): Promise<ReceiptView[]> {
  return selectReceiptViews(db)
    .where(eq(receipts.ledgerEntryId, ledgerEntryId))
    .orderBy(asc(receipts.createdAt), asc(receipts.number));
}
