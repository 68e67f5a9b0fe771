import type { BookingDetail, Language } from '@cusco/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { type Executor, readAll } from '../../db/client.ts';
import {
  additionalServices,
  bookingHotelLines,
  bookingPassengerLines,
  bookingServiceLines,
  bookings,
  clientDocuments,
  clients,
  customerTypes,
  hotelTypes,
  ledgerEntries,
  passengerSlots,
  paymentAttempts,
  roomTypes,
  tourAdditionalServices,
  tourInclusions,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { AuthenticatedUser } from '../auth/sessions.ts';
import { normalizeCode, visibleTo } from './access.ts';
import { toBookingDetail } from './detail-answer.ts';
import { ledgerTotals } from './ledger.ts';
import { bookingsWithNames } from './names.ts';

/** The booking with its tour, type and category names, if the user may see it. */
function bookingHead(db: Executor, user: AuthenticatedUser, code: string) {
  return bookingsWithNames(db, { booking: bookings }).where(
    and(eq(bookings.code, normalizeCode(code)), visibleTo(user)),
  );
}

function passengerLines(db: Executor, bookingId: string) {
  return db
    .select({
      quantity: bookingPassengerLines.quantity,
      totalCents: bookingPassengerLines.totalCents,
      nameEn: customerTypes.nameEn,
      nameEs: customerTypes.nameEs,
    })
    .from(bookingPassengerLines)
    .innerJoin(customerTypes, eq(customerTypes.id, bookingPassengerLines.customerTypeId))
    .where(eq(bookingPassengerLines.bookingId, bookingId))
    .orderBy(asc(customerTypes.sortOrder));
}

function inclusions(db: Executor, tourId: string) {
  return db
    .select({
      nameEn: tourInclusions.nameEn,
      nameEs: tourInclusions.nameEs,
      observationEn: tourInclusions.observationEn,
      observationEs: tourInclusions.observationEs,
    })
    .from(tourInclusions)
    .where(and(eq(tourInclusions.tourId, tourId), eq(tourInclusions.included, true)))
    .orderBy(asc(tourInclusions.sortOrder));
}

function hotelLines(db: Executor, bookingId: string) {
  return db
    .select({
      rooms: bookingHotelLines.rooms,
      nights: bookingHotelLines.nights,
      unitCents: bookingHotelLines.unitCents,
      totalCents: bookingHotelLines.totalCents,
      hotelEn: hotelTypes.nameEn,
      hotelEs: hotelTypes.nameEs,
      roomEn: roomTypes.nameEn,
      roomEs: roomTypes.nameEs,
    })
    .from(bookingHotelLines)
    .innerJoin(hotelTypes, eq(hotelTypes.id, bookingHotelLines.hotelTypeId))
    .innerJoin(roomTypes, eq(roomTypes.id, bookingHotelLines.roomTypeId))
    .where(eq(bookingHotelLines.bookingId, bookingId))
    .orderBy(asc(bookingHotelLines.position));
}

function serviceLines(db: Executor, bookingId: string) {
  return db
    .select({
      id: bookingServiceLines.id,
      createdAt: bookingServiceLines.createdAt,
      quantity: bookingServiceLines.quantity,
      unitCents: bookingServiceLines.unitCents,
      totalCents: bookingServiceLines.totalCents,
      nameEn: additionalServices.nameEn,
      nameEs: additionalServices.nameEs,
      labelEn: tourAdditionalServices.labelEn,
      labelEs: tourAdditionalServices.labelEs,
      isTour: additionalServices.isTour,
    })
    .from(bookingServiceLines)
    .innerJoin(tourAdditionalServices, eq(tourAdditionalServices.id, bookingServiceLines.offerId))
    .innerJoin(additionalServices, eq(additionalServices.id, tourAdditionalServices.serviceId))
    .where(eq(bookingServiceLines.bookingId, bookingId))
    .orderBy(asc(bookingServiceLines.createdAt));
}

function ledger(db: Executor, bookingId: string) {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.createdAt));
}

function slots(db: Executor, bookingId: string) {
  return db
    .select({
      id: passengerSlots.id,
      position: passengerSlots.position,
      typeId: passengerSlots.customerTypeId,
      nameEn: customerTypes.nameEn,
      nameEs: customerTypes.nameEs,
      client: clients,
      documentOf: clientDocuments.clientId,
    })
    .from(passengerSlots)
    .innerJoin(customerTypes, eq(customerTypes.id, passengerSlots.customerTypeId))
    .leftJoin(clients, eq(clients.id, passengerSlots.clientId))
    .leftJoin(clientDocuments, eq(clientDocuments.clientId, clients.id))
    .where(eq(passengerSlots.bookingId, bookingId))
    .orderBy(asc(passengerSlots.position));
}

/** The attempts a customer is told about: open, declined, or to be refunded (the ten newest). */
function attempts(db: Executor, bookingId: string) {
  return db
    .select({
      id: paymentAttempts.id,
      amountCents: paymentAttempts.amountCents,
      status: paymentAttempts.status,
      createdAt: paymentAttempts.createdAt,
    })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.bookingId, bookingId),
        inArray(paymentAttempts.status, ['pending', 'declined', 'refund_required']),
      ),
    )
    .orderBy(desc(paymentAttempts.createdAt))
    .limit(10);
}

/**
 * Everything the booking detail shows, as the database holds it, in nine queries whatever the
 * number of lines or passengers; 404 when the user may not see the booking.
 */
export async function loadBookingDetail(db: Executor, user: AuthenticatedUser, code: string) {
  const [head] = await bookingHead(db, user, code);
  if (!head) throw new AppError('NOT_FOUND', 'bookingNotFound');
  const id = head.booking.id;
  const [passengers, included, hotels, services, entries, registry, open, totals] = await readAll(
    db,
    [
      () => passengerLines(db, id),
      () => inclusions(db, head.booking.tourId),
      () => hotelLines(db, id),
      () => serviceLines(db, id),
      () => ledger(db, id),
      () => slots(db, id),
      () => attempts(db, id),
      () => ledgerTotals(db, id),
    ],
  );
  return {
    head,
    passengers,
    inclusions: included,
    hotels,
    services,
    ledger: entries,
    slots: registry,
    attempts: open,
    totals,
  };
}

export type BookingDetailRows = Awaited<ReturnType<typeof loadBookingDetail>>;

/** GET tour/booking/{code}: the whole booking detail (spec §3) of a booking the user may see. */
export async function getBookingDetail(
  db: Executor,
  user: AuthenticatedUser,
  code: string,
  language: Language,
): Promise<BookingDetail> {
  return toBookingDetail(await loadBookingDetail(db, user, code), language);
}
