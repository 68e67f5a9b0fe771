import {
  type BookingDetail,
  type BookingListItem,
  CustomerTypeId,
  DEFAULT_PAGE_SIZE,
  fromCents,
  type Language,
  type PageQuery,
  passengerCompletion,
  todayInLima,
} from '@cusco/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, readAll } from '../../db/client.ts';
import {
  additionalServices,
  bookingHotelLines,
  bookingPassengerLines,
  bookingServiceLines,
  bookings,
  categories,
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
  tours,
  tourTypes,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { limitOffset, type Page } from '../../lib/pagination.ts';
import type { AuthenticatedUser } from '../auth/sessions.ts';
import { normalizeCode, visibleTo } from './access.ts';
import { debtOf, ledgerTotalsSubquery } from './ledger.ts';

const dateOf = (timestamp: Date) => todayInLima(timestamp);
const bilingual = (language: Language) => (row: { en: string; es: string }) =>
  language === 'en' ? row.en : row.es;

/**
 * One page of the user's bookings (a corporate user's: also the company's), newest travel date
 * first, and how many there are in all.
 */
export async function listBookings(
  db: Executor,
  user: AuthenticatedUser,
  language: Language,
  page: PageQuery = { page: 1, pageSize: DEFAULT_PAGE_SIZE },
): Promise<Page<BookingListItem>> {
  const text = bilingual(language);
  const totals = ledgerTotalsSubquery(db);
  const passengers = db
    .select({
      bookingId: bookingPassengerLines.bookingId,
      count: sql<number>`sum(${bookingPassengerLines.quantity})`.mapWith(Number).as('count'),
    })
    .from(bookingPassengerLines)
    .groupBy(bookingPassengerLines.bookingId)
    .as('passenger_counts');

  const rows = await db
    .select({
      code: bookings.code,
      createdAt: bookings.createdAt,
      travelDate: bookings.travelDate,
      categoryId: bookings.categoryId,
      tourCode: tours.code,
      tourEn: tours.nameEn,
      tourEs: tours.nameEs,
      typeEn: tourTypes.nameEn,
      typeEs: tourTypes.nameEs,
      categoryEn: categories.nameEn,
      categoryEs: categories.nameEs,
      passengers: passengers.count,
      purchases: totals.purchases,
      additions: totals.additions,
      discounts: totals.discounts,
      payments: totals.payments,
    })
    .from(bookings)
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .innerJoin(tourTypes, eq(tourTypes.id, bookings.typeId))
    .innerJoin(categories, eq(categories.id, bookings.categoryId))
    .leftJoin(totals, eq(totals.bookingId, bookings.id))
    .leftJoin(passengers, eq(passengers.bookingId, bookings.id))
    .where(visibleTo(user))
    .orderBy(desc(bookings.travelDate), desc(bookings.createdAt), desc(bookings.id))
    .limit(limitOffset(page).limit)
    .offset(limitOffset(page).offset);
  const [counted] = await db.select({ n: count() }).from(bookings).where(visibleTo(user));

  const items = rows.map((row) => {
    const sums = {
      purchases: row.purchases ?? 0,
      additions: row.additions ?? 0,
      discounts: row.discounts ?? 0,
      payments: row.payments ?? 0,
    };
    return {
      id: row.code,
      name: row.code,
      tourName: text({ en: row.tourEn, es: row.tourEs }),
      tourCode: row.tourCode,
      travelDate: row.travelDate,
      bookingDate: dateOf(row.createdAt),
      type: text({ en: row.typeEn, es: row.typeEs }),
      idcategory: row.categoryId,
      category: text({ en: row.categoryEn, es: row.categoryEs }),
      passangers: row.passengers ?? 0,
      total: fromCents(sums.purchases + sums.additions - sums.discounts),
      paid: fromCents(sums.payments),
      pending: fromCents(debtOf(sums)),
    };
  });
  return { items, total: counted?.n ?? 0 };
}

const ledgerDescriptions: Record<string, { en: string; es: string }> = {
  tour: { en: 'Tour booking', es: 'Reserva del tour' },
  services: { en: 'Additional services', es: 'Servicios adicionales' },
  payment: { en: 'Card payment', es: 'Pago con tarjeta' },
};

/**
 * The whole booking detail (spec §3) in eight queries, whatever the number of lines or
 * passengers: booking, passenger lines, inclusions, hotels, services, ledger, passengers and
 * payment attempts.
 */
export async function getBookingDetail(
  db: Executor,
  user: AuthenticatedUser,
  code: string,
  language: Language,
): Promise<BookingDetail> {
  const text = bilingual(language);
  const [row] = await db
    .select({
      booking: bookings,
      tourCode: tours.code,
      tourEn: tours.nameEn,
      tourEs: tours.nameEs,
      typeEn: tourTypes.nameEn,
      typeEs: tourTypes.nameEs,
      categoryEn: categories.nameEn,
      categoryEs: categories.nameEs,
    })
    .from(bookings)
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .innerJoin(tourTypes, eq(tourTypes.id, bookings.typeId))
    .innerJoin(categories, eq(categories.id, bookings.categoryId))
    .where(and(eq(bookings.code, normalizeCode(code)), visibleTo(user)));
  if (!row) throw new AppError('NOT_FOUND', 'bookingNotFound');
  const { booking: found, ...head } = row;

  const [passengerLines, inclusions, hotelLines, serviceLines, ledger, slots, attempts] =
    await readAll(db, [
      () =>
        db
          .select({
            quantity: bookingPassengerLines.quantity,
            totalCents: bookingPassengerLines.totalCents,
            en: customerTypes.nameEn,
            es: customerTypes.nameEs,
          })
          .from(bookingPassengerLines)
          .innerJoin(customerTypes, eq(customerTypes.id, bookingPassengerLines.customerTypeId))
          .where(eq(bookingPassengerLines.bookingId, found.id))
          .orderBy(asc(customerTypes.sortOrder)),
      () =>
        db
          .select({
            en: tourInclusions.nameEn,
            es: tourInclusions.nameEs,
            observationEn: tourInclusions.observationEn,
            observationEs: tourInclusions.observationEs,
          })
          .from(tourInclusions)
          .where(and(eq(tourInclusions.tourId, found.tourId), eq(tourInclusions.included, true)))
          .orderBy(asc(tourInclusions.sortOrder)),
      () =>
        db
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
          .where(eq(bookingHotelLines.bookingId, found.id))
          .orderBy(asc(bookingHotelLines.position)),
      () =>
        db
          .select({
            id: bookingServiceLines.id,
            createdAt: bookingServiceLines.createdAt,
            quantity: bookingServiceLines.quantity,
            unitCents: bookingServiceLines.unitCents,
            totalCents: bookingServiceLines.totalCents,
            en: additionalServices.nameEn,
            es: additionalServices.nameEs,
            labelEn: tourAdditionalServices.labelEn,
            labelEs: tourAdditionalServices.labelEs,
            isTour: additionalServices.isTour,
          })
          .from(bookingServiceLines)
          .innerJoin(
            tourAdditionalServices,
            eq(tourAdditionalServices.id, bookingServiceLines.offerId),
          )
          .innerJoin(
            additionalServices,
            eq(additionalServices.id, tourAdditionalServices.serviceId),
          )
          .where(eq(bookingServiceLines.bookingId, found.id))
          .orderBy(asc(bookingServiceLines.createdAt)),
      () =>
        db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.bookingId, found.id))
          .orderBy(asc(ledgerEntries.createdAt)),
      () =>
        db
          .select({
            id: passengerSlots.id,
            position: passengerSlots.position,
            typeId: passengerSlots.customerTypeId,
            typeEn: customerTypes.nameEn,
            typeEs: customerTypes.nameEs,
            client: clients,
            documentOf: clientDocuments.clientId,
          })
          .from(passengerSlots)
          .innerJoin(customerTypes, eq(customerTypes.id, passengerSlots.customerTypeId))
          .leftJoin(clients, eq(clients.id, passengerSlots.clientId))
          .leftJoin(clientDocuments, eq(clientDocuments.clientId, clients.id))
          .where(eq(passengerSlots.bookingId, found.id))
          .orderBy(asc(passengerSlots.position)),
      () =>
        db
          .select({
            id: paymentAttempts.id,
            amountCents: paymentAttempts.amountCents,
            status: paymentAttempts.status,
            createdAt: paymentAttempts.createdAt,
          })
          .from(paymentAttempts)
          .where(
            and(
              eq(paymentAttempts.bookingId, found.id),
              inArray(paymentAttempts.status, ['pending', 'declined', 'refund_required']),
            ),
          )
          .orderBy(desc(paymentAttempts.createdAt))
          .limit(10),
    ]);

  const sum = (kind: string) =>
    ledger
      .filter((entry) => entry.kind === kind)
      .reduce((total, entry) => total + entry.amountCents, 0);
  const sums = {
    purchases: sum('purchase'),
    additions: sum('addition'),
    discounts: sum('discount'),
    payments: sum('payment'),
  };
  const debt = debtOf(sums);
  const describe = (description: string) => {
    const known = ledgerDescriptions[description];
    return known ? text(known) : description;
  };
  const ledgerLine = (entry: (typeof ledger)[number]) => ({
    buyDate: dateOf(entry.createdAt),
    paymentMethod: entry.paymentMethod ?? '',
    commission: fromCents(entry.commissionCents),
    total: fromCents(entry.amountCents),
    description: describe(entry.description),
  });
  const extraLine = (entry: (typeof ledger)[number]) => ({
    buyDate: dateOf(entry.createdAt),
    name: describe(entry.description),
    total: fromCents(entry.amountCents),
  });
  const serviceName = (line: (typeof serviceLines)[number]) =>
    `${text({ en: line.en, es: line.es })} (${text({ en: line.labelEn, es: line.labelEs })})`;
  const tourName = text({ en: head.tourEn, es: head.tourEs });

  return {
    booking: {
      name: tourName,
      code: found.code,
      tourCode: head.tourCode,
      tripDate: found.travelDate,
      buyDate: dateOf(found.createdAt),
      type: text({ en: head.typeEn, es: head.typeEs }),
      idcategory: found.categoryId,
      category: text({ en: head.categoryEn, es: head.categoryEs }),
      debt: fromCents(debt),
      observation: found.observation,
      corporate: found.corporateClientId !== null,
      paymentMode: found.paymentMode === 'P' ? 'P' : 'T',
    },
    passanger: passengerLines.map((line) => ({
      type: text(line),
      quantity: line.quantity,
      total: fromCents(line.totalCents),
    })),
    includeServices: inclusions.map((item, index) => ({
      number: index + 1,
      name: text(item),
      observation: text({ en: item.observationEn, es: item.observationEs }),
    })),
    hotels: hotelLines.map((line) => ({
      date: found.travelDate,
      hotelroom: `${text({ en: line.hotelEn, es: line.hotelEs })} · ${text({ en: line.roomEn, es: line.roomEs })}`,
      cost: fromCents(line.unitCents),
      amount: line.rooms,
      nights: line.nights,
      total: fromCents(line.totalCents),
    })),
    additionalServices: serviceLines
      .filter((line) => !line.isTour)
      .map((line) => ({
        id: line.id,
        buyDate: dateOf(line.createdAt),
        productName: serviceName(line),
        PRICE: fromCents(line.unitCents),
        quantity: line.quantity,
        total: fromCents(line.totalCents),
      })),
    otherTours: serviceLines
      .filter((line) => line.isTour)
      .map((line) => ({
        id: line.id,
        buyDate: dateOf(line.createdAt),
        productName: serviceName(line),
        price: fromCents(line.unitCents),
        quantity: line.quantity,
        total: fromCents(line.totalCents),
      })),
    buy: ledger.filter((entry) => entry.kind === 'purchase').map(ledgerLine),
    payments: ledger.filter((entry) => entry.kind === 'payment').map(ledgerLine),
    paymentExtra: {
      add: ledger.filter((entry) => entry.kind === 'addition').map(extraLine),
      substract: ledger.filter((entry) => entry.kind === 'discount').map(extraLine),
    },
    balance: {
      purchases: fromCents(sums.purchases),
      payments: fromCents(sums.payments),
      discounts: fromCents(sums.discounts),
      additions: fromCents(sums.additions),
      debt: fromCents(debt),
    },
    passangerRegistry: slots.map((slot) => {
      const client = slot.client;
      const isStudent = slot.typeId === CustomerTypeId.student;
      return {
        number: slot.position,
        id: slot.id,
        type: text({ en: slot.typeEn, es: slot.typeEs }),
        typeId: slot.typeId,
        clientId: client?.id ?? null,
        name: client ? `${client.firstName} ${client.lastName}` : '',
        percentage: client
          ? passengerCompletion(
              {
                firstName: client.firstName,
                lastName: client.lastName,
                eMail: client.email,
                birthDate: client.birthDate,
                sexId: client.sexId,
                documentTypeId: client.documentTypeId,
                documentNumber: client.documentNumber,
                maritalStatusId: client.maritalStatusId,
                jobId: client.occupationId,
                countryId: client.countryId,
                mobileNumber: client.mobile,
                foodPreferencesId: client.foodPreferenceId,
                travelPurposeId: client.travelPurposeId,
                trekkingExperienceId: client.trekkingExperienceId,
                dateExpirationCard: client.cardExpiry,
                hasDocument: slot.documentOf !== null,
              },
              isStudent,
            )
          : 0,
        hasDocument: slot.documentOf !== null,
      };
    }),
    paymentAttempts: attempts.map((attempt) => ({
      transactionId: attempt.id,
      amount: fromCents(attempt.amountCents),
      status: attempt.status as BookingDetail['paymentAttempts'][number]['status'],
      createdAt: attempt.createdAt.toISOString(),
    })),
    resume: [{ number: 1, tour: tourName, observations: found.observation }],
  };
}
