import { inLanguage, type Language, todayInLima } from '@cusco/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { printable } from '../../lib/pdf-text.ts';
import { type BookOwner, type ComplaintRow, filedOn, numberOf } from './book.ts';

/**
 * A sheet of the complaints book as a PDF (A4, the legal fields of the "hoja de reclamación",
 * Anexo I of D.S. 011-2011-PCM): the provider, the consumer, what was contracted, the complaint,
 * and the provider's answer once given. Sent with both e-mails and downloaded by staff.
 *
 * pdf-lib's standard fonts print WinAnsi only: a letter the font lacks is printed as its base
 * letter (ś → s), anything else as '?', and the sheet then says what '?' stands for.
 */

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const WIDTH = PAGE.width - 2 * MARGIN;
const BODY = 10;
const LINE = 13;

const labels = {
  title: ['Complaints book', 'Libro de Reclamaciones'],
  sheet: ['Complaint sheet', 'Hoja de reclamación'],
  number: ['No.', 'N.º'],
  filed: ['Filed on', 'Fecha'],
  due: ['Answer due by', 'Fecha límite de respuesta'],
  provider: ['Provider', 'Proveedor'],
  ruc: ['RUC', 'RUC'],
  address: ['Address', 'Domicilio'],
  consumer: ['1. The consumer', '1. Identificación del consumidor reclamante'],
  name: ['Name', 'Nombre'],
  document: ['Document', 'Documento'],
  phone: ['Phone', 'Teléfono'],
  email: ['E-mail', 'Correo electrónico'],
  guardian: ['Parent or guardian (minor)', 'Padre, madre o apoderado (menor de edad)'],
  contracted: ['2. What was contracted', '2. Identificación del bien contratado'],
  service: ['Service', 'Servicio'],
  booking: ['Booking code', 'Código de reserva'],
  amount: ['Amount', 'Monto reclamado'],
  detailTitle: ['3. The complaint', '3. Detalle de la reclamación y pedido del consumidor'],
  kind: ['Kind', 'Tipo'],
  complaint: [
    'Complaint (about the product or service)',
    'Reclamo (disconformidad con el producto o servicio)',
  ],
  grievance: [
    'Grievance (about the attention received)',
    'Queja (malestar respecto a la atención al público)',
  ],
  detail: ['Detail', 'Detalle'],
  request: ['Request', 'Pedido'],
  answerTitle: [
    '4. The provider’s answer',
    '4. Observaciones y acciones adoptadas por el proveedor',
  ],
  answeredOn: ['Answered on', 'Fecha de respuesta'],
  pending: ['Not answered yet.', 'Pendiente de respuesta.'],
  legal: [
    'Filing a complaint does not prevent the consumer from going to other means of dispute resolution, nor is it a prior requirement to report to INDECOPI. The provider must answer within 15 working days (D.S. 011-2011-PCM, as amended by D.S. 101-2022-PCM).',
    'La formulación del reclamo no impide acudir a otras vías de solución de controversias ni es requisito previo para interponer una denuncia ante el INDECOPI. El proveedor deberá dar respuesta al reclamo en un plazo no mayor a quince (15) días hábiles improrrogables (D.S. 011-2011-PCM, modificado por D.S. 101-2022-PCM).',
  ],
  replaced: [
    '? stands for a character this PDF cannot print; the e-mail and the record hold the text as written.',
    '? reemplaza un carácter que este PDF no puede imprimir; el correo y el registro guardan el texto tal como se escribió.',
  ],
} as const;

type Label = keyof typeof labels;

class Writer {
  private page: PDFPage;
  private y = PAGE.height - MARGIN;
  replaced = false;
  private readonly charset: ReadonlySet<number>;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
    this.charset = new Set(font.getCharacterSet());
  }

  /** A text the standard font can print (ADR 0045: lib/pdf-text.ts). */
  clean(text: string): string {
    const result = printable(text, this.charset);
    if (result.replaced) this.replaced = true;
    return result.text;
  }

  private room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of this.clean(paragraph).split(' ')) {
        let candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        // A word longer than the line is cut where it must be.
        candidate = word;
        while (font.widthOfTextAtSize(candidate, size) > width) {
          let cut = candidate.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(candidate.slice(0, cut), size) > width) cut--;
          lines.push(candidate.slice(0, cut));
          candidate = candidate.slice(cut);
        }
        line = candidate;
      }
      lines.push(line);
    }
    return lines;
  }

  text(value: string, options: { bold?: boolean; size?: number; gap?: number } = {}) {
    const font = options.bold ? this.bold : this.font;
    const size = options.size ?? BODY;
    for (const line of this.wrap(value, font, size, WIDTH)) {
      this.room(size + 3);
      this.y -= size + 3;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: rgb(0, 0, 0) });
    }
    this.y -= options.gap ?? 0;
  }

  /** A label and its value, side by side; the value wraps under itself. */
  field(label: string, value: string) {
    const labelWidth = 150;
    const lines = this.wrap(value || '—', this.font, BODY, WIDTH - labelWidth);
    this.room(LINE);
    lines.forEach((line, index) => {
      this.room(LINE);
      this.y -= LINE;
      if (index === 0) {
        this.page.drawText(this.clean(label), {
          x: MARGIN,
          y: this.y,
          size: BODY,
          font: this.bold,
        });
      }
      this.page.drawText(line, { x: MARGIN + labelWidth, y: this.y, size: BODY, font: this.font });
    });
  }

  heading(value: string) {
    this.y -= 8;
    this.room(LINE * 3);
    this.text(value, { bold: true, size: 12, gap: 2 });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + WIDTH, y: this.y },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
  }
}

const moneyText = (cents: number, currency: string) =>
  `${currency} ${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** The sheet as a PDF, in the language it was filed in (or the one asked). */
export async function complaintPdf(
  row: ComplaintRow,
  owner: BookOwner,
  language: Language = row.language,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const l = (label: Label) => inLanguage(language, labels[label][0], labels[label][1]);
  const number = numberOf(row);
  pdf.setTitle(`${l('sheet')} ${number}`);
  pdf.setAuthor(owner.legalName);
  pdf.setCreationDate(row.createdAt);
  pdf.setModificationDate(row.answeredAt ?? row.createdAt);
  const w = new Writer(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );
  w.text(l('title'), { bold: true, size: 16, gap: 2 });
  w.text(`${l('sheet')} ${l('number')} ${number}`, { bold: true, size: 12, gap: 6 });
  w.field(l('filed'), filedOn(row));
  w.field(l('due'), row.dueDate);
  w.field(l('provider'), `${owner.legalName}${owner.tradeName ? ` (${owner.tradeName})` : ''}`);
  w.field(l('ruc'), owner.ruc);
  w.field(l('address'), owner.address);

  w.heading(l('consumer'));
  w.field(l('name'), row.consumerName);
  w.field(l('document'), `${row.documentType} ${row.documentNumber}`);
  w.field(l('address'), row.address);
  w.field(l('phone'), row.phone);
  w.field(l('email'), row.email);
  if (row.isMinor) w.field(l('guardian'), row.guardianName ?? '');

  w.heading(l('contracted'));
  w.field(l('service'), row.service);
  if (row.bookingCode) w.field(l('booking'), row.bookingCode);
  w.field(
    l('amount'),
    row.amountCents === null || !row.currency ? '' : moneyText(row.amountCents, row.currency),
  );

  w.heading(l('detailTitle'));
  w.field(l('kind'), l(row.kind === 'grievance' ? 'grievance' : 'complaint'));
  w.text(l('detail'), { bold: true });
  w.text(row.detail, { gap: 4 });
  w.text(l('request'), { bold: true });
  w.text(row.request, { gap: 4 });

  w.heading(l('answerTitle'));
  if (row.answer && row.answeredAt) {
    w.field(l('answeredOn'), todayInLima(row.answeredAt));
    w.text(row.answer, { gap: 4 });
  } else w.text(l('pending'), { gap: 4 });

  w.heading('');
  w.text(l('legal'), { size: 8 });
  if (w.replaced) w.text(l('replaced'), { size: 8 });
  return pdf.save();
}

/** The PDF's file name: hoja-reclamacion-2026-000001.pdf. */
export const complaintPdfName = (row: Pick<ComplaintRow, 'number' | 'createdAt'>) =>
  `hoja-reclamacion-${numberOf(row)}.pdf`;
