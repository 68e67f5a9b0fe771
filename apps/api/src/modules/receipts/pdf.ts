import { deflateSync } from 'node:zlib';
import { type Language, type ReceiptStatus, receiptCode } from '@cusco/shared';
import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { encode } from 'uqr';
import { printable } from '../../lib/pdf-text.ts';
import { amountInWords } from './amount-in-words.ts';
import type { IdentityDocumentType, Issuer, ReceiptDocument } from './model.ts';

/**
 * The printed representation of an electronic receipt (issue 30, ADR 0047): one A4 page (more
 * when the lines run over) with SUNAT's legal fields — the issuer, the document's Spanish title,
 * series and number, the customer, the lines with their IGV affectation, the totals, the amount
 * in words, what a credit note modifies — and the QR code SUNAT requires, whose text
 * (sunatQrText) ends with the signature's digest. Legal titles are in Spanish; the field labels
 * in the reader's language.
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 42;
const WIDTH = A4.width - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);
const LINE = rgb(0.75, 0.75, 0.75);

/** The Spanish legal title of a document (SUNAT's wording, in every language). */
export function legalTitle(document: Pick<ReceiptDocument, 'documentType'>): string {
  switch (document.documentType) {
    case '01':
      return 'FACTURA ELECTRÓNICA';
    case '03':
      return 'BOLETA DE VENTA ELECTRÓNICA';
    case '07':
      return 'NOTA DE CRÉDITO ELECTRÓNICA';
  }
}

const legend: Record<'01' | '03' | '07', string> = {
  '01': 'Representación impresa de la Factura Electrónica',
  '03': 'Representación impresa de la Boleta de Venta Electrónica',
  '07': 'Representación impresa de la Nota de Crédito Electrónica',
};

const identityNames: Record<IdentityDocumentType, string> = {
  '0': 'DOC. TRIB. NO DOM. SIN RUC',
  '1': 'DNI',
  '4': 'CARNÉ DE EXTRANJERÍA',
  '6': 'RUC',
  '7': 'PASAPORTE',
};

/** Catalogue 09 as we use it (the reason of a credit note), in Spanish. */
const noteTypes: Record<string, string> = {
  '01': 'Anulación de la operación',
  '04': 'Descuento global',
  '06': 'Devolución total',
  '07': 'Devolución por ítem',
  '09': 'Disminución en el valor',
};

const labels = {
  en: {
    issueDate: 'Issue date',
    customer: 'Customer',
    address: 'Address',
    currency: 'Currency',
    exchangeRate: 'Exchange rate (PEN per unit)',
    booking: 'Booking',
    modifies: 'Modifies',
    noteType: 'Type of note',
    reason: 'Reason',
    quantity: 'Qty',
    description: 'Description',
    unitValue: 'Unit value',
    affectation: 'IGV',
    amount: 'Value',
    taxed: 'Taxed (18 % IGV)',
    export: 'Export (0 %)',
    taxedTotal: 'Op. gravadas',
    exportTotal: 'Op. exportación',
    igv: 'IGV 18 %',
    total: 'Importe total',
    inWords: 'SON',
    digest: 'Hash',
    consult:
      'Check it at www.sunat.gob.pe (Consulta de validez del comprobante de pago electrónico).',
    replaced: '? stands for a character this document cannot print.',
    voided: 'VOIDED',
    rejected: 'REJECTED BY SUNAT',
    page: 'Page',
  },
  es: {
    issueDate: 'Fecha de emisión',
    customer: 'Cliente',
    address: 'Dirección',
    currency: 'Moneda',
    exchangeRate: 'Tipo de cambio (S/ por unidad)',
    booking: 'Reserva',
    modifies: 'Documento que modifica',
    noteType: 'Tipo de nota',
    reason: 'Motivo',
    quantity: 'Cant.',
    description: 'Descripción',
    unitValue: 'V. unitario',
    affectation: 'IGV',
    amount: 'Valor',
    taxed: 'Gravado (IGV 18 %)',
    export: 'Exportación (0 %)',
    taxedTotal: 'Op. gravadas',
    exportTotal: 'Op. exportación',
    igv: 'IGV 18 %',
    total: 'Importe total',
    inWords: 'SON',
    digest: 'Valor resumen',
    consult:
      'Consulte su validez en www.sunat.gob.pe (Consulta de validez del comprobante de pago electrónico).',
    replaced: '? reemplaza un carácter que este documento no puede imprimir.',
    voided: 'ANULADO',
    rejected: 'RECHAZADO POR SUNAT',
    page: 'Página',
  },
} as const;

const currencyNames: Record<string, Record<Language, string>> = {
  PEN: { en: 'PEN — Peruvian soles', es: 'PEN — Soles' },
  USD: { en: 'USD — US dollars', es: 'USD — Dólares americanos' },
};

/** Cents as "1,234.50". */
function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** A unit value (cents / quantity) with two decimals, or more where it needs them (up to 4). */
function unitValue(cents: number, quantity: number): string {
  const value = cents / 100 / quantity;
  let digits = 2;
  while (digits < 4 && Math.abs(Number(value.toFixed(digits)) - value) > 1e-9) digits += 1;
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/**
 * The text of the QR code SUNAT requires on a printed receipt:
 * RUC|TYPE|SERIES|NUMBER|IGV|TOTAL|ISSUE DATE|BUYER'S DOCUMENT TYPE|BUYER'S DOCUMENT|DIGEST|
 */
export function sunatQrText(
  document: Pick<
    ReceiptDocument,
    'documentType' | 'series' | 'number' | 'igvCents' | 'totalCents' | 'issueDate' | 'customer'
  >,
  issuer: Pick<Issuer, 'ruc'>,
  digest: string,
): string {
  const money = (cents: number) => (cents / 100).toFixed(2);
  return `${[
    issuer.ruc,
    document.documentType,
    document.series,
    String(document.number),
    money(document.igvCents),
    money(document.totalCents),
    document.issueDate,
    document.customer.documentType,
    document.customer.documentNumber,
    digest,
  ].join('|')}|`;
}

// --- The QR code as a PNG image (grey, 8 bits, the modules scaled up to sharp squares). ---

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const body = Buffer.concat([head.subarray(4), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([head.subarray(0, 4), body, crc]);
}

/** Pixels per module of the QR code's image. */
export const QR_SCALE = 6;
/** Light modules around the code (the quiet zone QR readers need). */
export const QR_BORDER = 4;

/** A QR code of `text` (error correction M) as a PNG: dark modules black, the rest white. */
export function qrPng(text: string): Uint8Array {
  const { data } = encode(text, { ecc: 'M', border: QR_BORDER });
  const side = data.length * QR_SCALE;
  const raw = Buffer.alloc(side * (side + 1), 0xff);
  for (let y = 0; y < side; y += 1) {
    const row = data[Math.floor(y / QR_SCALE)] as boolean[];
    const offset = y * (side + 1);
    raw[offset] = 0; // filter: none
    for (let x = 0; x < side; x += 1) {
      if (row[Math.floor(x / QR_SCALE)]) raw[offset + 1 + x] = 0;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

class Sheet {
  page!: PDFPage;
  y = 0;
  pages: PDFPage[] = [];
  replaced = false;
  private readonly charset: ReadonlySet<number>;

  constructor(
    private readonly pdf: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.charset = new Set(font.getCharacterSet());
    this.addPage();
  }

  addPage() {
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.pages.push(this.page);
    this.y = A4.height - MARGIN;
  }

  text(value: string): string {
    const result = printable(value, this.charset);
    if (result.replaced) this.replaced = true;
    return result.text;
  }

  /** `value` broken into lines no wider than `width`. */
  wrap(value: string, width: number, size: number, font = this.font): string[] {
    const lines: string[] = [];
    let line = '';
    for (let word of this.text(value).split(' ').filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      while (font.widthOfTextAtSize(word, size) > width && word.length > 1) {
        let cut = word.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(word.slice(0, cut), size) > width) cut -= 1;
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
      }
      line = word;
    }
    if (line) lines.push(line);
    return lines.length > 0 ? lines : [''];
  }

  draw(value: string, x: number, y: number, size: number, font = this.font, color = INK) {
    this.page.drawText(this.text(value), { x, y, size, font, color });
  }

  drawRight(value: string, right: number, y: number, size: number, font = this.font) {
    const text = this.text(value);
    this.page.drawText(text, {
      x: right - font.widthOfTextAtSize(text, size),
      y,
      size,
      font,
      color: INK,
    });
  }

  /** Moves down by `height`, starting another page when it does not fit above `bottom`. */
  need(height: number, bottom = MARGIN) {
    if (this.y - height < bottom) this.addPage();
  }
}

export interface ReceiptPdfOptions {
  /** The signature's DigestValue (base64): printed, and the QR code's last field. */
  digest: string;
  language: Language;
  status: ReceiptStatus;
}

/** The printed representation of a factura, boleta or credit note (a PDF's bytes). */
export async function receiptPdf(
  document: ReceiptDocument,
  issuer: Issuer,
  options: ReceiptPdfOptions,
): Promise<Uint8Array> {
  const t = labels[options.language];
  const pdf = await PDFDocument.create();
  const title = legalTitle(document);
  const code = receiptCode(document.series, document.number);
  pdf.setTitle(`${title} ${code}`);
  pdf.setAuthor(issuer.legalName);
  pdf.setSubject(sunatQrText(document, issuer, options.digest));
  pdf.setLanguage(options.language === 'es' ? 'es-PE' : 'en');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const sheet = new Sheet(pdf, font, bold);

  // The issuer on the left; the box with the RUC, the title and the number on the right.
  const boxWidth = 200;
  const boxX = A4.width - MARGIN - boxWidth;
  const top = sheet.y;
  sheet.draw(issuer.tradeName, MARGIN, top - 16, 16, bold);
  let y = top - 32;
  for (const line of [
    issuer.legalName,
    ...sheet.wrap(issuer.address, boxX - MARGIN - 12, 9),
    `RUC ${issuer.ruc}`,
  ]) {
    sheet.draw(line, MARGIN, y, 9);
    y -= 12;
  }
  const boxHeight = 70;
  sheet.page.drawRectangle({
    x: boxX,
    y: top - boxHeight,
    width: boxWidth,
    height: boxHeight,
    borderColor: INK,
    borderWidth: 1,
  });
  const centre = (value: string, yy: number, size: number, face = bold) => {
    const text = sheet.text(value);
    sheet.page.drawText(text, {
      x: boxX + (boxWidth - face.widthOfTextAtSize(text, size)) / 2,
      y: yy,
      size,
      font: face,
      color: INK,
    });
  };
  centre(`R.U.C. N° ${issuer.ruc}`, top - 20, 11);
  centre(title, top - 38, title.length > 22 ? 10 : 11);
  centre(code, top - 56, 11);
  sheet.y = Math.min(y, top - boxHeight) - 14;

  // The document's facts: a label and its value on each row.
  const customer = document.customer;
  const facts: [string, string][] = [
    [t.issueDate, `${document.issueDate}${document.issueTime ? ` ${document.issueTime}` : ''}`],
    [t.customer, customer.name],
    [identityNames[customer.documentType], customer.documentNumber],
  ];
  if (customer.address) facts.push([t.address, customer.address]);
  facts.push([
    t.currency,
    currencyNames[document.currency]?.[options.language] ?? document.currency,
  ]);
  if (document.currency !== 'PEN' && document.exchangeRate) {
    facts.push([t.exchangeRate, document.exchangeRate]);
  }
  facts.push([t.booking, document.bookingCode]);
  if (document.kind === 'credit_note') {
    const referenced = document.references;
    facts.push([
      t.modifies,
      `${legalTitle(referenced)} ${receiptCode(referenced.series, referenced.number)}`,
    ]);
    facts.push([t.noteType, `${document.noteType} — ${noteTypes[document.noteType] ?? ''}`]);
    facts.push([t.reason, document.noteReason]);
  }
  const labelWidth = 150;
  for (const [label, value] of facts) {
    const lines = sheet.wrap(value, WIDTH - labelWidth, 9);
    sheet.need(lines.length * 12);
    sheet.draw(`${label}:`, MARGIN, sheet.y - 9, 9, bold);
    for (const line of lines) {
      sheet.draw(line, MARGIN + labelWidth, sheet.y - 9, 9);
      sheet.y -= 12;
    }
  }
  sheet.y -= 10;

  // The lines.
  const columns = {
    quantity: { x: MARGIN, width: 34 },
    description: { x: MARGIN + 38, width: 260 },
    affectation: { x: MARGIN + 302, width: 70 },
    unit: { right: MARGIN + 440 },
    amount: { right: MARGIN + WIDTH },
  };
  const header = () => {
    sheet.need(20);
    sheet.page.drawRectangle({
      x: MARGIN,
      y: sheet.y - 16,
      width: WIDTH,
      height: 16,
      color: rgb(0.92, 0.92, 0.92),
    });
    const yy = sheet.y - 11.5;
    sheet.draw(t.quantity, columns.quantity.x + 2, yy, 8, bold);
    sheet.draw(t.description, columns.description.x, yy, 8, bold);
    sheet.draw(t.affectation, columns.affectation.x, yy, 8, bold);
    sheet.drawRight(t.unitValue, columns.unit.right, yy, 8, bold);
    sheet.drawRight(t.amount, columns.amount.right - 2, yy, 8, bold);
    sheet.y -= 20;
  };
  header();
  for (const line of document.lines) {
    const description = sheet.wrap(line.description, columns.description.width, 9);
    const height = description.length * 11 + 4;
    if (sheet.y - height < MARGIN + 20) {
      sheet.addPage();
      header();
    }
    const yy = sheet.y - 9;
    sheet.draw(String(line.quantity), columns.quantity.x + 2, yy, 9);
    description.forEach((text, index) => {
      sheet.draw(text, columns.description.x, yy - index * 11, 9);
    });
    sheet.draw(
      `${line.affectation} ${line.affectation === '10' ? t.taxed : t.export}`,
      columns.affectation.x,
      yy,
      7,
    );
    sheet.drawRight(unitValue(line.valueCents, line.quantity), columns.unit.right, yy, 9);
    sheet.drawRight(amount(line.valueCents), columns.amount.right - 2, yy, 9);
    sheet.y -= height;
    sheet.page.drawLine({
      start: { x: MARGIN, y: sheet.y + 2 },
      end: { x: MARGIN + WIDTH, y: sheet.y + 2 },
      thickness: 0.5,
      color: LINE,
    });
  }
  sheet.y -= 8;

  // The totals, the amount in words, the QR code and the legend.
  const symbol = document.currency === 'PEN' ? 'S/' : document.currency;
  const totals: [string, number, boolean][] = [
    [t.taxedTotal, document.taxedCents, false],
    [t.exportTotal, document.exportCents, false],
    [t.igv, document.igvCents, false],
    [t.total, document.totalCents, true],
  ];
  const words = sheet.wrap(
    `${t.inWords}: ${amountInWords(document.totalCents, document.currency)}`,
    WIDTH,
    9,
    bold,
  );
  const qrSize = 96;
  sheet.need(totals.length * 14 + words.length * 12 + qrSize + 70);
  for (const [label, cents, strong] of totals) {
    const face = strong ? bold : font;
    sheet.drawRight(label, columns.unit.right, sheet.y - 10, 10, face);
    sheet.drawRight(`${symbol} ${amount(cents)}`, columns.amount.right - 2, sheet.y - 10, 10, face);
    sheet.y -= 14;
  }
  sheet.y -= 6;
  for (const line of words) {
    sheet.draw(line, MARGIN, sheet.y - 9, 9, bold);
    sheet.y -= 12;
  }
  sheet.y -= 8;
  const qr = await pdf.embedPng(qrPng(sunatQrText(document, issuer, options.digest)));
  sheet.page.drawImage(qr, { x: MARGIN, y: sheet.y - qrSize, width: qrSize, height: qrSize });
  let ly = sheet.y - 12;
  const textX = MARGIN + qrSize + 12;
  const textWidth = WIDTH - qrSize - 12;
  for (const line of [
    ...sheet.wrap(`${legend[document.documentType]}.`, textWidth, 9, bold),
    ...sheet.wrap(t.consult, textWidth, 8),
    ...sheet.wrap(`${t.digest}: ${options.digest}`, textWidth, 8),
  ]) {
    sheet.draw(line, textX, ly, line.startsWith('Representación') ? 9 : 8);
    ly -= 12;
  }
  sheet.y -= qrSize + 10;
  if (sheet.replaced) sheet.draw(t.replaced, MARGIN, MARGIN - 14, 7, font, MUTED);

  // A voided or rejected receipt says so across every page.
  const stamp =
    options.status === 'voided' ? t.voided : options.status === 'rejected' ? t.rejected : undefined;
  const pages = sheet.pages;
  pages.forEach((page, index) => {
    if (stamp) {
      const size = 54;
      const width = bold.widthOfTextAtSize(stamp, size);
      page.drawText(stamp, {
        x: A4.width / 2 - (width / 2) * Math.cos(Math.PI / 6),
        y: A4.height / 2 - (width / 2) * Math.sin(Math.PI / 6),
        size,
        font: bold,
        color: rgb(0.8, 0.1, 0.1),
        opacity: 0.35,
        rotate: degrees(30),
      });
    }
    if (pages.length > 1) {
      const label = `${t.page} ${index + 1}/${pages.length} — ${code}`;
      page.drawText(label, {
        x: A4.width - MARGIN - font.widthOfTextAtSize(label, 7),
        y: MARGIN - 14,
        size: 7,
        font,
        color: MUTED,
      });
    }
  });
  return pdf.save();
}
