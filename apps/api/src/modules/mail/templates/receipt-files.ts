import { receiptCode } from '@cusco/shared';
import type { Executor } from '../../../db/client.ts';
import {
  type ReceiptView,
  receiptPdfFile,
  receiptsOfEntry,
  receiptXml,
} from '../../receipts/read.ts';
import type { Draft, Writer } from './writer.ts';

/**
 * A SUNAT receipt's two files for a mail (issue 30): its PDF and its signed XML, named as SUNAT
 * names them (20600000013-03-B001-1.pdf / .xml).
 */
export async function receiptAttachments(
  w: Writer,
  view: ReceiptView,
): Promise<NonNullable<Draft['attachments']>> {
  const config = w.context.receipts;
  if (!config) return [];
  const pdf = await receiptPdfFile(config, view, w.language);
  const xml = receiptXml(config, view);
  return [
    { filename: pdf.fileName, contentType: pdf.type, content: pdf.body },
    { filename: xml.fileName, contentType: xml.type, content: xml.body },
  ];
}

/** The receipts a payment's ledger entry was given (outbox.reason = the entry's id), if any. */
export async function receiptsOfPayment(db: Executor, reason: string): Promise<ReceiptView[]> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(reason)) return [];
  return (await receiptsOfEntry(db, reason)).filter((view) => view.row.documentType !== '07');
}

export const viewCode = (view: ReceiptView) => receiptCode(view.row.series, view.row.number);
