import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { bookings, tourInclusions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import {
  normalizeCode,
  type Reader,
  visibleToPlaceholders,
  visibleToValues,
} from '../access/bookings.ts';
import { ledgerSumsOf, totalsOf } from '../ledger/ledger.ts';
import { bookingStatusById } from '../lifecycle/status.ts';
import { clientLocks } from '../operations/locks.ts';

const names = { nameEn: true, nameEs: true } as const;

/** What a passenger's record gives the detail: the name, and the fields its completion counts. */
const completionColumns = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  birthDate: true,
  sexId: true,
  documentTypeId: true,
  documentNumber: true,
  maritalStatusId: true,
  occupationId: true,
  countryId: true,
  mobile: true,
  foodPreferenceId: true,
  travelPurposeId: true,
  trekkingExperienceId: true,
  cardExpiry: true,
  emergencyContactName: true,
  emergencyContactPhone: true,
} as const;

/**
 * The booking with every line, slot, ledger entry and recent attempt, and its ledger sums, in one
 * statement (Drizzle's relational query: one JSON aggregate per relation), prepared once; no row
 * when the user may not see the booking.
 */
const detailStatement = prepared((db) =>
  db.query.bookings
    .findFirst({
      where: and(eq(bookings.code, sql.placeholder('code')), visibleToPlaceholders),
      with: {
        tour: {
          columns: { code: true, ...names },
          with: {
            inclusions: {
              columns: { ...names, observationEn: true, observationEs: true },
              where: eq(tourInclusions.included, true),
              orderBy: asc(tourInclusions.sortOrder),
            },
          },
        },
        type: { columns: names },
        category: { columns: names },
        passengerLines: {
          columns: { quantity: true, totalCents: true },
          with: { customerType: { columns: { ...names, sortOrder: true } } },
        },
        hotelLines: {
          columns: { rooms: true, nights: true, unitCents: true, totalCents: true, position: true },
          with: { hotel: { columns: names }, room: { columns: names } },
        },
        serviceLines: {
          columns: { id: true, createdAt: true, quantity: true, unitCents: true, totalCents: true },
          with: {
            offer: {
              columns: { labelEn: true, labelEs: true },
              with: { service: { columns: { ...names, isTour: true } } },
            },
          },
        },
        ledger: { orderBy: (entry, { asc }) => [asc(entry.createdAt)] },
        slots: {
          columns: { id: true, position: true, customerTypeId: true },
          with: {
            customerType: { columns: names },
            client: {
              columns: completionColumns,
              with: { document: { columns: { clientId: true } } },
            },
          },
        },
        // The newest attempts: the mapper tells which of them are news (attemptsToTell).
        attempts: {
          columns: {
            id: true,
            operationNumber: true,
            amountCents: true,
            status: true,
            createdAt: true,
            expiresAt: true,
          },
          orderBy: (attempt, { desc }) => [desc(attempt.createdAt)],
          limit: 10,
        },
      },
      extras: (booking) => ({
        ...ledgerSumsOf(booking.id),
        status: bookingStatusById(booking.id).as('status'),
      }),
    })
    .prepare('booking_detail'),
);

type DetailRow = NonNullable<Awaited<ReturnType<ReturnType<typeof detailStatement>['execute']>>>;

const withoutDocument = <T extends { document: unknown }>({ document: _, ...person }: T) => person;

/** The relational answer in the rows the detail's mapper reads (one list per section). */
function rowsOf(row: DetailRow) {
  const {
    tour,
    type,
    category,
    passengerLines,
    hotelLines,
    serviceLines,
    ledger,
    slots,
    attempts,
  } = row;
  const byPosition = <T extends { position: number }>(a: T, b: T) => a.position - b.position;
  return {
    head: {
      booking: row,
      tourCode: tour.code,
      tourEn: tour.nameEn,
      tourEs: tour.nameEs,
      typeEn: type.nameEn,
      typeEs: type.nameEs,
      categoryEn: category.nameEn,
      categoryEs: category.nameEs,
    },
    passengers: passengerLines
      .toSorted((a, b) => a.customerType.sortOrder - b.customerType.sortOrder)
      .map(({ quantity, totalCents, customerType }) => ({
        quantity,
        totalCents,
        nameEn: customerType.nameEn,
        nameEs: customerType.nameEs,
      })),
    inclusions: tour.inclusions,
    hotels: hotelLines.toSorted(byPosition).map(({ hotel, room, position: _, ...line }) => ({
      ...line,
      hotelEn: hotel.nameEn,
      hotelEs: hotel.nameEs,
      roomEn: room.nameEn,
      roomEs: room.nameEs,
    })),
    services: serviceLines
      .toSorted((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map(({ offer, ...line }) => ({
        ...line,
        nameEn: offer.service.nameEn,
        nameEs: offer.service.nameEs,
        labelEn: offer.labelEn,
        labelEs: offer.labelEs,
        isTour: offer.service.isTour,
      })),
    ledger,
    slots: slots.toSorted(byPosition).map(({ client, customerType, ...slot }) => ({
      id: slot.id,
      position: slot.position,
      typeId: slot.customerTypeId,
      nameEn: customerType.nameEn,
      nameEs: customerType.nameEs,
      client: client ? withoutDocument(client) : null,
      documentOf: client?.document?.clientId ?? null,
    })),
    attempts,
    totals: totalsOf(row),
    /** Its status (ADR 0037) when read; a cached read asks again. */
    status: row.status,
  };
}

/**
 * Everything the booking detail shows, as the database holds it, in one statement whatever the
 * number of lines or passengers, and its passengers' locks (issue 29: what is bought in their
 * names; a purchase or its cancellation moves the booking's revision); 404 when the user may
 * not see the booking.
 */
export async function loadBookingDetail(db: Executor, user: Reader, code: string) {
  const row = await detailStatement(db).execute({
    code: normalizeCode(code),
    ...visibleToValues(user),
  });
  if (!row) throw new AppError('NOT_FOUND', 'bookingNotFound');
  const rows = rowsOf(row);
  const clientIds = rows.slots.flatMap((slot) => (slot.client ? [slot.client.id] : []));
  const locks = await clientLocks(db, clientIds);
  return {
    ...rows,
    slots: rows.slots.map((slot) => ({
      ...slot,
      lock: (slot.client && locks.get(slot.client.id)) || null,
    })),
  };
}

export type BookingDetailRows = Awaited<ReturnType<typeof loadBookingDetail>>;
