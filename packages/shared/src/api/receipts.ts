import * as z from 'zod/mini';
import { isValidRuc } from '../rules/tax-id.ts';
import { pageQuery, uuid } from './common.ts';
import { day, filledText, key, timestamp } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * SUNAT's electronic receipts (issue 30, ADR 0046): a boleta (03) for a person, a factura (01)
 * for a RUC, a credit note (07) for money given back or taken off, each numbered in its series
 * (B001-00000001), signed UBL 2.1, sent to SUNAT through the configured issuer.
 */

/** SUNAT's catalogue 01, as the wire names them. */
export const receiptTypes = ['factura', 'boleta', 'credit_note'] as const;
export type ReceiptType = (typeof receiptTypes)[number];

/**
 * issued: signed and numbered, SUNAT's answer pending; accepted, rejected: its answer (a rejected
 * one is issued again by staff); voiding, voided: a voiding notice or summary sent, or accepted.
 */
export const receiptStatuses = ['issued', 'accepted', 'rejected', 'voiding', 'voided'] as const;
export type ReceiptStatus = (typeof receiptStatuses)[number];

/** Why a payment's receipt waits rather than being issued (staff see it and may act). */
export const receiptWaitReasons = ['passport_missing', 'exchange_rate_missing'] as const;
export type ReceiptWaitReason = (typeof receiptWaitReasons)[number];

/** B001-00000001: a receipt's series and its number on eight digits. */
export function receiptCode(series: string, number: number): string {
  return `${series}-${String(number).padStart(8, '0')}`;
}

/**
 * A factura's customer: a RUC whose check digit is right, its legal name and fiscal address as
 * SUNAT's register has them. Asked on the booking page and in the portal; an empty request
 * (`null`) goes back to a boleta for the bookings' later payments.
 */
export const invoiceDetails = lazySchema(() =>
  z.object({
    ruc: z.string().check(
      z.trim(),
      z.refine((value) => isValidRuc(value), { error: key('rucInvalid') }),
    ),
    legalName: filledText('legalNameRequired', 200),
    fiscalAddress: filledText('fiscalAddressRequired', 200),
  }),
);
export type InvoiceDetailsInput = z.input<typeof invoiceDetails>;
export type InvoiceDetails = z.output<typeof invoiceDetails>;

/** `PUT /api/tour/booking/{code}/invoice`: the factura's customer, or null for boletas. */
export const invoiceDetailsRequest = lazySchema(() =>
  z.object({ invoice: z.nullable(invoiceDetails) }),
);
export type InvoiceDetailsRequest = z.output<typeof invoiceDetailsRequest>;

/** One receipt or credit note, as its owner and staff read it. */
export const receiptItem = lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.enum(receiptTypes),
    /** B001-00000001. */
    code: z.string(),
    issueDate: day,
    currency: z.string(),
    /** The total, IGV included, in the currency's units (e.g. 125.5). */
    total: z.number(),
    igv: z.number(),
    /** export: 0 % IGV (a non-domiciled traveller's package); taxed: 18 %; mixed: both. */
    tax: z.enum(['export', 'taxed', 'mixed']),
    status: z.enum(receiptStatuses),
    /** A credit note's receipt (its code), and why. */
    references: z.optional(z.string()),
    noteReason: z.optional(z.string()),
    /** The customer as printed: the document and the name. */
    customerDocument: z.string(),
    customerName: z.string(),
    /** Paths under /api of its XML and PDF (with the caller's bearer token). */
    xmlUrl: z.string(),
    pdfUrl: z.string(),
  }),
);
export type ReceiptItem = z.infer<typeof receiptItem>;

/** `GET /api/tour/booking/{code}/receipts`: the booking's documents, oldest first. */
export const bookingReceiptsAnswer = lazySchema(() =>
  z.object({
    receipts: z.array(receiptItem),
    /** What waits, in words for the customer (a passport to upload), when something does. */
    waiting: z.array(z.object({ reason: z.enum(receiptWaitReasons), amount: z.number() })),
    invoice: z.nullable(invoiceDetails),
  }),
);
export type BookingReceiptsAnswer = z.infer<typeof bookingReceiptsAnswer>;

/** `GET /api/admin/receipts`: filters, newest first, in pages. */
export const adminReceiptsQuery = lazySchema(() =>
  z.extend(pageQuery, {
    from: z.optional(day),
    to: z.optional(day),
    type: z.optional(z.enum(receiptTypes)),
    status: z.optional(z.enum(receiptStatuses)),
    /** A booking code, a receipt code (F001-00000003) or a customer's document. */
    q: z.optional(z.string().check(z.trim(), z.maxLength(50, { error: key('tooLong50') }))),
  }),
);
export type AdminReceiptsQuery = z.output<typeof adminReceiptsQuery>;

export const adminReceiptItem = lazySchema(() =>
  z.extend(receiptItem, {
    bookingCode: z.string(),
    createdAt: timestamp,
    provider: z.string(),
    /** SUNAT's (or the issuer's) last answer: its code and description. */
    answerCode: z.optional(z.string()),
    answerText: z.optional(z.string()),
    sendAttempts: z.number(),
    lastError: z.optional(z.string()),
  }),
);
export type AdminReceiptItem = z.infer<typeof adminReceiptItem>;
export const adminReceiptsAnswer = lazySchema(() => z.array(adminReceiptItem));

/** `GET /api/admin/receipts/waiting`: ledger entries whose documents wait, and why. */
export const waitingReceiptItem = lazySchema(() =>
  z.object({
    ledgerEntryId: z.string(),
    bookingCode: z.string(),
    kind: z.string(),
    amount: z.number(),
    currency: z.string(),
    reason: z.enum(receiptWaitReasons),
    /** The travellers whose passport is missing (names), for passport_missing. */
    travellers: z.array(z.string()),
    since: timestamp,
  }),
);
export type WaitingReceiptItem = z.infer<typeof waitingReceiptItem>;
export const waitingReceiptsAnswer = lazySchema(() => z.array(waitingReceiptItem));

/** `POST /api/admin/receipts/waiting/{ledgerEntryId}/taxed`: issue it now at 18 % (a reason). */
export const issueTaxedRequest = lazySchema(() =>
  z.object({ reason: filledText('receiptReasonRequired', 200) }),
);

/**
 * `POST /api/admin/receipts/{id}/void`: a mistake voided (a factura's by a voiding notice, a
 * boleta's by the daily summary) and, unless `reissue` is false, the same sale issued again to
 * the customer given (a RUC for a factura, or null for a boleta to the booking's customer).
 */
export const voidReceiptRequest = lazySchema(() =>
  z.object({
    reason: filledText('receiptReasonRequired', 100),
    reissue: z._default(z.boolean(), true),
    invoice: z.optional(z.nullable(invoiceDetails)),
  }),
);
export type VoidReceiptRequest = z.output<typeof voidReceiptRequest>;

export const receiptParams = lazySchema(() => z.object({ id: uuid }));
export const waitingParams = lazySchema(() => z.object({ ledgerEntryId: uuid }));
export const bookingReceiptParams = lazySchema(() => z.object({ code: z.string(), id: uuid }));

/** `GET /api/admin/receipts/export.csv?month=2026-11`: the month's sales register. */
export const receiptsExportQuery = lazySchema(() =>
  z.object({
    month: z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: key('invalidInput') })),
  }),
);

/** `GET/PUT /api/admin/exchange-rates`: soles per dollar of a day (three or four decimals). */
export const exchangeRateEntry = lazySchema(() =>
  z.object({
    day,
    currency: z._default(z.string().check(z.regex(/^[A-Z]{3}$/)), 'USD'),
    // Above zero too (the table's check says so): a rate of 0.000 is a typing mistake, not a rate.
    rate: z.string().check(
      z.regex(/^\d{1,3}\.\d{1,4}$/, { error: key('exchangeRateInvalid') }),
      z.refine((value) => Number(value) > 0, { error: key('exchangeRateInvalid') }),
    ),
  }),
);
export type ExchangeRateEntry = z.output<typeof exchangeRateEntry>;
export const exchangeRatesAnswer = lazySchema(() =>
  z.array(z.object({ day, currency: z.string(), rate: z.string(), createdAt: timestamp })),
);

/** What a staff action on receipts issued: the new documents' ids (receipts and notes). */
export const receiptActionAnswer = lazySchema(() => z.object({ issued: z.array(z.string()) }));
export type ReceiptActionAnswer = z.infer<typeof receiptActionAnswer>;
