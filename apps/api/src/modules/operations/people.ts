import {
  type CrewRole,
  crewRoleList,
  type PurchaseKind,
  type PurchaseMissingField,
  type PurchaseRole,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, asc, between, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  clients,
  crewAssignments,
  crewMembers,
  passengerSlots,
  personPurchases,
  tourPurchaseItems,
  tours,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { holdsSeats } from '../departures/holdings.ts';

/**
 * The people of departures as the purchases see them (issue 29): the travellers (every passenger
 * slot of the bookings that hold seats on the day, holdings.ts) and the crew assigned, each with
 * the data a purchase in their name needs and what of it is missing; the tour's items and the
 * purchases recorded for the day. Read in a few queries for any number of departures.
 */

/** A tour as the purchases name it. */
export interface PurchaseTour {
  id: string;
  code: string;
  nameEn: string;
  nameEs: string;
}

/** The tour with this code; 404 when there is none. */
export async function tourByCode(db: Executor, code: string): Promise<PurchaseTour> {
  const [tour] = await db
    .select({ id: tours.id, code: tours.code, nameEn: tours.nameEn, nameEs: tours.nameEs })
    .from(tours)
    .where(eq(tours.code, code.trim()));
  if (!tour) throw new AppError('NOT_FOUND', 'tourNotFound');
  return tour;
}

/** An item a tour needs bought per person. */
export interface Item {
  id: string;
  tourId: string;
  kind: PurchaseKind;
  details: Record<string, string>;
  buyDaysBefore: number;
  crewRoles: CrewRole[];
}

/** The items of these tours (all tours that have some, when none is named), in each tour's order. */
export async function itemsOf(db: Executor, tourIds?: readonly string[]): Promise<Item[]> {
  if (tourIds && tourIds.length === 0) return [];
  const rows = await db
    .select()
    .from(tourPurchaseItems)
    .where(tourIds ? inArray(tourPurchaseItems.tourId, [...tourIds]) : undefined)
    .orderBy(asc(tourPurchaseItems.tourId), asc(tourPurchaseItems.sortOrder));
  return rows.map((row) => ({
    id: row.id,
    tourId: row.tourId,
    kind: row.kind,
    details: row.details,
    buyDaysBefore: row.buyDaysBefore,
    crewRoles: row.crewRoles as CrewRole[],
  }));
}

/** The day an item must be bought by for a departure on `date`. */
export const buyByOf = (date: string, item: Pick<Item, 'buyDaysBefore'>) =>
  dayjs(date).subtract(item.buyDaysBefore, 'day').format('YYYY-MM-DD');

/** What a purchase in a person's name records of them, as it was when bought. */
export type PersonData = Record<string, string | null>;

/** A person of a departure, with their data and what it lacks. */
export interface Person {
  tourId: string;
  date: string;
  passengerSlotId: string | null;
  crewMemberId: string | null;
  role: PurchaseRole;
  name: string;
  firstName: string | null;
  lastName: string | null;
  bookingId: string | null;
  bookingCode: string | null;
  position: number | null;
  clientId: string | null;
  /** The data a purchase records (the `person` snapshot), null for a slot with no passenger. */
  data: PersonData | null;
  missing: PurchaseMissingField[];
  /** For the exports: the document type's option, the country and the sex, as stored. */
  documentTypeId: string | null;
  documentType: string | null;
  countryId: string | null;
  birthDate: string | null;
  sexId: string | null;
  sex: string | null;
  documentNumber: string | null;
}

const filled = (value: string | null | undefined) => Boolean(value?.trim());

/** What a traveller's record lacks for a purchase in their name (none: complete). */
export function travellerMissing(
  client: {
    firstName: string;
    lastName: string;
    countryId: string | null;
    documentTypeId: string | null;
    documentNumber: string | null;
    birthDate: string | null;
    sexId: string | null;
  } | null,
): PurchaseMissingField[] {
  if (!client) return ['passengerData'];
  const checks: [PurchaseMissingField, string | null][] = [
    ['firstName', client.firstName],
    ['lastName', client.lastName],
    ['nationality', client.countryId],
    ['documentType', client.documentTypeId],
    ['documentNumber', client.documentNumber],
    ['birthDate', client.birthDate],
    ['sex', client.sexId],
  ];
  return checks.filter(([, value]) => !filled(value)).map(([field]) => field);
}

/** What a crew member's record lacks (the roster requires all but the sex). */
export function crewMissing(member: {
  firstName: string;
  lastName: string;
  sex: string | null;
}): PurchaseMissingField[] {
  const missing: PurchaseMissingField[] = [];
  if (!filled(member.firstName)) missing.push('firstName');
  if (!filled(member.lastName)) missing.push('lastName');
  if (!member.sex) missing.push('sex');
  return missing;
}

const fullName = (first: string | null, last: string | null) =>
  `${first ?? ''} ${last ?? ''}`.trim();

/** The departures to read: one tour's dates, or any tours' days within a range. */
export type DayFilter =
  | { tourId: string; dates: readonly string[] }
  | { tourIds: readonly string[]; from: string; to: string };

function dayCondition(
  filter: DayFilter,
  tourColumn: typeof bookings.tourId | typeof crewAssignments.tourId,
  dateColumn: typeof bookings.travelDate | typeof crewAssignments.date,
): SQL | undefined {
  if ('tourId' in filter) {
    return and(eq(tourColumn, filter.tourId), inArray(dateColumn, [...filter.dates]));
  }
  return and(inArray(tourColumn, [...filter.tourIds]), between(dateColumn, filter.from, filter.to));
}

const travellerColumns = {
  tourId: bookings.tourId,
  date: bookings.travelDate,
  slotId: passengerSlots.id,
  position: passengerSlots.position,
  bookingId: bookings.id,
  bookingCode: bookings.code,
  clientId: clients.id,
  firstName: clients.firstName,
  lastName: clients.lastName,
  countryId: clients.countryId,
  documentTypeId: clients.documentTypeId,
  documentNumber: clients.documentNumber,
  birthDate: clients.birthDate,
  sexId: clients.sexId,
};

type TravellerRow = {
  tourId: string;
  date: string;
  slotId: string;
  position: number;
  bookingId: string;
  bookingCode: string;
  clientId: string | null;
  firstName: string | null;
  lastName: string | null;
  countryId: string | null;
  documentTypeId: string | null;
  documentNumber: string | null;
  birthDate: string | null;
  sexId: string | null;
};

function traveller(row: TravellerRow): Person {
  const client =
    row.clientId === null
      ? null
      : {
          firstName: row.firstName ?? '',
          lastName: row.lastName ?? '',
          countryId: row.countryId,
          documentTypeId: row.documentTypeId,
          documentNumber: row.documentNumber,
          birthDate: row.birthDate,
          sexId: row.sexId,
        };
  return {
    tourId: row.tourId,
    date: row.date,
    passengerSlotId: row.slotId,
    crewMemberId: null,
    role: 'traveller',
    name: client ? fullName(client.firstName, client.lastName) : '',
    firstName: client?.firstName ?? null,
    lastName: client?.lastName ?? null,
    bookingId: row.bookingId,
    bookingCode: row.bookingCode,
    position: row.position,
    clientId: row.clientId,
    data: client ? { clientId: row.clientId, ...client } : null,
    missing: travellerMissing(client),
    documentTypeId: client?.documentTypeId ?? null,
    documentType: null,
    countryId: client?.countryId ?? null,
    birthDate: client?.birthDate ?? null,
    sexId: client?.sexId ?? null,
    sex: null,
    documentNumber: client?.documentNumber ?? null,
  };
}

/**
 * The travellers of the departures: every slot of the bookings that hold their seats, with its
 * passenger's record (none yet: `passengerData` missing); `slotIds` keeps only those slots.
 */
export async function travellersOn(
  db: Executor,
  filter: DayFilter,
  slotIds?: readonly string[],
): Promise<Person[]> {
  const rows = await db
    .select(travellerColumns)
    .from(passengerSlots)
    .innerJoin(bookings, eq(bookings.id, passengerSlots.bookingId))
    .leftJoin(clients, eq(clients.id, passengerSlots.clientId))
    .where(
      and(
        dayCondition(filter, bookings.tourId, bookings.travelDate),
        holdsSeats,
        slotIds ? inArray(passengerSlots.id, [...slotIds]) : undefined,
      ),
    )
    .orderBy(asc(bookings.travelDate), asc(bookings.code), asc(passengerSlots.position));
  return rows.map(traveller);
}

/** Passenger slots as they are, on a departure or not (a purchase whose booking left it). */
export async function slotsById(db: Executor, slotIds: readonly string[]): Promise<Person[]> {
  if (slotIds.length === 0) return [];
  const rows = await db
    .select(travellerColumns)
    .from(passengerSlots)
    .innerJoin(bookings, eq(bookings.id, passengerSlots.bookingId))
    .leftJoin(clients, eq(clients.id, passengerSlots.clientId))
    .where(inArray(passengerSlots.id, [...slotIds]))
    .orderBy(asc(bookings.code), asc(passengerSlots.position));
  return rows.map(traveller);
}

const crewColumns = {
  memberId: crewMembers.id,
  firstName: crewMembers.firstName,
  lastName: crewMembers.lastName,
  documentType: crewMembers.documentType,
  documentNumber: crewMembers.documentNumber,
  countryId: crewMembers.countryId,
  birthDate: crewMembers.birthDate,
  sex: crewMembers.sex,
};

type CrewRow = {
  memberId: string;
  firstName: string;
  lastName: string;
  documentType: string;
  documentNumber: string;
  countryId: string;
  birthDate: string;
  sex: string | null;
};

function crewPerson(row: CrewRow, at: { tourId: string; date: string; role: CrewRole }): Person {
  const data = {
    firstName: row.firstName,
    lastName: row.lastName,
    countryId: row.countryId,
    birthDate: row.birthDate,
    documentType: row.documentType,
    documentNumber: row.documentNumber,
    sex: row.sex,
  };
  return {
    tourId: at.tourId,
    date: at.date,
    passengerSlotId: null,
    crewMemberId: row.memberId,
    role: at.role,
    name: fullName(row.firstName, row.lastName),
    firstName: row.firstName,
    lastName: row.lastName,
    bookingId: null,
    bookingCode: null,
    position: null,
    clientId: null,
    data,
    missing: crewMissing(row),
    documentTypeId: null,
    documentType: row.documentType,
    countryId: row.countryId,
    birthDate: row.birthDate,
    sexId: null,
    sex: row.sex,
    documentNumber: row.documentNumber,
  };
}

const roleOrder = (role: PurchaseRole) =>
  role === 'traveller' ? crewRoleList.length : crewRoleList.indexOf(role);

/**
 * The crew assigned to the departures, in the order they are registered (guides first), with
 * the role each walks in; `memberIds` keeps only those members.
 */
export async function crewOn(
  db: Executor,
  filter: DayFilter,
  memberIds?: readonly string[],
): Promise<Person[]> {
  const rows = await db
    .select({
      ...crewColumns,
      tourId: crewAssignments.tourId,
      date: crewAssignments.date,
      role: crewAssignments.role,
    })
    .from(crewAssignments)
    .innerJoin(crewMembers, eq(crewMembers.id, crewAssignments.crewMemberId))
    .where(
      and(
        dayCondition(filter, crewAssignments.tourId, crewAssignments.date),
        memberIds ? inArray(crewAssignments.crewMemberId, [...memberIds]) : undefined,
      ),
    )
    .orderBy(asc(crewAssignments.date), asc(crewMembers.lastName), asc(crewMembers.firstName));
  return rows
    .map((row) => crewPerson(row, { tourId: row.tourId, date: row.date, role: row.role }))
    .sort((a, b) => a.date.localeCompare(b.date) || roleOrder(a.role) - roleOrder(b.role));
}

/** Crew members as they are, assigned or not (a purchase whose member left the departure). */
export async function crewById(
  db: Executor,
  memberIds: readonly string[],
  at: { tourId: string; date: string },
): Promise<Person[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({ ...crewColumns, role: crewMembers.role })
    .from(crewMembers)
    .where(inArray(crewMembers.id, [...memberIds]))
    .orderBy(asc(crewMembers.lastName));
  return rows.map((row) => crewPerson(row, { ...at, role: row.role }));
}

/** A purchase recorded for a person of a departure. */
export type PurchaseRow = typeof personPurchases.$inferSelect;

/** Every purchase recorded for the departures (bought and cancelled), oldest first. */
export function purchasesOn(db: Executor, filter: DayFilter): Promise<PurchaseRow[]> {
  const condition =
    'tourId' in filter
      ? and(
          eq(personPurchases.tourId, filter.tourId),
          inArray(personPurchases.date, [...filter.dates]),
        )
      : and(
          inArray(personPurchases.tourId, [...filter.tourIds]),
          between(personPurchases.date, filter.from, filter.to),
        );
  return db.select().from(personPurchases).where(condition).orderBy(asc(personPurchases.createdAt));
}

/** A person's key among purchases: their slot or their crew id (a crew member per day). */
export const personKey = (person: {
  passengerSlotId: string | null;
  crewMemberId: string | null;
}) =>
  person.passengerSlotId ? `slot:${person.passengerSlotId}` : `crew:${person.crewMemberId ?? ''}`;

/** Whether a person needs an item: every traveller; a crew member whose role it names. */
export const needs = (person: Pick<Person, 'role'>, item: Pick<Item, 'crewRoles'>) =>
  person.role === 'traveller' || item.crewRoles.includes(person.role);

/** The crew first, by role (guides first), then the travellers by booking and place. */
export function byRegistration(a: Person, b: Person): number {
  return (
    roleOrder(a.role) - roleOrder(b.role) ||
    (a.bookingCode ?? '').localeCompare(b.bookingCode ?? '') ||
    (a.position ?? 0) - (b.position ?? 0) ||
    a.name.localeCompare(b.name)
  );
}
