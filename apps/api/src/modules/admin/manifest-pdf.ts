import {
  type AdminManifest,
  type AdminManifestCrewMember,
  type AdminManifestPassenger,
  type Language,
  type MessageKey,
  translate,
} from '@cusco/shared';
import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { printable } from '../../lib/pdf-text.ts';

/**
 * The guide's manifest (issues 13, 28, 29): an A4 landscape PDF for the trail. The tour, its
 * dates and where it starts; the crew; the travellers grouped by booking (age on the travel date,
 * sex, nationality, document, diet, allergies, medical notes, emergency contact, a box to tick at
 * the checkpoint), the unpaid holds apart; then the counts and the diets for the cook. Every
 * text wraps in its cell (never cut); a table that goes on to another page repeats its header.
 */

type Passenger = AdminManifestPassenger;

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 30;
const WIDTH = PAGE.width - 2 * MARGIN;
/** Room kept at the foot of every page for its footer. */
const FOOT = 22;
const BODY = 8;
const LINE = 9.6;
const HEAD = 7.5;
const PAD = 3;
const INK = rgb(0, 0, 0);
const MUTED = rgb(0.3, 0.3, 0.3);
const SHADE = rgb(0.9, 0.9, 0.9);
const RULE = rgb(0.7, 0.7, 0.7);

/** A cell's text: paragraphs (each wrapped in the cell). */
type Cell = string | string[];

interface Column<T> {
  label: string;
  width: number;
  value(row: T, index: number): Cell;
}

/** A table's rows under a title of their own (a booking), or untitled (the crew). */
interface Group<T> {
  title?: string;
  rows: T[];
}

/** The page being written, from the top down, and what it takes to start another. */
class Sheet {
  private page: PDFPage;
  private y = 0;
  /** Whether a character had no printable form ('?'): the last page says what '?' means. */
  replaced = false;
  private readonly charset: ReadonlySet<number>;

  constructor(
    private readonly pdf: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.charset = new Set(font.getCharacterSet());
    this.page = this.addPage();
  }

  private addPage(): PDFPage {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
    return this.page;
  }

  /** What the font can print of a text. */
  text(value: string): string {
    const result = printable(value, this.charset);
    if (result.replaced) this.replaced = true;
    return result.text;
  }

  /** A cell's paragraphs broken into lines that fit `width`; a word too long is broken too. */
  lines(cell: Cell, font: PDFFont, size: number, width: number): string[] {
    const fits = (text: string) => font.widthOfTextAtSize(text, size) <= width;
    const lines: string[] = [];
    for (const paragraph of typeof cell === 'string' ? [cell] : cell) {
      let line = '';
      for (let word of this.text(paragraph).split(' ').filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (fits(next)) {
          line = next;
          continue;
        }
        if (line) lines.push(line);
        // A word wider than the cell: as much of it on each line as fits.
        while (!fits(word)) {
          let cut = word.length - 1;
          while (cut > 1 && !fits(word.slice(0, cut))) cut -= 1;
          lines.push(word.slice(0, cut));
          word = word.slice(cut);
        }
        line = word;
      }
      if (line) lines.push(line);
    }
    return lines;
  }

  /** The height left above the footer. */
  private get room() {
    return this.y - MARGIN - FOOT;
  }

  /** Starts another page unless `height` fits on this one; true when it did. */
  private ensure(height: number): boolean {
    if (height <= this.room) return false;
    this.addPage();
    return true;
  }

  /** Lines of text across the page (a title, a paragraph), kept together where they fit. */
  paragraph(text: Cell, { size = 9, font = this.font, color = INK, after = 4 } = {}) {
    const lines = this.lines(text, font, size, WIDTH);
    const lineHeight = size * 1.25;
    this.ensure(Math.min(lines.length * lineHeight, PAGE.height / 3));
    for (const line of lines) {
      this.ensure(lineHeight);
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color });
      this.y -= lineHeight;
    }
    this.y -= after;
  }

  /** A section's heading, kept with at least `next` points of what follows it. */
  heading(text: string, next = 40) {
    this.ensure(16 + next);
    this.y -= 6;
    this.paragraph(text, { size: 12, font: this.bold, after: 4 });
  }

  /** Draws lines in a band `height` high starting at the current top, shaded or not. */
  private band(height: number, fill?: Color) {
    if (fill) {
      this.page.drawRectangle({
        x: MARGIN,
        y: this.y - height,
        width: WIDTH,
        height,
        color: fill,
      });
    }
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - height },
      end: { x: MARGIN + WIDTH, y: this.y - height },
      thickness: 0.4,
      color: RULE,
    });
  }

  /** Cells side by side, each wrapped in its column; returns nothing, moves down. */
  private cells(columns: { width: number }[], cells: string[][], size: number, font: PDFFont) {
    const lineHeight = size === BODY ? LINE : size + 1.5;
    let x = MARGIN;
    cells.forEach((lines, index) => {
      lines.forEach((line, n) => {
        this.page.drawText(line, {
          x: x + PAD,
          y: this.y - PAD - size - n * lineHeight + 1,
          size,
          font,
          color: INK,
        });
      });
      x += columns[index]?.width ?? 0;
    });
  }

  /**
   * A table: its header, then each group's title (kept with its first row) and rows. A row that
   * does not fit goes on the next page, under the header again (and its group's title, continued).
   */
  table<T>(columns: Column<T>[], groups: Group<T>[], continued: string) {
    const width = (column: Column<T>) => column.width - 2 * PAD;
    const labels = columns.map((column) =>
      this.lines(column.label, this.bold, HEAD, width(column)),
    );
    const headerHeight = Math.max(...labels.map((lines) => lines.length)) * (HEAD + 1.5) + 2 * PAD;
    const header = () => {
      this.band(headerHeight, SHADE);
      this.cells(columns, labels, HEAD, this.bold);
      this.y -= headerHeight;
    };
    const titleOf = (title: string) => this.lines(title, this.bold, BODY, WIDTH - 2 * PAD);
    const drawTitle = (lines: string[]) => {
      const height = lines.length * LINE + 2 * PAD;
      this.band(height, rgb(0.96, 0.96, 0.96));
      this.cells([{ width: WIDTH }], [lines], BODY, this.bold);
      this.y -= height;
    };
    const fullPage = PAGE.height - 2 * MARGIN - FOOT - headerHeight - 3 * LINE;

    this.ensure(headerHeight + 3 * LINE);
    header();
    let index = 0;
    for (const group of groups) {
      const title = group.title ? titleOf(group.title) : null;
      const titleHeight = title ? title.length * LINE + 2 * PAD : 0;
      group.rows.forEach((row, n) => {
        let cells = columns.map((column) =>
          this.lines(column.value(row, index), this.font, BODY, width(column)),
        );
        let height = Math.max(1, ...cells.map((lines) => lines.length)) * LINE + 2 * PAD;
        if (height > fullPage) {
          // Longer than a page (no field is that long today): as many lines as a page holds.
          const most = Math.floor((fullPage - 2 * PAD) / LINE);
          cells = cells.map((lines) => lines.slice(0, most));
          height = most * LINE + 2 * PAD;
        }
        const withTitle = n === 0 ? titleHeight : 0;
        if (this.ensure(height + withTitle)) {
          header();
          if (title && n > 0) drawTitle(titleOf(`${group.title} ${continued}`));
        }
        if (title && n === 0) drawTitle(title);
        this.band(height);
        this.cells(columns, cells, BODY, this.font);
        this.y -= height;
        index += 1;
      });
    }
    this.y -= 8;
  }

  /** Every page's footer: what the document is, and the page's number among all. */
  footers(text: (page: number, pages: number) => string) {
    const pages = this.pdf.getPages();
    pages.forEach((page, index) => {
      const line = this.text(text(index + 1, pages.length));
      page.drawText(line, { x: MARGIN, y: MARGIN - 4, size: 7.5, font: this.font, color: MUTED });
    });
  }
}

/** A value, or "data missing" in the language when it is not there yet. */
const orMissing = (value: string | null | undefined, language: Language) =>
  value?.trim() ? value : translate('manifestDataMissing', language);

/** "Quispe, Rosa"; "data missing" for a passenger not yet named. */
export function passengerName(p: Passenger, language: Language) {
  const parts = [p.lastName, p.name].filter((part) => part?.trim());
  return parts.length > 0 ? parts.join(', ') : translate('manifestDataMissing', language);
}

/** Languages by their names in the request's language (qu → Quechua), as codes when unknown. */
function languageNames(codes: string[], language: Language) {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'language' });
  } catch {
    names = null;
  }
  return codes.map((code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  });
}

function crewColumns(language: Language): Column<AdminManifestCrewMember>[] {
  const label = (key: MessageKey) => translate(key, language);
  return [
    { label: '#', width: 18, value: (_, index) => String(index + 1) },
    { label: label('manifestCrewName'), width: 180, value: (m) => `${m.lastName}, ${m.firstName}` },
    { label: label('manifestRole'), width: 95, value: (m) => m.roleName },
    {
      label: label('manifestDocument'),
      width: 150,
      value: (m) => `${m.documentType} ${m.documentNumber}`,
    },
    { label: label('manifestNationality'), width: 100, value: (m) => m.nationality },
    { label: label('manifestCrewPhone'), width: 110, value: (m) => m.phone || '-' },
    {
      label: label('manifestLanguages'),
      width: WIDTH - 653,
      value: (m) => languageNames(m.languages, language).join(', ') || '-',
    },
  ];
}

function travellerColumns(language: Language, start: number): Column<Passenger>[] {
  const label = (key: MessageKey) => translate(key, language);
  const missing = (value: string | null | undefined) => orMissing(value, language);
  return [
    { label: '#', width: 18, value: (_, index) => String(start + index + 1) },
    { label: label('manifestPassengerName'), width: 118, value: (p) => passengerName(p, language) },
    {
      label: label('manifestAge'),
      width: 28,
      value: (p) => (p.age === null ? '-' : String(p.age)),
    },
    { label: label('manifestSex'), width: 44, value: (p) => missing(p.sex) },
    { label: label('manifestNationality'), width: 64, value: (p) => missing(p.nationality) },
    {
      label: label('manifestDocumentNumber'),
      width: 92,
      value: (p) => missing([p.documentType, p.documentNumber].filter(Boolean).join(' ')),
    },
    { label: label('manifestDiet'), width: 92, value: (p) => p.diet || '-' },
    { label: label('manifestAllergies'), width: 88, value: (p) => p.allergies || '-' },
    { label: label('manifestMedical'), width: 86, value: (p) => p.medicalNotes || '-' },
    {
      label: label('manifestEmergency'),
      width: 110,
      value: (p) =>
        p.emergencyContactName || p.emergencyContactPhone
          ? [p.emergencyContactName ?? '', p.emergencyContactPhone ?? ''].filter(Boolean)
          : missing(null),
    },
    { label: label('manifestCheck'), width: 40, value: () => '[   ]' },
  ];
}

/** The passengers by booking (in the manifest's order of bookings), each under its title. */
function byBooking(passengers: Passenger[], language: Language): Group<Passenger>[] {
  const groups = new Map<string, Passenger[]>();
  for (const passenger of passengers) {
    const rows = groups.get(passenger.bookingCode) ?? [];
    rows.push(passenger);
    groups.set(passenger.bookingCode, rows);
  }
  return [...groups].map(([code, rows]) => {
    const first = rows[0] as Passenger;
    return {
      title: translate('manifestGroup', language, {
        code,
        lead: `${first.customerName} ${first.customerPhone}`.trim(),
        pickup: orMissing(first.pickupPlace, language),
      }),
      rows: rows.toSorted((a, b) => a.position - b.position),
    };
  });
}

/** "Hotel Ruinas (3), Plaza de Armas (2)": where the travellers are picked up, the most first. */
function pickupPlaces(passengers: Passenger[], language: Language) {
  const counts = new Map<string, number>();
  for (const passenger of passengers) {
    const place = orMissing(passenger.pickupPlace, language);
    counts.set(place, (counts.get(place) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([place, count]) => `${place} (${count})`)
    .join(', ');
}

/** The guide's manifest as a PDF, labelled in the request's language. */
export async function manifestPdf(
  manifest: AdminManifest,
  language: Language,
): Promise<Uint8Array> {
  const t = (key: MessageKey, params?: Record<string, string | number>) =>
    translate(key, language, params);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t('manifestGuideTitle')} ${manifest.tourCode} ${manifest.date}`);
  const sheet = new Sheet(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );

  sheet.paragraph(`${t('manifestGuideTitle')}: ${manifest.tour}`, {
    size: 16,
    font: sheet.bold,
  });
  sheet.paragraph(
    `${manifest.tourCode} · ${t('manifestDays', {
      count: manifest.days,
      from: manifest.date,
      to: manifest.endDate ?? manifest.date,
    })}`,
    { size: 11 },
  );
  if (manifest.meeting) sheet.paragraph(`${t('manifestMeeting')}: ${manifest.meeting}`);
  if (manifest.passengers.length > 0) {
    sheet.paragraph(`${t('manifestPickups')}: ${pickupPlaces(manifest.passengers, language)}`);
  }
  sheet.paragraph(
    t('manifestCompleteness', { complete: manifest.complete, count: manifest.total }),
  );

  sheet.heading(`${t('manifestCrew')} (${manifest.crew.length})`);
  if (manifest.crew.length > 0) {
    sheet.table(crewColumns(language), [{ rows: manifest.crew }], t('manifestContinued'));
  } else {
    sheet.paragraph(t('manifestNoCrew'), { after: 8 });
  }

  const paid = manifest.passengers.filter((passenger) => passenger.paid);
  const unpaid = manifest.passengers.filter((passenger) => !passenger.paid);
  sheet.heading(`${t('manifestTravellers')} (${paid.length})`, 80);
  if (paid.length > 0) {
    sheet.table(travellerColumns(language, 0), byBooking(paid, language), t('manifestContinued'));
  }
  if (unpaid.length > 0) {
    sheet.heading(t('manifestUnpaidHolds'), 80);
    sheet.table(
      travellerColumns(language, paid.length),
      byBooking(unpaid, language),
      t('manifestContinued'),
    );
  }

  const travellers = manifest.passengers.length;
  sheet.heading(t('manifestTotals'), 60);
  sheet.paragraph(
    [
      t('manifestTravellerCount', { count: travellers }),
      t('manifestCrewCount', { count: manifest.crew.length }),
      t('manifestOnTrail', { count: travellers + manifest.crew.length }),
    ].join(' · '),
  );
  if (manifest.diets.length > 0) {
    const diets = manifest.diets.map((diet) => `${diet.count} ${diet.name}`).join(', ');
    sheet.paragraph(t('manifestDiets', { diets }));
  }
  sheet.paragraph(
    t('manifestHealthCount', {
      allergies: manifest.passengers.filter((passenger) => passenger.allergies).length,
      medical: manifest.passengers.filter((passenger) => passenger.medicalNotes).length,
    }),
  );
  if (sheet.replaced) sheet.paragraph(t('manifestReplaced'), { size: 8, color: MUTED });
  sheet.footers(
    (page, pages) =>
      `${t('manifestGuideTitle')} · ${manifest.tourCode} ${manifest.tour} · ${manifest.date} · ${t(
        'manifestPage',
        { page, pages },
      )}`,
  );
  return pdf.save();
}
