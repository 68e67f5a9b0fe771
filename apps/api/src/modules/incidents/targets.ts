import {
  IncidentTypeId,
  incidentTarget,
  inLanguage,
  type Language,
  nameIn,
  type RemovalTarget,
  type RemovalTargetPassenger,
} from '@cusco/shared';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { type Executor, readAll } from '../../db/client.ts';
import {
  additionalServices,
  bookingServiceLines,
  clients,
  customerTypes,
  incidents,
  passengerSlots,
  tourAdditionalServices,
} from '../../db/schema.ts';

/**
 * What removal requests remove, as staff see them before they accept (issue 26): the passenger,
 * or every passenger (who fills each place, or nobody yet; type and position), or the service line (its
 * service, option and quantity), read as they are now. At most two statements for any number
 * of requests, none when no request removes anything.
 */
export async function removalTargets(
  db: Executor,
  requests: { id: string; typeId: string; targetEveryPassenger: boolean }[],
  language: Language,
): Promise<Map<string, RemovalTarget>> {
  const ids = (kind: 'passenger' | 'service') =>
    requests.filter((request) => incidentTarget(request.typeId) === kind).map(({ id }) => id);
  const [passengers, services] = await readAll(db, [
    () => readPassengers(db, ids('passenger'), language),
    () => readServices(db, ids('service'), language),
  ]);
  const targets = new Map<string, RemovalTarget>();
  for (const request of requests) {
    const kind = incidentTarget(request.typeId);
    if (kind === null) continue;
    const found = passengers.get(request.id) ?? [];
    const service = services.get(request.id) ?? null;
    targets.set(request.id, {
      kind,
      everyPassenger: kind === 'passenger' && request.targetEveryPassenger,
      gone: kind === 'passenger' ? found.length === 0 : service === null,
      passengers: found,
      service,
    });
  }
  return targets;
}

/**
 * The passengers remove-passenger requests remove (one, or every passenger of the booking), by
 * request, in their order on the booking.
 */
async function readPassengers(
  db: Executor,
  incidentIds: string[],
  language: Language,
): Promise<Map<string, RemovalTargetPassenger[]>> {
  if (incidentIds.length === 0) return new Map();
  const rows = await db
    .select({
      incidentId: incidents.id,
      position: passengerSlots.position,
      customerTypeId: passengerSlots.customerTypeId,
      typeEn: customerTypes.nameEn,
      typeEs: customerTypes.nameEs,
      firstName: clients.firstName,
      lastName: clients.lastName,
    })
    .from(incidents)
    .innerJoin(
      passengerSlots,
      or(
        eq(passengerSlots.id, incidents.targetSlotId),
        and(incidents.targetEveryPassenger, eq(passengerSlots.bookingId, incidents.bookingId)),
      ),
    )
    .innerJoin(customerTypes, eq(customerTypes.id, passengerSlots.customerTypeId))
    .leftJoin(clients, eq(clients.id, passengerSlots.clientId))
    .where(
      and(inArray(incidents.id, incidentIds), eq(incidents.typeId, IncidentTypeId.removePassenger)),
    )
    .orderBy(asc(passengerSlots.position));
  const byIncident = new Map<string, RemovalTargetPassenger[]>();
  for (const row of rows) {
    const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
    const list = byIncident.get(row.incidentId) ?? [];
    list.push({
      position: row.position,
      name: name || null,
      customerTypeId: row.customerTypeId,
      customerType: nameIn({ nameEn: row.typeEn, nameEs: row.typeEs }, language),
    });
    byIncident.set(row.incidentId, list);
  }
  return byIncident;
}

/** The service lines remove-service requests remove, by request. */
async function readServices(
  db: Executor,
  incidentIds: string[],
  language: Language,
): Promise<Map<string, NonNullable<RemovalTarget['service']>>> {
  if (incidentIds.length === 0) return new Map();
  const rows = await db
    .select({
      incidentId: incidents.id,
      quantity: bookingServiceLines.quantity,
      serviceEn: additionalServices.nameEn,
      serviceEs: additionalServices.nameEs,
      optionEn: tourAdditionalServices.labelEn,
      optionEs: tourAdditionalServices.labelEs,
    })
    .from(incidents)
    .innerJoin(bookingServiceLines, eq(bookingServiceLines.id, incidents.targetServiceLineId))
    .innerJoin(tourAdditionalServices, eq(tourAdditionalServices.id, bookingServiceLines.offerId))
    .innerJoin(additionalServices, eq(additionalServices.id, tourAdditionalServices.serviceId))
    .where(
      and(
        inArray(incidents.id, incidentIds),
        eq(incidents.typeId, IncidentTypeId.removeAdditionalService),
      ),
    );
  return new Map(
    rows.map((row) => [
      row.incidentId,
      {
        name: inLanguage(language, row.serviceEn, row.serviceEs),
        option: inLanguage(language, row.optionEn, row.optionEs),
        quantity: row.quantity,
      },
    ]),
  );
}
