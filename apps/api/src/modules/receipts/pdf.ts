// STAND-IN (sending branch): the ubl helper owns this file and writes the real printed
// representation (legal fields, amount in words, SUNAT's QR code). This one has the agreed
// signature so that downloads and mail attachments work before that branch merges; the lead
// takes the ubl branch's version at merge.
import type { ReceiptStatus } from '@cusco/shared';
import { receiptCode } from '@cusco/shared';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Issuer, ReceiptDocument } from './model.ts';

const titles = {
  '01': { en: 'Electronic invoice (factura)', es: 'Factura electrónica' },
  '03': { en: 'Electronic sales receipt (boleta)', es: 'Boleta de venta electrónica' },
  '07': { en: 'Electronic credit note', es: 'Nota de crédito electrónica' },
} as const;

const money = (cents: number) => (cents / 100).toFixed(2);

/** The receipt's printed representation (STAND-IN: see the top of the file). */
export async function receiptPdf(
  document: ReceiptDocument,
  issuer: Issuer,
  options: { digest: string; language: 'en' | 'es'; status: ReceiptStatus },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const code = receiptCode(document.series, document.number);
  const title = titles[document.documentType][options.language];
  pdf.setTitle(`${title} ${code}`);
  pdf.setSubject(code);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  let y = 800;
  const line = (text: string, size = 10) => {
    // The standard font writes Latin-1 only: anything else shows as '?'.
    page.drawText(text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?'), { x: 50, y, size, font });
    y -= size + 6;
  };
  line(issuer.legalName, 14);
  line(`RUC ${issuer.ruc} · ${issuer.address}`);
  line(`${title} ${code}`, 13);
  line(`${document.issueDate} · ${document.currency}`);
  line(
    `${document.customer.documentType} ${document.customer.documentNumber} ${document.customer.name}`,
  );
  if (document.kind === 'credit_note') {
    line(
      `${receiptCode(document.references.series, document.references.number)} · ${document.noteReason}`,
    );
  }
  for (const item of document.lines) {
    line(`${item.quantity} × ${item.description}  ${money(item.totalCents)}`);
  }
  line(`IGV ${money(document.igvCents)} · Total ${money(document.totalCents)}`, 12);
  line(`Hash: ${options.digest} · ${options.status}`, 8);
  return pdf.save();
}
