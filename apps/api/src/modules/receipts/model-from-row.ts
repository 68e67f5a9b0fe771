import type { ReceiptsConfig } from '../../config.ts';
import type { receipts } from '../../db/schema.ts';
import type { CreditNoteType, Issuer, Party, ReceiptDocument, ReceiptLine } from './model.ts';

export type ReceiptRow = typeof receipts.$inferSelect;

/** A credit note's receipt: its type, series and number. */
export interface ReferencedReceipt {
  documentType: string;
  series: string;
  number: number;
}

/** Catalogue 09's words for the note types we issue, when the row keeps no reason of its own. */
export const noteReasons: Record<CreditNoteType, string> = {
  '01': 'Anulacion de la operacion',
  '04': 'Descuento global',
  '06': 'Devolucion total',
  '07': 'Devolucion por item',
  '09': 'Disminucion en el valor',
};

/** The agency as issuer, from its configuration (AGENCY_*). */
export function issuerOf(config: ReceiptsConfig): Issuer {
  return { ...config.agency };
}

/**
 * The document model of a receipts row, rebuilt from its columns (the customer and lines as
 * issued, the series and number, the totals, the reference of a note): what the issuer port
 * sends and the PDF prints. A note's receipt is read by the caller (`referenced`).
 */
export function documentFromRow(
  row: ReceiptRow,
  bookingCode: string,
  referenced?: ReferencedReceipt,
): ReceiptDocument {
  const common = {
    series: row.series,
    number: row.number,
    issueDate: row.issueDate,
    currency: row.currency,
    ...(row.exchangeRate ? { exchangeRate: row.exchangeRate } : {}),
    customer: row.customer as Party,
    lines: row.lines as ReceiptLine[],
    bookingCode,
    operationType: row.operationType as '0101' | '0205',
    taxedCents: row.taxedCents,
    exportCents: row.exportCents,
    igvCents: row.igvCents,
    totalCents: row.totalCents,
  };
  if (row.documentType === '07') {
    if (!referenced) throw new Error(`The credit note ${row.id} needs its receipt`);
    const noteType = (row.noteType ?? '01') as CreditNoteType;
    return {
      ...common,
      kind: 'credit_note',
      documentType: '07',
      references: {
        documentType: referenced.documentType as '01' | '03',
        series: referenced.series,
        number: referenced.number,
      },
      noteType,
      noteReason: noteReasons[noteType],
    };
  }
  return { ...common, kind: 'invoice', documentType: row.documentType as '01' | '03' };
}
