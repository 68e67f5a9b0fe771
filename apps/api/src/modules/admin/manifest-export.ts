import { type AdminManifest, type Language, type MessageKey, translate } from '@cusco/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { csvField } from '../../lib/csv.ts';

/**
 * The manifest's exports (issue 13): CSV for spreadsheets and a printable A4 PDF for the trail
 * checkpoint, both in the order of the screen (incomplete passengers first), labelled in the
 * request's language.
 */

type Passenger = AdminManifest['passengers'][number];

/** A value, or "data missing" in the language when the passenger's data is not there yet. */
const orMissing = (value: string | null | undefined, language: Language) =>
  value?.trim() ? value : translate('manifestDataMissing', language);

/** "Quispe, Rosa"; "data missing" for a passenger not yet named. */
function passengerName(p: Passenger, language: Language) {
  const parts = [p.lastName, p.name].filter((part) => part?.trim());
  return parts.length > 0 ? parts.join(', ') : translate('manifestDataMissing', language);
}

const yesNo = (value: boolean, language: Language) => translate(value ? 'yes' : 'no', language);

const columns: [MessageKey, (passenger: Passenger, language: Language) => string][] = [
  ['manifestBooking', (p) => p.bookingCode],
  ['manifestPaid', (p, language) => yesNo(p.paid, language)],
  ['manifestPosition', (p) => String(p.position)],
  ['manifestFirstName', (p, language) => orMissing(p.name, language)],
  ['manifestLastName', (p, language) => orMissing(p.lastName, language)],
  ['manifestDocumentType', (p, language) => orMissing(p.documentType, language)],
  ['manifestDocumentNumber', (p, language) => orMissing(p.documentNumber, language)],
  ['manifestNationality', (p, language) => orMissing(p.nationality, language)],
  ['manifestBirthDate', (p, language) => orMissing(p.birthDate, language)],
  ['manifestType', (p) => p.customerType],
  ['manifestDiet', (p) => p.diet],
  ['manifestMedical', (p) => p.medical],
  ['manifestComplete', (p) => String(p.completeness)],
  ['manifestScan', (p, language) => yesNo(p.hasScan, language)],
  ['manifestLead', (p) => p.customerName],
  ['manifestPhone', (p) => p.customerPhone],
  ['manifestPickup', (p, language) => orMissing(p.pickupPlace, language)],
];

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

/** A4 landscape: the guide's columns side by side. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 30;
const pdfColumns: {
  label: MessageKey;
  width: number;
  value(p: Passenger, language: Language): string;
}[] = [
  { label: 'manifestPosition', width: 22, value: () => '' },
  { label: 'manifestPassengerName', width: 104, value: passengerName },
  {
    label: 'manifestDocumentNumber',
    width: 80,
    value: (p, language) =>
      [p.documentType, p.documentNumber].filter(Boolean).join(' ') ||
      translate('manifestDataMissing', language),
  },
  { label: 'manifestNationality', width: 58, value: (p, l) => orMissing(p.nationality, l) },
  { label: 'manifestBirthDate', width: 52, value: (p, l) => orMissing(p.birthDate, l) },
  { label: 'manifestType', width: 42, value: (p) => p.customerType },
  { label: 'manifestBooking', width: 56, value: (p) => p.bookingCode },
  { label: 'manifestLead', width: 88, value: (p) => `${p.customerName} ${p.customerPhone}`.trim() },
  { label: 'manifestPickup', width: 82, value: (p, l) => orMissing(p.pickupPlace, l) },
  { label: 'manifestDiet', width: 62, value: (p) => p.diet },
  { label: 'manifestMedical', width: 62, value: (p) => p.medical },
  { label: 'manifestPaid', width: 36, value: (p, l) => yesNo(p.paid, l) },
  { label: 'manifestCheck', width: 36, value: () => '[  ]' },
];

/** Cuts a text to fit a width at a size (a cell's value; headers wrap instead). */
function fit(font: PDFFont, text: string, size: number, width: number): string {
  let cut = winAnsi(text);
  while (cut.length > 1 && font.widthOfTextAtSize(cut, size) > width - 4) cut = cut.slice(0, -1);
  return cut;
}

/** A text broken into lines that fit a width: a header is never cut (issue 28). */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of winAnsi(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width - 4) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The printable manifest: a title, the completeness, and a numbered table with a check box;
 * the bookings not paid yet in a table of their own, after the others.
 */
export async function manifestPdf(
  manifest: AdminManifest,
  language: Language,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${translate('manifestTitle', language)} ${manifest.tourCode} ${manifest.date}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const rowHeight = 16;
  const headerSize = 7.5;
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const text = (value: string, x: number, size: number, face = font) =>
    page.drawText(winAnsi(value), { x, y, size, font: face, color: rgb(0, 0, 0) });

  const headers = pdfColumns.map((column) =>
    wrap(bold, translate(column.label, language), headerSize, column.width),
  );
  const headerLines = Math.max(...headers.map((lines) => lines.length));
  const header = () => {
    let x = MARGIN;
    headers.forEach((lines, index) => {
      lines.forEach((line, n) => {
        page.drawText(line, { x, y: y - n * (headerSize + 1.5), size: headerSize, font: bold });
      });
      x += pdfColumns[index]?.width ?? 0;
    });
    y -= (headerLines - 1) * (headerSize + 1.5) + 6;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE.width - MARGIN, y },
      thickness: 0.8,
    });
    y -= rowHeight - 6;
  };
  const newPageIfFull = (needed: number) => {
    if (y < MARGIN + needed) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
      return true;
    }
    return false;
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
  const table = (passengers: Passenger[], start: number) => {
    header();
    passengers.forEach((passenger, index) => {
      if (newPageIfFull(rowHeight)) header();
      let x = MARGIN;
      for (const column of pdfColumns) {
        const value =
          column.label === 'manifestPosition'
            ? String(start + index + 1)
            : column.value(passenger, language);
        page.drawText(fit(font, value, 8, column.width), { x, y, size: 8, font });
        x += column.width;
      }
      y -= rowHeight;
    });
  };
  const paid = manifest.passengers.filter((passenger) => passenger.paid);
  const unpaid = manifest.passengers.filter((passenger) => !passenger.paid);
  if (paid.length > 0) table(paid, 0);
  if (unpaid.length > 0) {
    y -= 10;
    newPageIfFull(rowHeight * 4);
    text(translate('manifestUnpaidHolds', language), MARGIN, 11, bold);
    y -= 18;
    table(unpaid, paid.length);
  }
  return pdf.save();
}
