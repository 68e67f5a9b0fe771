import {
  afterEntry,
  creditNoteType,
  type DocumentSplit,
  type LedgerKind,
  partOfLines,
  planEntry,
  type ReceiptsState,
  type SplitLine,
  splitDocument,
  todayInLima,
} from '@cusco/shared';
import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { bookings, ledgerEntries, outbox, receiptEntries, receipts } from '../../db/schema.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import type { ReceiptsContext } from './context.ts';
import { customerOf } from './customer.ts';
import type {
  CreditNoteDocument,
  CreditNoteType,
  InvoiceDocument,
  Issuer,
  Party,
  ReceiptLine,
} from './model.ts';
import { nextNumber } from './numbers.ts';
import { rateOn } from './rates.ts';
import { saleLinesOf, type Traveller, travellersOf } from './travellers.ts';
import { signDocument } from './ubl/index.ts';

/**
 * Issuing (issue 30, ADR 0046): each ledger entry of a booking is looked at once, in ledger
 * order, under the booking's row lock, and gives what the shared rule says (planEntry): a
 * receipt, credit notes, or nothing. A `receipt_entries` row marks it done (its primary key: never
 * twice) or waiting (a passport, an exchange rate): the entries after a waiting one wait behind
 * it. The sweeper finds any entry never looked at (never skipped).
 */

/** The statuses of receipts that no longer count (R leaves them out). */
const deadStatuses = ['voiding', 'voided', 'rejected'];

type Booking = typeof bookings.$inferSelect;
type Entry = typeof ledgerEntries.$inferSelect;
type ReceiptRow = typeof receipts.$inferSelect;

export interface ProcessOptions {
  /** Staff's override: this waiting entry is issued at 18 % now (all travellers taxed). */
  taxedEntryId?: string;
}

export interface ProcessReport {
  issued: string[];
  waiting: { ledgerEntryId: string; reason: string } | null;
}

export function issuerOf(context: ReceiptsContext): Issuer {
  return { ...context.config.agency };
}

/**
 * Ledger order: by time, and within one transaction (one `now()`: a cancellation's release and
 * its refund) what changes the value before the money, so that a cancellation's note is the
 * cancellation's (catalogue 09: 01/09), not the refund's.
 */
const valueFirst = sql`case when ${ledgerEntries.kind} in ('purchase', 'addition', 'discount') then 0 else 1 end`;

/** Locks the booking's row, then issues what its unprocessed entries give, in ledger order. */
export async function processBookingReceipts(
  tx: Transaction,
  context: ReceiptsContext,
  bookingId: string,
  options: ProcessOptions = {},
): Promise<ProcessReport> {
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  if (!booking) return { issued: [], waiting: null };
  const entries = await tx
    .select({ entry: ledgerEntries, status: receiptEntries.status })
    .from(ledgerEntries)
    .leftJoin(receiptEntries, eq(receiptEntries.ledgerEntryId, ledgerEntries.id))
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.createdAt), asc(valueFirst), asc(ledgerEntries.id));
  const report: ProcessReport = { issued: [], waiting: null };
  if (entries.every((row) => row.status === 'done')) return report;
  let state = await stateOf(tx, bookingId);
  for (const { entry, status } of entries) {
    if (status === 'done') {
      state = { ...state, ...movedBy(state, entry) };
      continue;
    }
    const outcome = await processEntry(tx, context, booking, entry, state, options);
    if (outcome.kind === 'wait') {
      await markEntry(tx, entry, {
        status: 'waiting',
        reason: outcome.reason,
        details: outcome.details,
      });
      report.waiting = { ledgerEntryId: entry.id, reason: outcome.reason };
      return report;
    }
    report.issued.push(...outcome.issued);
    await markEntry(tx, entry, { status: 'done', reason: null, details: {} });
    state = await stateOf(tx, bookingId, movedBy(state, entry));
  }
  return report;
}

/** V and K after an entry (the shared rule's arithmetic). */
function movedBy(
  state: Pick<ReceiptsState, 'value' | 'kept'>,
  entry: Entry,
): { value: number; kept: number } {
  return afterEntry(state, { kind: entry.kind as LedgerKind, amountCents: entry.amountCents });
}

/** R and the open receipts from the table; V and K as given (those of the entries done). */
async function stateOf(
  tx: Transaction,
  bookingId: string,
  moved: { value: number; kept: number } = { value: 0, kept: 0 },
): Promise<ReceiptsState> {
  const rows = await liveReceipts(tx, bookingId);
  const notes = new Map<string, number>();
  for (const row of rows) {
    if (row.documentType === '07' && row.referencesReceiptId) {
      notes.set(
        row.referencesReceiptId,
        (notes.get(row.referencesReceiptId) ?? 0) + row.totalCents,
      );
    }
  }
  const open = rows
    .filter((row) => row.documentType !== '07')
    .map((row) => ({ id: row.id, leftCents: row.totalCents - (notes.get(row.id) ?? 0) }));
  const receipted = open.reduce((sum, receipt) => sum + receipt.leftCents, 0);
  return { value: moved.value, kept: moved.kept, receipted, open };
}

/** The booking's receipts and notes that count, newest first. */
export function liveReceipts(tx: Transaction, bookingId: string) {
  return tx
    .select()
    .from(receipts)
    .where(and(eq(receipts.bookingId, bookingId), notInArray(receipts.status, deadStatuses)))
    .orderBy(desc(receipts.createdAt), desc(receipts.number));
}

type Outcome =
  | { kind: 'done'; issued: string[] }
  | { kind: 'wait'; reason: 'passport_missing' | 'exchange_rate_missing'; details: object };

async function processEntry(
  tx: Transaction,
  context: ReceiptsContext,
  booking: Booking,
  entry: Entry,
  state: ReceiptsState,
  options: ProcessOptions,
): Promise<Outcome> {
  const { action } = planEntry(state, {
    kind: entry.kind as LedgerKind,
    amountCents: entry.amountCents,
  });
  if (action.kind === 'none') return { kind: 'done', issued: [] };
  const issueDate = todayInLima();
  const rate = await rateFor(tx, booking.currency, issueDate);
  if (rate === undefined) {
    return {
      kind: 'wait',
      reason: 'exchange_rate_missing',
      details: { currency: booking.currency, day: issueDate },
    };
  }
  const mail = !(await receiptMailPending(tx, entry));
  if (action.kind === 'receipt') {
    const travellers = await travellersOf(tx, booking.id);
    const customer = await customerOf(tx, booking, travellers);
    const taxed = options.taxedEntryId === entry.id;
    const split = splitDocument({
      lines: await saleLinesOf(tx, booking.id),
      travellers: travellers.map((traveller) => (taxed ? 'resident' : traveller.class)),
      factura: customer.factura,
      amountCents: action.amountCents,
      fallbackDescription: 'Servicios turísticos',
    });
    if (split.kind === 'wait') {
      return {
        kind: 'wait',
        reason: 'passport_missing',
        details: { travellers: split.unknown.map((index) => travellers[index]?.name ?? '') },
      };
    }
    const party =
      split.operationType === '0205' ? exportParty(travellers, customer.party) : customer.party;
    const id = await issueInvoice(tx, context, {
      booking,
      entry,
      documentType: customer.factura ? '01' : '03',
      split,
      customer: party,
      issueDate,
      rate,
      mail,
    });
    return { kind: 'done', issued: [id] };
  }
  const issued: string[] = [];
  for (const note of action.notes) {
    const [receipt] = await tx.select().from(receipts).where(eq(receipts.id, note.receiptId));
    if (!receipt) throw new Error(`receipt ${note.receiptId} not found`);
    const type = creditNoteType(
      { kind: entry.kind as LedgerKind, description: entry.description },
      note.leftAfter === 0,
    );
    issued.push(
      await issueCreditNote(tx, context, {
        booking,
        entry,
        receipt,
        amountCents: note.amountCents,
        noteType: type,
        reason: noteReasons[type],
        issueDate,
        rate,
        mail,
      }),
    );
  }
  return { kind: 'done', issued };
}

/** Catalogue 09's descriptions, as the note's cbc:Description says them. */
const noteReasons: Record<CreditNoteType, string> = {
  '01': 'Anulación de la operación',
  '04': 'Descuento global',
  '06': 'Devolución total',
  '07': 'Devolución por ítem',
  '09': 'Disminución en el valor',
};

/**
 * A payment's own receipt mail (outbox kind 'receipt', reason = its ledger entry) not sent yet
 * attaches the documents of its entry (the sending side): no second mail for them then.
 */
async function receiptMailPending(tx: Transaction, entry: Entry): Promise<boolean> {
  if (entry.kind !== 'payment') return false;
  const [row] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'receipt'),
        eq(outbox.reason, entry.id),
        eq(outbox.bookingId, entry.bookingId),
        eq(outbox.status, 'pending'),
      ),
    );
  return row !== undefined;
}

/** An export boleta names a non-domiciled traveller by their passport (catalogue 06: 7). */
function exportParty(travellers: Traveller[], fallback: Party): Party {
  if (fallback.documentType === '6') return fallback;
  const traveller = travellers.find((t) => t.class === 'non_domiciled' && t.documentNumber);
  if (!traveller?.documentNumber) return fallback;
  return { documentType: '7', documentNumber: traveller.documentNumber, name: traveller.name };
}

/** Soles per unit on the day (null for PEN); undefined when no rate is known on or before it. */
async function rateFor(tx: Transaction, currency: string, day: string) {
  if (currency === 'PEN') return null;
  return (await rateOn(tx, currency, day)) ?? undefined;
}

async function markEntry(
  tx: Transaction,
  entry: Entry,
  mark: { status: 'done' | 'waiting'; reason: string | null; details: object },
) {
  await tx
    .insert(receiptEntries)
    .values({ ledgerEntryId: entry.id, bookingId: entry.bookingId, ...mark })
    .onConflictDoUpdate({
      target: receiptEntries.ledgerEntryId,
      set: { ...mark, updatedAt: sql`now()` },
    });
}

function receiptLines(lines: SplitLine[]): ReceiptLine[] {
  return lines.map((line) => ({ ...line, quantity: 1, unitCode: 'ZZ' as const }));
}

interface InvoiceInput {
  booking: Booking;
  entry: Entry;
  documentType: '01' | '03';
  split: DocumentSplit;
  customer: Party;
  issueDate: string;
  rate: string | null;
  mail: boolean;
  replacesReceiptId?: string;
}

/** Numbers, signs and stores a factura or boleta; its mail unless the caller writes one. */
export async function issueInvoice(
  tx: Transaction,
  context: ReceiptsContext,
  input: InvoiceInput,
): Promise<string> {
  const { series: names } = context.config;
  const series = input.documentType === '01' ? names.factura : names.boleta;
  const number = await nextNumber(tx, series);
  const document: InvoiceDocument = {
    kind: 'invoice',
    documentType: input.documentType,
    operationType: input.split.operationType,
    series,
    number,
    issueDate: input.issueDate,
    currency: input.booking.currency,
    ...(input.rate ? { exchangeRate: input.rate } : {}),
    customer: input.customer,
    lines: receiptLines(input.split.lines),
    bookingCode: input.booking.code,
    taxedCents: input.split.taxedCents,
    exportCents: input.split.exportCents,
    igvCents: input.split.igvCents,
    totalCents: input.split.totalCents,
  };
  return store(tx, context, input, document, {
    referencesReceiptId: null,
    noteType: null,
    replacesReceiptId: input.replacesReceiptId ?? null,
  });
}

interface NoteInput {
  booking: Booking;
  entry: Entry;
  receipt: ReceiptRow;
  amountCents: number;
  noteType: CreditNoteType;
  reason: string;
  issueDate: string;
  rate: string | null;
  mail: boolean;
}

/** A credit note of `amountCents` against a receipt: a share of each of its lines. */
export async function issueCreditNote(
  tx: Transaction,
  context: ReceiptsContext,
  input: NoteInput,
): Promise<string> {
  const { series: names } = context.config;
  const referenced = input.receipt;
  const series = referenced.documentType === '01' ? names.facturaNote : names.boletaNote;
  const number = await nextNumber(tx, series);
  const split = partOfLines(referenced.lines as SplitLine[], input.amountCents);
  const document: CreditNoteDocument = {
    kind: 'credit_note',
    documentType: '07',
    operationType: split.operationType,
    series,
    number,
    issueDate: input.issueDate,
    currency: input.booking.currency,
    ...(input.rate ? { exchangeRate: input.rate } : {}),
    customer: referenced.customer as Party,
    lines: receiptLines(split.lines),
    bookingCode: input.booking.code,
    taxedCents: split.taxedCents,
    exportCents: split.exportCents,
    igvCents: split.igvCents,
    totalCents: split.totalCents,
    references: {
      documentType: referenced.documentType as '01' | '03',
      series: referenced.series,
      number: referenced.number,
    },
    noteType: input.noteType,
    noteReason: input.reason,
  };
  return store(tx, context, input, document, {
    referencesReceiptId: referenced.id,
    noteType: input.noteType,
    replacesReceiptId: null,
  });
}

async function store(
  tx: Transaction,
  context: ReceiptsContext,
  input: { booking: Booking; entry: Entry; rate: string | null; mail: boolean },
  document: InvoiceDocument | CreditNoteDocument,
  links: {
    referencesReceiptId: string | null;
    noteType: string | null;
    replacesReceiptId: string | null;
  },
): Promise<string> {
  const signed = signDocument(document, issuerOf(context), context.signer);
  const [row] = await tx
    .insert(receipts)
    .values({
      bookingId: input.booking.id,
      ledgerEntryId: input.entry.id,
      documentType: document.documentType,
      series: document.series,
      number: document.number,
      issueDate: document.issueDate,
      ...links,
      operationType: document.operationType,
      currency: document.currency,
      exchangeRate: input.rate,
      customer: document.customer,
      lines: document.lines,
      taxedCents: document.taxedCents,
      exportCents: document.exportCents,
      igvCents: document.igvCents,
      totalCents: document.totalCents,
      xml: signed.xml,
      digest: signed.digest,
      status: 'issued',
      provider: context.config.provider,
      nextSendAt: sql`now()`,
    })
    .returning({ id: receipts.id });
  if (!row) throw new Error('the receipt was not written');
  if (input.mail) {
    await enqueueMail(tx, {
      kind: 'sunat_receipt',
      subjectId: row.id,
      userId: input.booking.userId,
      bookingId: input.booking.id,
    });
  }
  return row.id;
}

/** The bookings whose entries wait or were never looked at (the sweeper's work), oldest first. */
export async function bookingsToProcess(db: Database, limit: number) {
  const rows = await db
    .selectDistinct({ bookingId: ledgerEntries.bookingId })
    .from(ledgerEntries)
    .leftJoin(receiptEntries, eq(receiptEntries.ledgerEntryId, ledgerEntries.id))
    .where(sql`${receiptEntries.ledgerEntryId} is null or ${receiptEntries.status} = 'waiting'`)
    .limit(limit);
  return rows.map((row) => row.bookingId);
}
