import {
  type ExchangeRateEntry,
  fromCents,
  type InvoiceDetails,
  type ReceiptActionAnswer,
  type WaitingReceiptItem,
} from '@cusco/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings, exchangeRates, ledgerEntries, receiptEntries } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { lockVisibleBooking } from '../access/bookings.ts';
import { recordAudit } from '../audit/record.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';
import { receiptsContextOf } from './context.ts';
import { processBookingReceipts } from './issue.ts';
import { retryWaiting } from './service.ts';

/** The issuing context of an app's database (set at start). */
export function contextOf(db: Database) {
  const context = receiptsContextOf(db);
  if (!context) throw new Error('receipts are not set up on this database');
  return context;
}

/** GET admin/receipts/waiting: the entries whose documents wait, and why, oldest first. */
export async function waitingReceipts(db: Database): Promise<WaitingReceiptItem[]> {
  const rows = await db
    .select({
      ledgerEntryId: receiptEntries.ledgerEntryId,
      bookingCode: bookings.code,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      currency: bookings.currency,
      reason: receiptEntries.reason,
      details: receiptEntries.details,
      since: receiptEntries.updatedAt,
    })
    .from(receiptEntries)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, receiptEntries.ledgerEntryId))
    .innerJoin(bookings, eq(bookings.id, receiptEntries.bookingId))
    .where(eq(receiptEntries.status, 'waiting'))
    .orderBy(receiptEntries.updatedAt)
    .limit(500);
  return rows.map((row) => ({
    ledgerEntryId: row.ledgerEntryId,
    bookingCode: row.bookingCode,
    kind: row.kind,
    amount: fromCents(row.amountCents),
    currency: row.currency,
    reason: row.reason === 'exchange_rate_missing' ? 'exchange_rate_missing' : 'passport_missing',
    travellers: ((row.details as { travellers?: string[] }).travellers ?? []).map(String),
    since: row.since.toISOString(),
  }));
}

/**
 * POST admin/receipts/waiting/{ledgerEntryId}/taxed: staff issue a waiting entry now at 18 %
 * (every traveller taxed), with their reason, audited in the same transaction.
 */
export async function issueTaxed(
  db: Database,
  staff: AuthenticatedUser,
  ledgerEntryId: string,
  reason: string,
): Promise<ReceiptActionAnswer> {
  const context = contextOf(db);
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select({ bookingId: receiptEntries.bookingId })
      .from(receiptEntries)
      .where(eq(receiptEntries.ledgerEntryId, ledgerEntryId));
    if (!entry) throw new AppError('CONFLICT', 'receiptNotWaiting');
    // The booking locked before the entry is read as waiting: two staff acting at once queue
    // here, and the second finds it done (a 409), not a second audited "taxed" issuing nothing.
    await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.id, entry.bookingId))
      .for('update');
    const [waiting] = await tx
      .select({ bookingId: receiptEntries.bookingId, reason: receiptEntries.reason })
      .from(receiptEntries)
      .where(
        and(eq(receiptEntries.ledgerEntryId, ledgerEntryId), eq(receiptEntries.status, 'waiting')),
      );
    if (!waiting) throw new AppError('CONFLICT', 'receiptNotWaiting');
    const report = await processBookingReceipts(tx, context, waiting.bookingId, {
      taxedEntryId: ledgerEntryId,
    });
    await recordAudit(tx, {
      staffUserId: staff.userId,
      action: 'receipt.issue_taxed',
      bookingId: waiting.bookingId,
      subjectId: ledgerEntryId,
      before: { waiting: waiting.reason },
      after: { reason, issued: report.issued, stillWaiting: report.waiting?.reason ?? null },
    });
    return { issued: report.issued };
  });
}

/** GET admin/exchange-rates: the last rates entered, newest day first. */
export async function listRates(db: Database) {
  const rows = await db
    .select()
    .from(exchangeRates)
    .orderBy(desc(exchangeRates.day), exchangeRates.currency)
    .limit(120);
  return rows.map((row) => ({
    day: row.day,
    currency: row.currency,
    rate: row.rate,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** PUT admin/exchange-rates (administrators): a day's rate, audited; what waited for it, issued. */
export async function setRate(db: Database, staff: AuthenticatedUser, entry: ExchangeRateEntry) {
  if (entry.currency === 'PEN')
    throw new AppError('VALIDATION', 'invalidInput', { field: 'currency' });
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(exchangeRates)
      .where(and(eq(exchangeRates.day, entry.day), eq(exchangeRates.currency, entry.currency)));
    await tx
      .insert(exchangeRates)
      .values({ ...entry, createdBy: staff.userId })
      .onConflictDoUpdate({
        target: [exchangeRates.day, exchangeRates.currency],
        set: { rate: entry.rate, createdBy: staff.userId },
      });
    await recordAudit(tx, {
      staffUserId: staff.userId,
      action: 'exchange_rate.set',
      subjectId: null,
      before: before ? { rate: before.rate } : null,
      after: entry,
    });
  });
  const waiting = await db
    .selectDistinct({ bookingId: receiptEntries.bookingId })
    .from(receiptEntries)
    .where(eq(receiptEntries.reason, 'exchange_rate_missing'));
  await retryWaiting(
    db,
    waiting.map((row) => row.bookingId),
  );
  return listRates(db);
}

/**
 * PUT tour/booking/{code}/invoice: the owner's factura details (a RUC checked by the schema), or
 * null for boletas; for the booking's later documents. A corporate booking's facturas go to its
 * company's record (422). What waited for a passport may issue now as a factura.
 */
export async function setInvoiceDetails(
  db: Database,
  user: AuthenticatedUser,
  code: string,
  invoice: InvoiceDetails | null,
) {
  const bookingId = await db.transaction(async (tx) => {
    const booking = await lockVisibleBooking(tx, user, code);
    if (booking.corporateClientId) throw new AppError('BUSINESS_RULE', 'invoiceCorporate');
    await tx
      .update(bookings)
      .set({
        invoiceRuc: invoice?.ruc ?? null,
        invoiceLegalName: invoice?.legalName ?? null,
        invoiceAddress: invoice?.fiscalAddress ?? null,
      })
      .where(eq(bookings.id, booking.id));
    return booking.id;
  });
  await retryWaiting(db, [bookingId]);
}
