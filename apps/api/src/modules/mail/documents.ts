import {
  inLanguage,
  isCancelled,
  isHotelCategoryFamily,
  type Language,
  nameIn,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { asc, eq } from 'drizzle-orm';
import { createEvent } from 'ics';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { encode } from 'uqr';
import type { Executor } from '../../db/client.ts';
import { bookings, tourItinerary, tours } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Reader } from '../access/bookings.ts';
import { voucherReady, voucherStateOf } from '../bookings/detail-answer.ts';
import { type BookingDetailRows, loadBookingDetail } from '../bookings/detail-rows.ts';
import { type VoucherKeys, voucherCodeOf } from '../trail/keys.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';
import { AGENCY_PHONE, longDate, type MailTextKey, mailText, money } from './texts.ts';

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
  /**
   * What the category is (spec §3): the hotel's category for the Machu Picchu family, the
   * guide's language for every other tour.
   */
  categoryKind: 'hotel' | 'language';
  /**
   * The itinerary's first event: where and when the tour starts, i.e. the pickup (the catalogue
   * writes it there, e.g. "Pick-up at your hotel in Cusco at 5:00 ...").
   */
  meeting: string;
  /** The hotel nights booked: the hotel (its category) and room, rooms and nights. */
  hotels: { hotel: string; room: string; rooms: number; nights: number }[];
  passengers: { name: string; type: string; document: string | null }[];
  included: string[];
  debtCents: number;
  corporate: boolean;
  currency: string;
  /** Cancelled (by the customer or the agency): it travels nowhere. */
  cancelled: boolean;
  /**
   * The voucher's signed code (issue 32, trail/keys.ts), the text of its QR code: null while the
   * voucher is not ready, for a cancelled booking, or when no key was given.
   */
  voucherCode: string | null;
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
    owner: { userId: row.userId, corporateClientId: row.corporateClientId } satisfies Reader,
  };
}

/** The booking's facts for its documents, as `user` may see it (404 otherwise). */
export async function travelFacts(
  db: Executor,
  user: AuthenticatedUser,
  code: string,
  language: Language,
  voucherKeys?: VoucherKeys,
): Promise<TravelFacts> {
  return factsFromRows(db, await loadBookingDetail(db, user, code), language, voucherKeys);
}

/** The documents' facts from the booking detail's rows (read once by the e-mails too). */
export async function factsFromRows(
  db: Executor,
  rows: BookingDetailRows,
  language: Language,
  voucherKeys?: VoucherKeys,
): Promise<TravelFacts> {
  const booking = rows.head.booking;
  const [tour] = await db
    .select({ days: tours.days, familyId: tours.familyId })
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
    categoryKind: tour && isHotelCategoryFamily(tour.familyId) ? 'hotel' : 'language',
    meeting: first ? nameIn(first, language) : '',
    hotels: rows.hotels.map((line) => ({
      hotel: inLanguage(language, line.hotelEn, line.hotelEs),
      room: inLanguage(language, line.roomEn, line.roomEs),
      rooms: line.rooms,
      nights: line.nights,
    })),
    passengers: rows.slots.map((slot) => ({
      name: slot.client ? `${slot.client.firstName} ${slot.client.lastName}`.trim() : '',
      type: nameIn(slot, language),
      document: slot.client?.documentNumber ? maskDocument(slot.client.documentNumber) : null,
    })),
    included: rows.inclusions.map((item) => nameIn(item, language)),
    debtCents: rows.totals.debt,
    corporate: booking.corporateClientId !== null,
    currency: booking.currency,
    cancelled: isCancelled(rows.status),
    voucherCode: await voucherCodeOf(db, voucherKeys, voucherStateOf(rows)),
  };
}

/** The category's name as a fact: "Guide language", or "Hotel category" (spec §3). */
export function categoryFactKey(facts: Pick<TravelFacts, 'categoryKind'>): MailTextKey {
  return facts.categoryKind === 'hotel' ? 'voucherHotelCategory' : 'voucherGuideLanguage';
}

/** A hotel line of the voucher: "Tourist hotel 3★, Double room: 2 rooms, 1 night". */
export function hotelLine(hotel: TravelFacts['hotels'][number], language: Language): string {
  const text = (key: MailTextKey, count: number) => mailText(key, language, { count });
  return mailText('voucherHotelLine', language, {
    hotel: hotel.hotel,
    room: hotel.room,
    rooms: hotel.rooms === 1 ? text('voucherRoom', 1) : text('voucherRooms', hotel.rooms),
    nights: hotel.nights === 1 ? text('voucherNight', 1) : text('voucherNights', hotel.nights),
  });
}

export { voucherReady };

/** What the voucher's QR code encodes: its signed code, or the booking code without one. */
export const voucherQrText = (facts: Pick<TravelFacts, 'code' | 'voucherCode'>) =>
  facts.voucherCode ?? facts.code;

/** The travel documents' file names. */
export const voucherName = (code: string) => `voucher-${code}.pdf`;
export const calendarName = (code: string) => `${code}.ics`;

/**
 * pdf-lib's standard fonts write WinAnsi only: typographic quotes, dashes and stars become their
 * plain forms, anything else outside it '?'.
 */
function winAnsi(text: string): string {
  return (
    text
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201C\u201D]/g, '"')
      .replace(/[\u2013\u2014]/g, '-')
      // A hotel's stars ("Tourist hotel 3★"), as a plain star.
      .replace(/[\u2605\u2606]/g, '*')
      .replace(/[^\u0020-\u007E\u00A0-\u00FF]/g, '?')
  );
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

/** Draws a QR code of `text` (dark modules as squares) with its top-left corner at x, top. */
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
 * A page being written from the top down: `y` is where the next line goes. Each method draws
 * one kind of line of the voucher and moves `y` below it.
 */
class Sheet {
  y = A4.height - MARGIN;
  readonly width = A4.width - 2 * MARGIN;

  constructor(
    readonly page: PDFPage,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  write(value: string, size: number, face: 'regular' | 'bold' = 'regular', color = INK) {
    const font = face === 'bold' ? this.bold : this.font;
    this.page.drawText(winAnsi(value), { x: MARGIN, y: this.y - size, size, font, color });
    this.y -= size + 6;
  }

  paragraph(value: string, size: number) {
    for (const line of wrap(this.font, value, size, this.width)) this.write(line, size);
  }

  /** A section's heading, in small capitals. */
  label(value: string) {
    this.y -= 6;
    this.write(value.toUpperCase(), 9, 'bold', MUTED);
  }

  /** A name in the left column and its value, wrapped, in the right one. */
  fact(name: string, value: string) {
    const { page, y } = this;
    page.drawText(winAnsi(name), { x: MARGIN, y: y - 11, size: 11, font: this.bold, color: MUTED });
    for (const line of wrap(this.font, value, 11, this.width - 150)) {
      page.drawText(line, {
        x: MARGIN + 150,
        y: this.y - 11,
        size: 11,
        font: this.font,
        color: INK,
      });
      this.y -= 17;
    }
  }

  /** A list in two columns, so that a long one still fits the page. */
  twoColumns(items: string[]) {
    const half = Math.ceil(items.length / 2);
    const top = this.y;
    let bottom = this.y;
    for (const [column, part] of [items.slice(0, half), items.slice(half)].entries()) {
      this.y = top;
      for (const item of part) {
        for (const [i, line] of wrap(this.font, item, 9, this.width / 2 - 16).entries()) {
          this.page.drawText(`${i === 0 ? '- ' : '  '}${line}`, {
            x: MARGIN + column * (this.width / 2),
            y: this.y - 9,
            size: 9,
            font: this.font,
            color: INK,
          });
          this.y -= 13;
          if (this.y < MARGIN + 40) break;
        }
      }
      bottom = Math.min(bottom, this.y);
    }
    this.y = bottom;
  }

  /** A thin line across the page, above the foot. */
  rule() {
    this.y = Math.max(this.y - 12, MARGIN + 24);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4.width - MARGIN, y: this.y },
      thickness: 0.5,
      color: MUTED,
    });
    this.y -= 8;
  }
}

/**
 * The voucher's head: the agency and the title on the left, the QR code on the right: the
 * voucher's signed code (issue 32: a guide's phone verifies it offline), or the booking code
 * when there is none (no key given).
 */
function voucherHead(sheet: Sheet, code: string, qrText: string, language: Language) {
  const qrSize = 110;
  drawQr(sheet.page, qrText, A4.width - MARGIN - qrSize, sheet.y, qrSize);
  sheet.write(mailText('agency', language), 22, 'bold', BRAND);
  sheet.write(mailText('voucherTitle', language), 14, 'regular', MUTED);
  sheet.y -= 8;
  sheet.write(code, 26, 'bold');
  sheet.y = Math.min(sheet.y, A4.height - MARGIN - qrSize - 12);
}

/**
 * The trip's facts: tour, date, duration, type, the category by what it is (the guide's language
 * or the hotel's category), the balance, and the agency's phone.
 */
function voucherFacts(sheet: Sheet, facts: TravelFacts, language: Language) {
  const text = (key: MailTextKey, params?: Record<string, string | number>) =>
    mailText(key, language, params);
  sheet.fact(text('factTour'), facts.tour);
  sheet.fact(text('factDate'), longDate(facts.travelDate, language));
  sheet.fact(
    text('voucherDuration'),
    facts.days === 1 ? text('voucherDay') : text('voucherDays', { days: facts.days }),
  );
  sheet.fact(text('factType'), facts.type);
  sheet.fact(text(categoryFactKey(facts)), facts.category);
  sheet.fact(
    text('voucherBalance'),
    facts.corporate && facts.debtCents > 0
      ? `${text('onCredit')} (${money(facts.debtCents, language, facts.currency)})`
      : money(Math.max(facts.debtCents, 0), language, facts.currency),
  );
  sheet.fact(text('voucherPhone'), AGENCY_PHONE);
}

/**
 * The voucher: one A4 page with the agency, the booking code (and its QR code), the tour, its
 * date and duration, the guide's language or the hotel's category, the balance, the agency's
 * phone, the pickup's time and place, the hotel booked, the passengers with their document
 * numbers masked but the last four, and what is included.
 */
export async function voucherPdf(facts: TravelFacts, language: Language): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${mailText('voucherTitle', language)} ${facts.code}`);
  pdf.setSubject(facts.code);
  pdf.setAuthor(mailText('agency', language));
  pdf.setLanguage(language);
  const sheet = new Sheet(
    pdf.addPage([A4.width, A4.height]),
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );

  voucherHead(sheet, facts.code, voucherQrText(facts), language);
  voucherFacts(sheet, facts, language);
  if (facts.meeting) {
    sheet.label(mailText('voucherMeeting', language));
    sheet.paragraph(facts.meeting, 11);
  }
  if (facts.hotels.length > 0) {
    sheet.label(mailText('voucherHotels', language));
    for (const hotel of facts.hotels) sheet.paragraph(hotelLine(hotel, language), 11);
  }
  sheet.label(mailText('voucherPassengers', language));
  facts.passengers.forEach((passenger, index) => {
    const who = passenger.name || `(${mailText('voucherPending', language)})`;
    const document = passenger.document
      ? ` - ${mailText('voucherDocument', language)} ${passenger.document}`
      : '';
    sheet.paragraph(`${index + 1}. ${who} (${passenger.type})${document}`, 10);
  });
  if (facts.included.length > 0) {
    sheet.label(mailText('voucherIncluded', language));
    sheet.twoColumns(facts.included);
  }
  sheet.rule();
  sheet.paragraph(mailText('voucherShow', language), 9);
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
