import {
  type AdminIncident,
  type AdminIncidentQuery,
  IncidentStatusId,
  inLanguage,
  type Language,
  type RemovalTarget,
} from '@cusco/shared';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, incidents, users } from '../../db/schema.ts';
import { type Page, readPage } from '../../lib/pagination.ts';
import { incidentNotFound, parseIncidentId } from '../incidents/access.ts';
import { joinRequestTables, requestColumns } from '../incidents/read.ts';
import { removalTargets } from '../incidents/targets.ts';
import { customerColumns } from '../users/customers.ts';
import { codeOrCustomerContains } from './customers.ts';

/** The queue's filters: status, type, and a code, name or e-mail containing `q`. */
function queueFilter(query: Partial<AdminIncidentQuery>): SQL | undefined {
  return and(
    query.status ? eq(incidents.statusId, query.status) : undefined,
    query.type ? eq(incidents.typeId, query.type) : undefined,
    query.q ? codeOrCustomerContains(query.q) : undefined,
  );
}

/** Requests not yet answered come first (registered, in progress); then the oldest first. */
const waitingFirst = sql`case when ${incidents.statusId} in (${IncidentStatusId.registered}, ${IncidentStatusId.inProgress}) then 0 else 1 end`;

function selectQueue(db: Executor, where: SQL | undefined) {
  const query = db
    .select({
      ...requestColumns,
      ...customerColumns,
      createdAt: incidents.createdAt,
      ageDays: sql<number>`floor(extract(epoch from now() - ${incidents.createdAt}) / 86400)::integer`,
      ageHours: sql<number>`floor(extract(epoch from now() - ${incidents.createdAt}) / 3600)::integer`,
      response: incidents.response,
      observation: incidents.observation,
      targetEveryPassenger: incidents.targetEveryPassenger,
    })
    .from(incidents)
    .$dynamic();
  return joinRequestTables(query).innerJoin(users, eq(users.id, incidents.userId)).where(where);
}

type QueueRow = Awaited<ReturnType<typeof selectQueue>>[number];

function toAdminIncident(
  row: QueueRow,
  language: Language,
  targets: Map<string, RemovalTarget>,
): AdminIncident {
  const {
    typeEn,
    typeEs,
    statusEn,
    statusEs,
    tourEn,
    tourEs,
    createdAt,
    adviserName,
    targetEveryPassenger: _,
    ...rest
  } = row;
  return {
    ...rest,
    answeredBy: adviserName,
    type: inLanguage(language, typeEn, typeEs),
    status: inLanguage(language, statusEn, statusEs),
    tour: inLanguage(language, tourEn, tourEs),
    createdAt: createdAt.toISOString(),
    target: targets.get(row.id) ?? null,
  };
}

/** The requests as staff see them, with what each removal request removes (`removalTargets`). */
async function toAdminIncidents(
  db: Executor,
  rows: QueueRow[],
  language: Language,
): Promise<AdminIncident[]> {
  const targets = await removalTargets(db, rows, language);
  return rows.map((row) => toAdminIncident(row, language, targets));
}

/**
 * GET admin/incidents: every customer's requests, those waiting for an answer first and the
 * oldest of them first, with the booking, the customer and the request's age.
 */
export async function listIncidentQueue(
  db: Executor,
  query: AdminIncidentQuery,
  language: Language,
): Promise<Page<AdminIncident>> {
  const where = queueFilter(query);
  const page = await readPage(
    query,
    selectQueue(db, where).orderBy(waitingFirst, asc(incidents.createdAt)),
    db
      .select({ n: count() })
      .from(incidents)
      .innerJoin(bookings, eq(bookings.id, incidents.bookingId))
      .innerJoin(users, eq(users.id, incidents.userId))
      .where(where),
    (row) => row,
  );
  return { items: await toAdminIncidents(db, page.items, language), total: page.total };
}

/** A booking's requests, oldest first, as the queue shows them. */
export async function listBookingIncidents(
  db: Executor,
  bookingId: string,
  language: Language,
): Promise<AdminIncident[]> {
  const rows = await selectQueue(db, eq(incidents.bookingId, bookingId)).orderBy(
    asc(incidents.createdAt),
  );
  return toAdminIncidents(db, rows, language);
}

/** The number of requests waiting for an answer, and the oldest of them. */
export async function waitingIncidents(db: Executor, language: Language, limit: number) {
  const waiting = sql`${incidents.statusId} in (${IncidentStatusId.registered}, ${IncidentStatusId.inProgress})`;
  const rows = await selectQueue(db, waiting).orderBy(asc(incidents.createdAt)).limit(limit);
  const [counted] = await db.select({ n: count() }).from(incidents).where(waiting);
  return { count: counted?.n ?? 0, oldest: await toAdminIncidents(db, rows, language) };
}

/** One request as the queue shows it; 404 for an unknown one. */
export async function getQueuedIncident(
  db: Executor,
  incidentId: string,
  language: Language,
): Promise<AdminIncident> {
  const [row] = await selectQueue(db, eq(incidents.id, parseIncidentId(incidentId)));
  if (!row) throw incidentNotFound();
  return toAdminIncident(row, language, await removalTargets(db, [row], language));
}
