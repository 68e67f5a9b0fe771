import { inLanguage, type Language, nameIn } from '@cusco/shared';
import dayjs from 'dayjs';
import { asc, eq } from 'drizzle-orm';
import { createEvent } from 'ics';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { encode } from 'uqr';
import type { Executor } from '../../db/client.ts';
import { bookings, tourItinerary, tours } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { AuthenticatedUser } from '../auth/sessions.ts';
import { type BookingDetailRows, loadBookingDetail } from '../bookings/detail.ts';
import { longDate, mailText, money } from './texts.ts';

/**
 * The travel documents of a booking (issue 15): the voucher (a one-page A4 PDF with a QR code of
 * the booking code) and the calendar file (.ics), made from the same facts, in a language.
 */
export interface TravelFacts {
  code: string;
  tour: string;
  travelDate: string;
  days: number;
  type: string;
  category: string;
  /** The itinerary's first event: where and when the tour starts. */
  meeting: string;
  passengers: { name: string; type: string; document: string | null }[];
  included: string[];
  debtCents: number;
  corporate: boolean;
  currency: string;
}

/** A document number shown on paper: every character but the last four hidden. */
export function maskDocument(value: string): string {
  const kept = value.slice(-4);
  return `${'*'.repeat(Math.max(value.length - 4, 2))}${kept}`;
}

/** The booking's owner, as the detail reads it (a booking seen by its customer). */
export async function bookingOwner(db: Executor, bookingId: string) {
  const [row] = await db
    .select({
      code: bookings.code,
      userId: bookings.userId,
      corporateClientId: bookings.corporateClientId,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!row) throw new AppError('NOT_FOUND', 'bookingNotFound');
  return {
    code: row.code,
    owner: { userId: row.userId, corporateClientId: row.corporateClientId } as AuthenticatedUser,
  };
}

/** The booking's facts for its documents, as `user` may see it (404 otherwise). */
export async function travelFacts(
  db: Executor,
  user: AuthenticatedUser,
  code: string,
  language: Language,
): Promise<TravelFacts> {
  return factsFromRows(db, await loadBookingDetail(db, user, code), language);
}

/** The documents' facts from the booking detail's rows (read once by the e-mails too). */
export async function factsFromRows(
  db: Executor,
  rows: BookingDetailRows,
  language: Language,
): Promise<TravelFacts> {
  const booking = rows.head.booking;
  const [tour] = await db
    .select({ days: tours.days })
    .from(tours)
    .where(eq(tours.id, booking.tourId));
  const [first] = await db
    .select({ nameEn: tourItinerary.nameEn, nameEs: tourItinerary.nameEs })
    .from(tourItinerary)
    .where(eq(tourItinerary.tourId, booking.tourId))
    .orderBy(asc(tourItinerary.day), asc(tourItinerary.sortOrder))
    .limit(1);
  return {
    code: booking.code,
    tour: inLanguage(language, rows.head.tourEn, rows.head.tourEs),
    travelDate: booking.travelDate,
    days: tour?.days ?? 1,
    type: inLanguage(language, rows.head.typeEn, rows.head.typeEs),
    category: inLanguage(language, rows.head.categoryEn, rows.head.categoryEs),
    meeting: first ? nameIn(first, language) : '',
    passengers: rows.slots.map((slot) => ({
      name: slot.client ? `${slot.client.firstName} ${slot.client.lastName}`.trim() : '',
      type: nameIn(slot, language),
      document: slot.client?.documentNumber ? maskDocument(slot.client.documentNumber) : null,
    })),
    included: rows.inclusions.map((item) => nameIn(item, language)),
    debtCents: rows.totals.debt,
    corporate: booking.corporateClientId !== null,
    currency: booking.currency,
  };
}

/**
 * The voucher is for a booking with nothing left to pay; a corporate booking, on credit, has its
 * voucher as soon as it is saved (ADR 0032).
 */
export function voucherReady(facts: Pick<TravelFacts, 'debtCents' | 'corporate'>): boolean {
  return facts.corporate || facts.debtCents <= 0;
}

/** The travel documents' file names. */
export const voucherName = (code: string) => `voucher-${code}.pdf`;
export const calendarName = (code: string) => `${code}.ics`;

/**
 * pdf-lib's standard fonts write WinAnsi only: typographic quotes and dashes become their plain
 * forms, anything else outside it '?'.
 */
function winAnsi(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\u0020-\u007E\u00A0-\u00FF]/g, '?');
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const INK = rgb(0.12, 0.16, 0.22);
const MUTED = rgb(0.3, 0.33, 0.38);
const BRAND = rgb(0.6, 0.2, 0.07);

/** Breaks a text into lines that fit a width. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of winAnsi(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws the booking code's QR code (dark modules as squares) with its top-left corner at x, top. */
function drawQr(page: PDFPage, text: string, x: number, top: number, size: number) {
  const { data } = encode(text, { ecc: 'M', border: 0 });
  const cell = size / data.length;
  data.forEach((row, r) => {
    row.forEach((dark, c) => {
      if (dark) {
        page.drawRectangle({
          x: x + c * cell,
          y: top - (r + 1) * cell,
          width: cell,
          height: cell,
          color: rgb(0, 0, 0),
        });
      }
    });
  });
}

/**
 * The voucher: one A4 page with the agency, the booking code (and its QR code), the tour, its
 * date and duration, the meeting point and time, the passengers with their document numbers
 * masked but the last four, what is included, and the balance.
 */
export async function voucherPdf(facts: TravelFacts, language: Language): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${mailText('voucherTitle', language)} ${facts.code}`);
  pdf.setSubject(facts.code);
  pdf.setAuthor(mailText('agency', language));
  pdf.setLanguage(language);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([A4.width, A4.height]);
  const width = A4.width - 2 * MARGIN;
  let y = A4.height - MARGIN;

  const write = (value: string, size: number, face = font, color = INK, x = MARGIN) => {
    page.drawText(winAnsi(value), { x, y: y - size, size, font: face, color });
    y -= size + 6;
  };
  const paragraph = (value: string, size: number, maxWidth = width) => {
    for (const line of wrap(font, value, size, maxWidth)) write(line, size);
  };
  const label = (value: string) => {
    y -= 6;
    write(value.toUpperCase(), 9, bold, MUTED);
  };

  // Head: the agency and the title on the left, the QR code on the right.
  const qrSize = 110;
  drawQr(page, facts.code, A4.width - MARGIN - qrSize, y, qrSize);
  write(mailText('agency', language), 22, bold, BRAND);
  write(mailText('voucherTitle', language), 14, font, MUTED);
  y -= 8;
  write(facts.code, 26, bold);
  y = Math.min(y, A4.height - MARGIN - qrSize - 12);

  const textWidth = width;
  const fact = (name: string, value: string) => {
    page.drawText(winAnsi(name), { x: MARGIN, y: y - 11, size: 11, font: bold, color: MUTED });
    const lines = wrap(font, value, 11, textWidth - 150);
    for (const line of lines) {
      page.drawText(line, { x: MARGIN + 150, y: y - 11, size: 11, font, color: INK });
      y -= 17;
    }
  };
  fact(mailText('factTour', language), facts.tour);
  fact(mailText('factDate', language), longDate(facts.travelDate, language));
  fact(
    mailText('voucherDuration', language),
    facts.days === 1
      ? mailText('voucherDay', language)
      : mailText('voucherDays', language, { days: facts.days }),
  );
  fact(mailText('factType', language), facts.type);
  fact(mailText('factCategory', language), facts.category);
  fact(
    mailText('voucherBalance', language),
    facts.corporate && facts.debtCents > 0
      ? `${mailText('onCredit', language)} (${money(facts.debtCents, language, facts.currency)})`
      : money(Math.max(facts.debtCents, 0), language, facts.currency),
  );

  if (facts.meeting) {
    label(mailText('voucherMeeting', language));
    paragraph(facts.meeting, 11);
  }

  label(mailText('voucherPassengers', language));
  facts.passengers.forEach((passenger, index) => {
    const who = passenger.name || `(${mailText('voucherPending', language)})`;
    const document = passenger.document
      ? ` - ${mailText('voucherDocument', language)} ${passenger.document}`
      : '';
    paragraph(`${index + 1}. ${who} (${passenger.type})${document}`, 10);
  });

  if (facts.included.length > 0) {
    label(mailText('voucherIncluded', language));
    // Two columns, so that a long list still fits the page.
    const half = Math.ceil(facts.included.length / 2);
    const top = y;
    let bottom = y;
    for (const [column, items] of [
      facts.included.slice(0, half),
      facts.included.slice(half),
    ].entries()) {
      y = top;
      for (const item of items) {
        for (const [i, line] of wrap(font, item, 9, width / 2 - 16).entries()) {
          page.drawText(`${i === 0 ? '- ' : '  '}${line}`, {
            x: MARGIN + column * (width / 2),
            y: y - 9,
            size: 9,
            font,
            color: INK,
          });
          y -= 13;
          if (y < MARGIN + 40) break;
        }
      }
      bottom = Math.min(bottom, y);
    }
    y = bottom;
  }

  y = Math.max(y - 12, MARGIN + 24);
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: A4.width - MARGIN, y },
    thickness: 0.5,
    color: MUTED,
  });
  y -= 8;
  paragraph(mailText('voucherShow', language), 9);
  return pdf.save();
}

/**
 * The calendar file: an all-day event over the tour's days (its dates are the agency's, in
 * America/Lima, shown on those days wherever the traveller's calendar is; ADR 0032), with the
 * booking code and the meeting point in its description.
 */
export function calendarIcs(
  facts: TravelFacts,
  language: Language,
  links: { booking: string },
): string {
  const start = dayjs(facts.travelDate);
  const end = start.add(Math.max(facts.days, 1), 'day');
  const parts = (day: dayjs.Dayjs) => [day.year(), day.month() + 1, day.date()] as const;
  const result = createEvent({
    uid: `${facts.code}@cusco-treks`,
    productId: 'cusco-treks/booking',
    title: `${facts.tour} (${facts.code})`,
    description: mailText('calendarDescription', language, {
      code: facts.code,
      meeting: facts.meeting || '-',
      link: links.booking,
    }),
    location: mailText('calendarLocation', language),
    url: links.booking,
    start: [...parts(start)],
    end: [...parts(end)],
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (result.error || !result.value) {
    throw result.error ?? new Error('the calendar file was not made');
  }
  return result.value;
}

/** The booking's address in the web app (the customer's detail page). */
export function bookingLink(publicUrl: string, code: string): string {
  return `${publicUrl}/#/main/booking/detail/${encodeURIComponent(code)}`;
}
