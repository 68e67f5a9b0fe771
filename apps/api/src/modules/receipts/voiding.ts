import {
  type ReceiptActionAnswer,
  type SplitLine,
  taxedParts,
  todayInLima,
  totalsOf,
  type VoidReceiptRequest,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  bookings,
  ledgerEntries,
  receipts,
  receiptVoidingItems,
  receiptVoidings,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';
import { contextOf } from './actions.ts';
import type { ReceiptsContext } from './context.ts';
import { boletaParty } from './customer.ts';
import { issueInvoice, issuerOf } from './issue.ts';
import type { Party, SummaryDocument, VoidingDocument } from './model.ts';
import { nextNumber } from './numbers.ts';
import { rateOn } from './rates.ts';
import { travellersOf } from './travellers.ts';
import { signDocument } from './ubl/index.ts';

/** SUNAT takes a voiding notice or summary up to 7 calendar days after the document's date. */
export const VOID_WITHIN_DAYS = 7;

type ReceiptRow = typeof receipts.$inferSelect;

/**
 * POST admin/receipts/{id}/void: a mistake voided — a factura (or its note) in a voiding notice
 * (RA), a boleta (or its note) in a daily summary (RC, condition 3) — within 7 days, when no live
 * note lowers it; then, unless `reissue` is false, the same sale issued again to the customer
 * given (`replaces_receipt_id`). A receipt SUNAT rejected is not voided (it never was valid): it
 * is issued again. Audited; the sending worker sends the voiding and the new receipt.
 */
export async function voidReceipt(
  db: Database,
  staff: AuthenticatedUser,
  receiptId: string,
  request: VoidReceiptRequest,
): Promise<ReceiptActionAnswer> {
  const context = contextOf(db);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ bookingId: receipts.bookingId })
      .from(receipts)
      .where(eq(receipts.id, receiptId));
    if (!found) throw new AppError('NOT_FOUND', 'receiptNotFound');
    // The booking first (the one lock order), then the receipt.
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(eq(bookings.id, found.bookingId))
      .for('update');
    const [receipt] = await tx
      .select()
      .from(receipts)
      .where(eq(receipts.id, receiptId))
      .for('update');
    if (!booking || !receipt) throw new AppError('NOT_FOUND', 'receiptNotFound');
    if (receipt.status === 'voiding' || receipt.status === 'voided') {
      throw new AppError('CONFLICT', 'receiptNotVoidable');
    }
    const today = todayInLima();
    const rejected = receipt.status === 'rejected';
    if (rejected) {
      // A rejected receipt is issued again once: its replacement, if any, is the one to act on.
      const [replacement] = await tx
        .select({ id: receipts.id })
        .from(receipts)
        .where(eq(receipts.replacesReceiptId, receipt.id))
        .limit(1);
      if (replacement) throw new AppError('CONFLICT', 'receiptReissuedAlready');
    }
    let voidingId: string | null = null;
    if (!rejected) {
      if (dayjs(today).diff(dayjs(receipt.issueDate), 'day') > VOID_WITHIN_DAYS) {
        throw new AppError('BUSINESS_RULE', 'receiptVoidTooLate');
      }
      const notes = await tx
        .select({ id: receipts.id })
        .from(receipts)
        .where(
          and(
            eq(receipts.referencesReceiptId, receipt.id),
            notInArray(receipts.status, ['voiding', 'voided', 'rejected']),
          ),
        );
      if (notes.length > 0) throw new AppError('BUSINESS_RULE', 'receiptHasNotes');
      voidingId = await writeVoiding(tx, context, receipt, request.reason, staff, today);
      await tx.update(receipts).set({ status: 'voiding' }).where(eq(receipts.id, receipt.id));
    }
    if (request.invoice !== undefined && !booking.corporateClientId) {
      await tx
        .update(bookings)
        .set({
          invoiceRuc: request.invoice?.ruc ?? null,
          invoiceLegalName: request.invoice?.legalName ?? null,
          invoiceAddress: request.invoice?.fiscalAddress ?? null,
        })
        .where(eq(bookings.id, booking.id));
    }
    const issued: string[] = [];
    if (request.reissue && receipt.documentType !== '07') {
      issued.push(await reissue(tx, context, booking, receipt, request, today));
    }
    await recordAudit(tx, {
      staffUserId: staff.userId,
      action: rejected ? 'receipt.reissue' : 'receipt.void',
      bookingId: booking.id,
      subjectId: receipt.id,
      before: { status: receipt.status, customer: receipt.customer },
      after: { reason: request.reason, voidingId, reissued: issued },
    });
    return { issued };
  });
}

/** The voiding notice (RA) or summary (RC) of one receipt, numbered per kind and day, signed. */
async function writeVoiding(
  tx: Transaction,
  context: ReceiptsContext,
  receipt: ReceiptRow,
  reason: string,
  staff: AuthenticatedUser,
  today: string,
): Promise<string> {
  const kind = receipt.series.startsWith('F') ? 'RA' : 'RC';
  const day = today.replaceAll('-', '');
  const counter = await nextNumber(tx, `${kind}-${day}`);
  const identifier = `${kind}-${day}-${counter}`;
  const document: VoidingDocument | SummaryDocument =
    kind === 'RA'
      ? {
          kind: 'voiding',
          identifier,
          referenceDate: receipt.issueDate,
          issueDate: today,
          items: [
            {
              documentType: receipt.documentType as '01' | '07',
              series: receipt.series,
              number: receipt.number,
              reason,
            },
          ],
        }
      : {
          kind: 'summary',
          identifier,
          referenceDate: receipt.issueDate,
          issueDate: today,
          items: [
            {
              documentType: receipt.documentType as '03' | '07',
              series: receipt.series,
              number: receipt.number,
              customer: receipt.customer as Party,
              currency: receipt.currency,
              taxedCents: receipt.taxedCents,
              exportCents: receipt.exportCents,
              igvCents: receipt.igvCents,
              totalCents: receipt.totalCents,
              ...(await referenceOf(tx, receipt)),
              condition: '3',
            },
          ],
        };
  const signed = signDocument(document, issuerOf(context), context.signer);
  const [voiding] = await tx
    .insert(receiptVoidings)
    .values({
      kind,
      identifier,
      referenceDate: receipt.issueDate,
      issueDate: today,
      reason,
      xml: signed.xml,
      digest: signed.digest,
      provider: context.config.provider,
      nextSendAt: new Date(),
      createdBy: staff.userId,
    })
    .returning({ id: receiptVoidings.id });
  if (!voiding) throw new Error('the voiding was not written');
  await tx.insert(receiptVoidingItems).values({ voidingId: voiding.id, receiptId: receipt.id });
  return voiding.id;
}

/** A boleta's credit note names its boleta in the summary. */
async function referenceOf(tx: Transaction, receipt: ReceiptRow) {
  if (!receipt.referencesReceiptId) return {};
  const [referenced] = await tx
    .select()
    .from(receipts)
    .where(eq(receipts.id, receipt.referencesReceiptId));
  if (!referenced) return {};
  return {
    references: {
      documentType: '03' as const,
      series: referenced.series,
      number: referenced.number,
    },
  };
}

/**
 * The same sale issued again: the same lines (a factura's all taxed: a RUC is a domiciled buyer)
 * to the corrected customer — the invoice given, a boleta's traveller for null, else the same.
 */
async function reissue(
  tx: Transaction,
  context: ReceiptsContext,
  booking: typeof bookings.$inferSelect,
  receipt: ReceiptRow,
  request: VoidReceiptRequest,
  today: string,
): Promise<string> {
  let customer = receipt.customer as Party;
  if (request.invoice) {
    customer = {
      documentType: '6',
      documentNumber: request.invoice.ruc,
      name: request.invoice.legalName,
      address: request.invoice.fiscalAddress,
    };
  } else if (request.invoice === null) {
    customer = await boletaParty(tx, booking.userId, await travellersOf(tx, booking.id));
  }
  const factura = customer.documentType === '6';
  const lines = (receipt.lines as SplitLine[]).map((line) =>
    factura && line.affectation === '40'
      ? { ...line, affectation: '10' as const, ...taxedParts(line.totalCents) }
      : line,
  );
  const rate = booking.currency === 'PEN' ? null : await rateOn(tx, booking.currency, today);
  const [entry] = await tx
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.id, receipt.ledgerEntryId));
  if (!entry) throw new Error('the receipt’s ledger entry is gone');
  return issueInvoice(tx, context, {
    booking,
    entry,
    documentType: factura ? '01' : '03',
    split: totalsOf(lines),
    customer,
    issueDate: today,
    rate: rate ?? receipt.exchangeRate,
    mail: true,
    replacesReceiptId: receipt.id,
  });
}
