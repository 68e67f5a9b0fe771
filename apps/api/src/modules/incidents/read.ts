import {
  customerMayDelete,
  customerMayEdit,
  customerTransition,
  EVERY_PASSENGER,
  type Incident,
  incidentTarget,
  inLanguage,
  type Language,
} from '@cusco/shared';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { type Executor, readAll } from '../../db/client.ts';
import {
  additionalServices,
  bookingServiceLines,
  bookings,
  clients,
  incidentStatuses,
  incidents,
  incidentTypes,
  passengerSlots,
  tourAdditionalServices,
  tours,
  users,
} from '../../db/schema.ts';
import { readPage, type UserPageReader } from '../../lib/pagination.ts';
import { visibleTo } from '../access/bookings.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';
import { incidentNotFound } from './access.ts';
import { statusNames } from './options.ts';

const passengerWord: Record<Language, string> = { en: 'Passenger', es: 'Pasajero' };
const everyPassengerWords: Record<Language, string> = {
  en: 'Every passenger (cancels the booking)',
  es: 'Todos los pasajeros (cancela la reserva)',
};

/** The staff member who answered a request. */
const adviser = alias(users, 'adviser');

/**
 * What every list of requests reads of each: what it asks, its type and status by name, its
 * booking and tour, and the staff member who answered it (`joinRequestTables` joins their tables).
 */
export const requestColumns = {
  id: incidents.id,
  name: incidents.name,
  description: incidents.description,
  typeId: incidents.typeId,
  statusId: incidents.statusId,
  typeEn: incidentTypes.nameEn,
  typeEs: incidentTypes.nameEs,
  statusEn: incidentStatuses.nameEn,
  statusEs: incidentStatuses.nameEs,
  bookingCode: bookings.code,
  tourEn: tours.nameEn,
  tourEs: tours.nameEs,
  adviserName: sql<string | null>`${adviser.name} || ' ' || ${adviser.lastName}`,
};

/** A query from `incidents`, joined to the tables `requestColumns` reads. */
export function joinRequestTables<T extends PgSelect>(query: T) {
  return query
    .innerJoin(bookings, eq(bookings.id, incidents.bookingId))
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .innerJoin(incidentTypes, eq(incidentTypes.id, incidents.typeId))
    .innerJoin(incidentStatuses, eq(incidentStatuses.id, incidents.statusId))
    .leftJoin(adviser, eq(adviser.id, incidents.adviserId));
}

/**
 * The incidents matching `where`, with everything the answer shows, in one query: the booking and
 * its tour, the type and the status, and the passenger slot (and its client) or the service line
 * (and its offer and service) a remove request is about. Newest change first.
 */
function selectIncidents(db: Executor, where: SQL) {
  const query = db
    .select({
      ...requestColumns,
      observation: incidents.observation,
      response: incidents.response,
      adviserId: incidents.adviserId,
      modifiedOn: incidents.modifiedOn,
      everyPassenger: incidents.targetEveryPassenger,
      slotId: passengerSlots.id,
      slotPosition: passengerSlots.position,
      clientFirstName: clients.firstName,
      clientLastName: clients.lastName,
      lineId: bookingServiceLines.id,
      lineQuantity: bookingServiceLines.quantity,
      serviceEn: additionalServices.nameEn,
      serviceEs: additionalServices.nameEs,
      offerEn: tourAdditionalServices.labelEn,
      offerEs: tourAdditionalServices.labelEs,
    })
    .from(incidents)
    .$dynamic();
  return joinRequestTables(query)
    .leftJoin(passengerSlots, eq(passengerSlots.id, incidents.targetSlotId))
    .leftJoin(clients, eq(clients.id, passengerSlots.clientId))
    .leftJoin(bookingServiceLines, eq(bookingServiceLines.id, incidents.targetServiceLineId))
    .leftJoin(tourAdditionalServices, eq(tourAdditionalServices.id, bookingServiceLines.offerId))
    .leftJoin(additionalServices, eq(additionalServices.id, tourAdditionalServices.serviceId))
    .where(where)
    .orderBy(desc(incidents.modifiedOn), desc(incidents.createdAt), desc(incidents.id));
}

type IncidentQueryRow = Awaited<ReturnType<typeof selectIncidents>>[number];

/** What a remove request is about: its id and how the customer knows it. */
function targetOf(row: IncidentQueryRow, language: Language) {
  const kind = incidentTarget(row.typeId);
  if (kind === 'passenger' && row.everyPassenger) {
    return { targetId: EVERY_PASSENGER, targetName: everyPassengerWords[language] };
  }
  if (kind === 'passenger' && row.slotId !== null && row.slotPosition !== null) {
    const label = `${passengerWord[language]} ${row.slotPosition}`;
    const person = [row.clientFirstName, row.clientLastName].filter(Boolean).join(' ');
    return { targetId: row.slotId, targetName: person ? `${label} · ${person}` : label };
  }
  if (kind === 'service' && row.lineId !== null) {
    const service = inLanguage(language, row.serviceEn, row.serviceEs) ?? '';
    const offer = inLanguage(language, row.offerEn, row.offerEs) ?? '';
    return {
      targetId: row.lineId,
      targetName: `${service} (${offer}) × ${row.lineQuantity ?? 0}`,
    };
  }
  return { targetId: null, targetName: null };
}

function toIncident(
  row: IncidentQueryRow,
  language: Language,
  statuses: Map<string, string>,
): Incident {
  const nextStatusId = customerTransition[row.statusId] ?? null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    typeId: row.typeId,
    statusId: row.statusId,
    bookingId: row.bookingCode,
    observation: row.observation,
    response: row.response,
    adviserId: row.adviserId,
    adviserName: row.adviserName,
    modifiedOn: row.modifiedOn.toISOString(),
    type: inLanguage(language, row.typeEn, row.typeEs),
    bookingName: `${row.bookingCode} · ${inLanguage(language, row.tourEn, row.tourEs)}`,
    status: inLanguage(language, row.statusEn, row.statusEs),
    ...targetOf(row, language),
    nextStatusId,
    nextStatus: nextStatusId ? (statuses.get(nextStatusId) ?? null) : null,
    editable: customerMayEdit(row.statusId),
    deletable: customerMayDelete(row.statusId),
  };
}

/**
 * GET incident/ListByCurrentUser and GET incident/list: the incidents of every booking the user
 * may see (a corporate user's: also their company's), newest change first. Two queries, whatever
 * the number of incidents: the incidents with all they show, and the status names.
 */
export const listIncidents: UserPageReader<Incident, AuthenticatedUser> = async (
  db,
  user,
  language,
  page,
) => {
  const statuses = await statusNames(db, language);
  return readPage(
    page,
    selectIncidents(db, visibleTo(user)),
    db
      .select({ n: count() })
      .from(incidents)
      .innerJoin(bookings, eq(bookings.id, incidents.bookingId))
      .where(visibleTo(user)),
    (row) => toIncident(row, language, statuses),
  );
};

/** GET incident/{id}: one incident of a booking the user may see; 404 otherwise. */
export async function getIncident(
  db: Executor,
  user: AuthenticatedUser,
  incidentId: string,
  language: Language,
): Promise<Incident> {
  const [rows, statuses] = await readAll(db, [
    () => selectIncidents(db, and(eq(incidents.id, incidentId), visibleTo(user)) as SQL),
    () => statusNames(db, language),
  ]);
  const row = rows[0];
  if (!row) throw incidentNotFound();
  return toIncident(row, language, statuses);
}
