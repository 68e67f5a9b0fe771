import type { Language } from '@cusco/shared';
import dayjs from 'dayjs';
import { and, asc, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { receipts } from '../../db/schema.ts';
import { csvField } from '../../lib/csv.ts';
import type { Party } from './model.ts';
import { type ReceiptView, referenceOf, selectReceiptViews } from './read.ts';

/**
 * The accountant's sales register (Registro de Ventas e Ingresos) of a month (issue 30):
 * `GET /api/admin/receipts/export.csv?month=2026-11`, one row per document issued that month in
 * the order of its series and number, in the register's columns. A voided (or rejected) document
 * keeps its row with zero amounts, as the register requires; a credit note's amounts are
 * negative and it names the document it modifies.
 */

type Column =
  | 'issueDate'
  | 'documentType'
  | 'series'
  | 'number'
  | 'customerDocumentType'
  | 'customerDocumentNumber'
  | 'customerName'
  | 'currency'
  | 'exchangeRate'
  | 'exportValue'
  | 'taxedValue'
  | 'igv'
  | 'total'
  | 'totalPen'
  | 'referenceType'
  | 'referenceSeries'
  | 'referenceNumber'
  | 'status';

/** The register's headings, in its order, in both languages (Spanish: SUNAT's own words). */
const headings: Record<Column, Record<Language, string>> = {
  issueDate: { en: 'Issue date', es: 'Fecha de emisión' },
  documentType: { en: 'Document type', es: 'Tipo de comprobante' },
  series: { en: 'Series', es: 'Serie' },
  number: { en: 'Number', es: 'Número' },
  customerDocumentType: { en: 'Customer document type', es: 'Tipo de documento del cliente' },
  customerDocumentNumber: { en: 'Customer document number', es: 'Número de documento del cliente' },
  customerName: { en: 'Customer name', es: 'Apellidos y nombres o razón social' },
  currency: { en: 'Currency', es: 'Moneda' },
  exchangeRate: { en: 'Exchange rate', es: 'Tipo de cambio' },
  exportValue: { en: 'Export value', es: 'Valor facturado de la exportación' },
  taxedValue: { en: 'Taxed value', es: 'Base imponible de la operación gravada' },
  igv: { en: 'IGV', es: 'IGV' },
  total: { en: 'Total', es: 'Importe total' },
  totalPen: { en: 'Total in PEN', es: 'Importe total en soles' },
  referenceType: { en: 'Modified document type', es: 'Tipo del comprobante que se modifica' },
  referenceSeries: { en: 'Modified document series', es: 'Serie del comprobante que se modifica' },
  referenceNumber: { en: 'Modified document number', es: 'Número del comprobante que se modifica' },
  status: { en: 'Status', es: 'Estado' },
};

export const registerColumns = Object.keys(headings) as Column[];

/** The amounts' columns: numbers, negative for a note, written as they are. */
const amountColumns = new Set<Column>(['exportValue', 'taxedValue', 'igv', 'total', 'totalPen']);

/**
 * A field of the register: text as every CSV of the back office quotes it (a leading '-' is
 * defused for spreadsheets), an amount (only digits, a point and maybe a minus) as it is, so that
 * a credit note's negative amounts stay numbers.
 */
function field(column: Column, value: string): string {
  return amountColumns.has(column) && /^-?\d+\.\d{2}$/.test(value) ? `"${value}"` : csvField(value);
}

const statusWords: Record<string, Record<Language, string>> = {
  issued: { en: 'issued, not yet accepted', es: 'emitido, sin respuesta aún' },
  accepted: { en: 'accepted', es: 'aceptado' },
  rejected: { en: 'rejected', es: 'rechazado' },
  voiding: { en: 'being voided', es: 'en baja' },
  voided: { en: 'voided', es: 'anulado' },
};

/** Cents → "123.45" (negative for a note). */
const amount = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** Cents of a currency in cents of soles at `rate` ("3.745"), rounded half up, exact. */
export function toPenCents(cents: number, rate: string | null): number {
  if (!rate) return cents;
  const [whole = '0', fraction = ''] = rate.split('.');
  const scale = 10 ** fraction.length;
  const perUnit = Number(whole) * scale + Number(fraction || '0');
  const sign = cents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(cents) * perUnit * 2 + scale) / (2 * scale));
}

function registerRow(view: ReceiptView, language: Language): Record<Column, string> {
  const { row } = view;
  const customer = row.customer as Party;
  const reference = referenceOf(view);
  // Voided or rejected: the number is used, the amounts count for nothing.
  const counts = row.status !== 'voided' && row.status !== 'rejected';
  const sign = row.documentType === '07' ? -1 : 1;
  const money = (cents: number) => amount(counts ? sign * cents : 0);
  return {
    issueDate: row.issueDate,
    documentType: row.documentType,
    series: row.series,
    number: String(row.number).padStart(8, '0'),
    customerDocumentType: customer.documentNumber === '-' ? '0' : customer.documentType,
    customerDocumentNumber: customer.documentNumber,
    customerName: customer.name,
    currency: row.currency,
    exchangeRate: row.exchangeRate ?? '1.000',
    exportValue: money(row.exportCents),
    taxedValue: money(row.taxedCents),
    igv: money(row.igvCents),
    total: money(row.totalCents),
    totalPen: amount(counts ? sign * toPenCents(row.totalCents, row.exchangeRate) : 0),
    referenceType: reference?.documentType ?? '',
    referenceSeries: reference?.series ?? '',
    referenceNumber: reference ? String(reference.number).padStart(8, '0') : '',
    status: statusWords[row.status]?.[language] ?? row.status,
  };
}

/** The month's register as CSV (UTF-8, CRLF lines, every field quoted). */
export async function salesRegisterCsv(
  db: Executor,
  month: string,
  language: Language,
): Promise<string> {
  const first = `${month}-01`;
  const last = dayjs(first).endOf('month').format('YYYY-MM-DD');
  const views = await selectReceiptViews(db)
    .where(and(gte(receipts.issueDate, first), lte(receipts.issueDate, last)))
    .orderBy(asc(receipts.issueDate), asc(receipts.series), asc(receipts.number));
  const lines = [
    registerColumns.map((column) => csvField(headings[column][language])).join(','),
    ...views.map((view) => {
      const values = registerRow(view, language);
      return registerColumns.map((column) => field(column, values[column])).join(',');
    }),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
