import { receiptCode } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import { receipts } from '../../../db/schema.ts';
import type { Party } from '../../receipts/model.ts';
import { adminReceipt, referenceOf } from '../../receipts/read.ts';
import type { MailTextKey } from '../texts.ts';
import { longDate, money } from '../texts.ts';
import { receiptAttachments, viewCode } from './receipt-files.ts';
import {
  type BookingView,
  bookingFacts,
  type Draft,
  type Skip,
  type Template,
  type Writer,
} from './writer.ts';

const documentNames: Record<string, MailTextKey> = {
  '01': 'sunatReceiptFactura',
  '03': 'sunatReceiptBoleta',
  '07': 'sunatReceiptCreditNote',
};

/**
 * `sunat_receipt` (issue 30): a boleta, factura or credit note issued outside a payment's own
 * mail (a refund's or discount's note, a receipt issued again after a voiding, one that waited
 * for a passport): the document's facts, its PDF and its XML attached. The row's subject is the
 * receipt.
 */
async function sunatReceipt(w: Writer, view: BookingView): Promise<Draft | Skip> {
  const [exists] = await w.context.db
    .select({ id: receipts.id })
    .from(receipts)
    .where(eq(receipts.id, w.row.subjectId));
  if (!exists) return { skip: 'receipt not found' };
  const receipt = await adminReceipt(w.context.db, w.row.subjectId);
  const { row } = receipt;
  const code = viewCode(receipt);
  const documentName = w.t(documentNames[row.documentType] ?? 'sunatReceiptBoleta');
  const reference = referenceOf(receipt);
  const customer = row.customer as Party;
  return {
    subject: w.t('sunatReceiptSubject', {
      document: documentName,
      code,
      booking: view.facts.code,
    }),
    blocks: [
      { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
      {
        type: 'paragraph',
        text: reference
          ? w.t('sunatReceiptNoteIntro', {
              references: receiptCode(reference.series, reference.number),
            })
          : w.t('sunatReceiptIntro'),
      },
      {
        type: 'facts',
        rows: [
          ...bookingFacts(w, view),
          [w.t('sunatReceiptFactDocument'), `${documentName} ${code}`],
          [w.t('sunatReceiptFactIssued'), longDate(row.issueDate, w.language)],
          [w.t('sunatReceiptFactCustomer'), customer.name],
          [w.t('sunatReceiptFactTotal'), money(row.totalCents, w.language, row.currency)],
        ],
      },
    ],
    attachments: await receiptAttachments(w, receipt),
  };
}

export const sunatReceiptTemplate: Template = { about: 'booking', draft: sunatReceipt };
