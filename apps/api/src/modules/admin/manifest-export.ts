import { type AdminManifest, type Language, type MessageKey, translate } from '@cusco/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * The manifest's exports (issue 13): CSV for spreadsheets and a printable A4 PDF for the trail
 * checkpoint, both in the order of the screen (incomplete passengers first), labelled in the
 * request's language.
 */

type Passenger = AdminManifest['passengers'][number];

const columns: [MessageKey, (passenger: Passenger, language: Language) => string][] = [
  ['manifestBooking', (p) => p.bookingCode],
  ['manifestPosition', (p) => String(p.position)],
  ['manifestFirstName', (p) => p.name ?? ''],
  ['manifestLastName', (p) => p.lastName ?? ''],
  ['manifestDocumentType', (p) => p.documentType ?? ''],
  ['manifestDocumentNumber', (p) => p.documentNumber ?? ''],
  ['manifestNationality', (p) => p.nationality ?? ''],
  ['manifestBirthDate', (p) => p.birthDate ?? ''],
  ['manifestType', (p) => p.customerType],
  ['manifestComplete', (p) => String(p.completeness)],
  ['manifestScan', (p, language) => translate(p.hasScan ? 'yes' : 'no', language)],
  ['manifestCustomer', (p) => p.customerName],
];

/** RFC 4180: every field quoted, quotes doubled; a leading = + - @ is defused for spreadsheets. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The manifest as CSV (UTF-8 with a byte-order mark, so that spreadsheets read the accents). */
export function manifestCsv(manifest: AdminManifest, language: Language): string {
  const lines = [
    columns.map(([label]) => csvField(translate(label, language))).join(','),
    ...manifest.passengers.map((passenger) =>
      columns.map(([, value]) => csvField(value(passenger, language))).join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** pdf-lib's standard fonts write WinAnsi only: other characters become '?'. */
function winAnsi(text: string): string {
  return text.replace(/[^\u0020-\u007E\u00A0-\u00FF]/g, '?');
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const pdfColumns: { label: MessageKey; width: number; value(p: Passenger): string }[] = [
  { label: 'manifestPosition', width: 24, value: () => '' },
  { label: 'manifestLastName', width: 150, value: (p) => `${p.lastName ?? ''}, ${p.name ?? ''}` },
  {
    label: 'manifestDocumentNumber',
    width: 110,
    value: (p) => [p.documentType, p.documentNumber].filter(Boolean).join(' '),
  },
  { label: 'manifestNationality', width: 70, value: (p) => p.nationality ?? '' },
  { label: 'manifestBirthDate', width: 62, value: (p) => p.birthDate ?? '' },
  { label: 'manifestType', width: 50, value: (p) => p.customerType },
  { label: 'manifestComplete', width: 28, value: (p) => `${p.completeness}%` },
  { label: 'manifestCheck', width: 29, value: () => '[  ]' },
];

/** Cuts a text to fit a width at a size. */
function fit(font: PDFFont, text: string, size: number, width: number): string {
  let cut = winAnsi(text);
  while (cut.length > 1 && font.widthOfTextAtSize(cut, size) > width - 4) cut = cut.slice(0, -1);
  return cut;
}

/** The printable manifest: a title, the completeness, and a numbered table with a check box. */
export async function manifestPdf(
  manifest: AdminManifest,
  language: Language,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${translate('manifestTitle', language)} ${manifest.tourCode} ${manifest.date}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const rowHeight = 18;
  let page: PDFPage = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const text = (value: string, x: number, size: number, face = font) =>
    page.drawText(winAnsi(value), { x, y, size, font: face, color: rgb(0, 0, 0) });

  const header = () => {
    let x = MARGIN;
    for (const column of pdfColumns) {
      page.drawText(fit(bold, translate(column.label, language), 8, column.width), {
        x,
        y,
        size: 8,
        font: bold,
      });
      x += column.width;
    }
    y -= 6;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4.width - MARGIN, y },
      thickness: 0.8,
    });
    y -= rowHeight - 6;
  };

  text(`${translate('manifestTitle', language)}: ${manifest.tour}`, MARGIN, 16, bold);
  y -= 22;
  text(`${manifest.tourCode} · ${manifest.date}`, MARGIN, 11);
  y -= 16;
  text(
    translate('manifestCompleteness', language, {
      complete: manifest.complete,
      count: manifest.total,
    }),
    MARGIN,
    11,
  );
  y -= 28;
  header();
  manifest.passengers.forEach((passenger, index) => {
    if (y < MARGIN + rowHeight) {
      page = pdf.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
      header();
    }
    let x = MARGIN;
    for (const column of pdfColumns) {
      const value =
        column.label === 'manifestPosition' ? String(index + 1) : column.value(passenger);
      page.drawText(fit(font, value, 9, column.width), { x, y, size: 9, font });
      x += column.width;
    }
    y -= rowHeight;
  });
  return pdf.save();
}
