import {
  type AdminDeparture,
  type AdminDepartureQuery,
  type AdminManifest,
  type AdminManifestPassenger,
  ageOn,
  fromCents,
  inLanguage,
  type Language,
  nameIn,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  bookingHotelLines,
  bookings,
  clientDocuments,
  clients,
  countries,
  crewAssignments,
  customerTypes,
  hotelTypes,
  optionItems,
  passengerSlots,
  tours,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { clientCompletion } from '../bookings/detail-answer.ts';
import { holdsSeats } from '../departures/holdings.ts';
import { debtSql, ledgerTotalsLateral } from '../ledger/ledger.ts';
import { fullNameOf } from '../users/customers.ts';
import { departureCrew, dietSummary, meetingOf } from './guide-manifest.ts';

/**
 * Departures and their manifests (issue 13): every passenger slot of the bookings travelling on
 * a tour and a date, read in one statement, with each passenger's completeness computed by the
 * same rule as the customer's detail.
 */

/** The longest range of dates the departures list reads at once. */
export const MAX_DEPARTURE_DAYS = 366;

const documentTypes = alias(optionItems, 'document_types');
const foodPreferences = alias(optionItems, 'food_preferences');
const sexes = alias(optionItems, 'sexes');

/**
 * Every slot of the bookings `where` selects that hold their seats (a booking that gave them back
 * does not travel: ADR 0035), with its passenger and its booking's debt.
 */
export function departureSlots(db: Executor, where: SQL | undefined) {
  const totals = ledgerTotalsLateral(db, bookings.id);
  return db
    .select({
      bookingId: bookings.id,
      bookingCode: bookings.code,
      tourCode: tours.code,
      tourEn: tours.nameEn,
      tourEs: tours.nameEs,
      date: bookings.travelDate,
      position: passengerSlots.position,
      slotId: passengerSlots.id,
      customerTypeId: passengerSlots.customerTypeId,
      typeEn: customerTypes.nameEn,
      typeEs: customerTypes.nameEs,
      customerName: fullNameOf,
      customerPhone: users.telephone,
      pickupPlace: bookings.pickupPlace,
      foodEn: foodPreferences.nameEn,
      foodEs: foodPreferences.nameEs,
      sexEn: sexes.nameEn,
      sexEs: sexes.nameEs,
      debt: debtSql(totals),
      client: clients,
      documentEn: documentTypes.nameEn,
      documentEs: documentTypes.nameEs,
      countryEn: countries.nameEn,
      countryEs: countries.nameEs,
      hasScan: sql<boolean>`${clientDocuments.clientId} is not null`,
    })
    .from(passengerSlots)
    .innerJoin(bookings, eq(bookings.id, passengerSlots.bookingId))
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(customerTypes, eq(customerTypes.id, passengerSlots.customerTypeId))
    .leftJoin(clients, eq(clients.id, passengerSlots.clientId))
    .leftJoin(clientDocuments, eq(clientDocuments.clientId, clients.id))
    .leftJoin(documentTypes, eq(documentTypes.id, clients.documentTypeId))
    .leftJoin(foodPreferences, eq(foodPreferences.id, clients.foodPreferenceId))
    .leftJoin(sexes, eq(sexes.id, clients.sexId))
    .leftJoin(countries, eq(countries.id, clients.countryId))
    .leftJoinLateral(totals, sql`true`)
    .where(and(where, holdsSeats))
    .orderBy(
      asc(bookings.travelDate),
      asc(tours.code),
      asc(bookings.code),
      asc(passengerSlots.position),
    );
}

type SlotRow = Awaited<ReturnType<typeof departureSlots>>[number];

const completenessOf = (slot: SlotRow) =>
  slot.client ? clientCompletion(slot.client, slot.hasScan, slot.customerTypeId) : 0;

/** The dates a departures query covers: from today to 30 days on unless told; 400 past a year. */
function rangeOf(query: AdminDepartureQuery): { from: string; to: string } {
  const from = query.from ?? todayInLima();
  const to = query.to ?? dayjs(from).add(30, 'day').format('YYYY-MM-DD');
  const days = dayjs(to).diff(dayjs(from), 'day');
  if (days < 0 || days > MAX_DEPARTURE_DAYS) {
    throw new AppError('VALIDATION', 'invalidInput', { field: 'to' });
  }
  return { from, to };
}

/** GET admin/departures: each tour and date with bookings, by date then tour. */
export async function listDepartures(
  db: Executor,
  query: AdminDepartureQuery,
  language: Language,
): Promise<AdminDeparture[]> {
  const { from, to } = rangeOf(query);
  const tourCode = query.tour ? eq(sql`upper(${tours.code})`, query.tour.toUpperCase()) : undefined;
  const slots = await departureSlots(
    db,
    and(gte(bookings.travelDate, from), lte(bookings.travelDate, to), tourCode),
  );
  const crew = await db
    .select({
      tourCode: tours.code,
      date: crewAssignments.date,
      crew: sql<number>`count(*)`.mapWith(Number),
    })
    .from(crewAssignments)
    .innerJoin(tours, eq(tours.id, crewAssignments.tourId))
    .where(and(gte(crewAssignments.date, from), lte(crewAssignments.date, to), tourCode))
    .groupBy(tours.code, crewAssignments.date);
  const crewOf = new Map(crew.map((row) => [`${row.date}|${row.tourCode}`, row.crew]));
  return summarize(slots, language).map((departure) => ({
    ...departure,
    crew: crewOf.get(`${departure.date}|${departure.tourCode}`) ?? 0,
  }));
}

type Summary = Omit<AdminDeparture, 'crew'>;

/** One row per tour and date of the slots (already in date and tour order). */
function summarize(slots: SlotRow[], language: Language): Summary[] {
  const departures = new Map<string, Summary & { debts: Map<string, number> }>();
  for (const slot of slots) {
    const key = `${slot.date}|${slot.tourCode}`;
    let departure = departures.get(key);
    if (!departure) {
      departure = {
        tourCode: slot.tourCode,
        tour: inLanguage(language, slot.tourEn, slot.tourEs),
        date: slot.date,
        bookings: 0,
        passengers: 0,
        paidPassengers: 0,
        complete: 0,
        debt: 0,
        debts: new Map(),
      };
      departures.set(key, departure);
    }
    departure.debts.set(slot.bookingId, slot.debt);
    departure.passengers += 1;
    if (slot.debt <= 0) departure.paidPassengers += 1;
    if (completenessOf(slot) === 100) departure.complete += 1;
  }
  return [...departures.values()].map(({ debts, ...departure }) => ({
    ...departure,
    bookings: debts.size,
    debt: fromCents([...debts.values()].reduce((sum, debt) => sum + Math.max(debt, 0), 0)),
  }));
}

/**
 * The hotel each booking has rooms at with the agency (its first line), by booking id: where the
 * guide picks up a booking that told no pickup place.
 */
async function bookedHotels(
  db: Executor,
  bookingIds: string[],
  language: Language,
): Promise<Map<string, string>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      bookingId: bookingHotelLines.bookingId,
      nameEn: hotelTypes.nameEn,
      nameEs: hotelTypes.nameEs,
    })
    .from(bookingHotelLines)
    .innerJoin(hotelTypes, eq(hotelTypes.id, bookingHotelLines.hotelTypeId))
    .where(inArray(bookingHotelLines.bookingId, bookingIds))
    .orderBy(asc(bookingHotelLines.position), asc(bookingHotelLines.id));
  const hotels = new Map<string, string>();
  for (const row of rows) {
    if (!hotels.has(row.bookingId)) hotels.set(row.bookingId, nameIn(row, language));
  }
  return hotels;
}

/** A bilingual name of a joined row, or null when the row is not there. */
const joinedName = (nameEn: string | null, nameEs: string | null, language: Language) =>
  nameEn && nameEs ? nameIn({ nameEn, nameEs }, language) : null;

/** A note as typed, or '' when none. */
const note = (value: string | null | undefined) => value?.trim() ?? '';

function toPassenger(
  slot: SlotRow,
  language: Language,
  hotels: ReadonlyMap<string, string>,
): AdminManifestPassenger {
  const client = slot.client;
  const foodPreference = joinedName(slot.foodEn, slot.foodEs, language);
  return {
    bookingCode: slot.bookingCode,
    position: slot.position,
    customerType: inLanguage(language, slot.typeEn, slot.typeEs),
    customerName: slot.customerName,
    name: client?.firstName ?? null,
    lastName: client?.lastName ?? null,
    documentType:
      slot.documentEn && slot.documentEs
        ? nameIn({ nameEn: slot.documentEn, nameEs: slot.documentEs }, language)
        : null,
    documentNumber: client?.documentNumber ?? null,
    nationality:
      slot.countryEn && slot.countryEs
        ? nameIn({ nameEn: slot.countryEn, nameEs: slot.countryEs }, language)
        : null,
    birthDate: client?.birthDate ?? null,
    completeness: completenessOf(slot),
    hasScan: slot.hasScan,
    customerPhone: slot.customerPhone ?? '',
    diet: notes(foodPreference, client?.foodObservation),
    medical: notes(client?.allergyObservation, client?.medicalRequirement),
    paid: slot.debt <= 0,
    pickupPlace: slot.pickupPlace ?? hotels.get(slot.bookingId) ?? null,
    age: client?.birthDate ? ageOn(client.birthDate, slot.date) : null,
    sex: joinedName(slot.sexEn, slot.sexEs, language),
    foodPreference,
    allergies: note(client?.allergyObservation),
    medicalNotes: note(client?.medicalRequirement),
    emergencyContactName: client?.emergencyContactName ?? null,
    emergencyContactPhone: client?.emergencyContactPhone ?? null,
  };
}

/** Notes joined with "; ", the empty ones left out. */
const notes = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join('; ');

/** A tour by its code (any case), with what the manifest's header tells of it. */
export async function tourByCode(db: Executor, tourCode: string) {
  const [tour] = await db
    .select({
      id: tours.id,
      code: tours.code,
      nameEn: tours.nameEn,
      nameEs: tours.nameEs,
      days: tours.days,
    })
    .from(tours)
    .where(eq(sql`upper(${tours.code})`, tourCode.toUpperCase()));
  return tour;
}

/**
 * GET admin/departures/{tourCode}/{date}/manifest: every passenger of the departure, the
 * incomplete first (then by booking and position), with how many are complete; the guide's part
 * (issue 29): the tour's days and start, the crew assigned, the diets. 404 when neither a
 * booking nor a crew member is on it.
 */
export async function getManifest(
  db: Executor,
  tourCode: string,
  date: string,
  language: Language,
): Promise<AdminManifest> {
  return (await readManifest(db, tourCode, date, language)).manifest;
}

/**
 * The manifest, with the tour's id and each passenger's slot id (the guide's download, issue 32),
 * in the manifest's order.
 */
export async function readManifest(
  db: Executor,
  tourCode: string,
  date: string,
  language: Language,
): Promise<{ tourId: string; manifest: AdminManifest; slotIds: string[] }> {
  const tour = await tourByCode(db, tourCode);
  if (!tour) throw new AppError('NOT_FOUND', 'notFound');
  const [slots, crew, meeting] = await Promise.all([
    departureSlots(db, and(eq(bookings.tourId, tour.id), eq(bookings.travelDate, date))),
    departureCrew(db, tour.id, date, language),
    meetingOf(db, tour.id, language),
  ]);
  if (slots.length === 0 && crew.length === 0) throw new AppError('NOT_FOUND', 'notFound');
  const hotels = await bookedHotels(
    db,
    [...new Set(slots.map((slot) => slot.bookingId))],
    language,
  );
  const listed = slots
    .map((slot) => ({ slotId: slot.slotId, passenger: toPassenger(slot, language, hotels) }))
    // Paid bookings first, unpaid holds after them (listed apart); in each, the incomplete first.
    .sort(
      ({ passenger: a }, { passenger: b }) =>
        Number(!a.paid) - Number(!b.paid) ||
        Number(a.completeness === 100) - Number(b.completeness === 100),
    );
  const passengers = listed.map((row) => row.passenger);
  const manifest: AdminManifest = {
    tourCode: tour.code,
    tour: inLanguage(language, tour.nameEn, tour.nameEs),
    date,
    total: passengers.length,
    complete: passengers.filter((passenger) => passenger.completeness === 100).length,
    passengers,
    days: tour.days,
    endDate: dayjs(date)
      .add(Math.max(tour.days, 1) - 1, 'day')
      .format('YYYY-MM-DD'),
    meeting,
    crew,
    diets: dietSummary(passengers, language),
  };
  return { tourId: tour.id, manifest, slotIds: listed.map((row) => row.slotId) };
}
