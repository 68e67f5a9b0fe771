import {
  type CrewListQuery,
  type CrewMember,
  crewLockedFields,
  crewRoleList,
  type Language,
  nameIn,
  type ParsedCrewMemberRequest,
} from '@cusco/shared';
import { and, asc, desc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { countries, crewMembers } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { limitOffset, type Page } from '../../lib/pagination.ts';
import { containing } from '../../lib/search.ts';
import { recordAudit } from '../audit/record.ts';
import { assertUnlocked, crewLocks, lockView, type PersonLock } from '../operations/locks.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';

/**
 * The crew roster (issue 29): the people who work departures. Every member of the staff reads it
 * (agents assign crew); administrators add and edit it. Its data is the staff's only: no route a
 * customer can call reads it. A member whose permit (or ticket) is bought has their names,
 * nationality, birth date and document locked (modules/operations/locks.ts).
 */

type MemberRow = typeof crewMembers.$inferSelect & { countryEn: string; countryEs: string };

const memberColumns = {
  ...getTableColumns(crewMembers),
  countryEn: countries.nameEn,
  countryEs: countries.nameEs,
};

/** A member as the staff read them, with what a purchase locks of them. */
function toMember(row: MemberRow, lock: PersonLock | undefined, language: Language): CrewMember {
  const view = lockView(lock);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    documentType: row.documentType,
    documentNumber: row.documentNumber,
    countryId: row.countryId,
    country: nameIn({ nameEn: row.countryEn, nameEs: row.countryEs }, language),
    birthDate: row.birthDate,
    sex: row.sex,
    phone: row.phone || null,
    languages: row.languages,
    licenceNumber: row.licenceNumber,
    licenceExpiry: row.licenceExpiry,
    active: row.active,
    locked: view.locked,
    lockedReason: view.lockedReason,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a member: every field of the roster. */
function audited(row: typeof crewMembers.$inferSelect) {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    documentType: row.documentType,
    documentNumber: row.documentNumber,
    countryId: row.countryId,
    birthDate: row.birthDate,
    sex: row.sex,
    phone: row.phone || null,
    languages: row.languages,
    licenceNumber: row.licenceNumber,
    licenceExpiry: row.licenceExpiry,
    active: row.active,
  };
}

/** The roster's filters: a role, active or not, and a name or document holding `search`. */
function rosterFilter(query: CrewListQuery): SQL | undefined {
  const search = query.search
    ? or(
        ilike(
          sql`${crewMembers.firstName} || ' ' || ${crewMembers.lastName}`,
          containing(query.search),
        ),
        ilike(crewMembers.documentNumber, containing(query.search.replace(/[\s.-]/g, ''))),
        ilike(crewMembers.phone, containing(query.search)),
      )
    : undefined;
  return and(
    query.role ? eq(crewMembers.role, query.role) : undefined,
    query.active ? eq(crewMembers.active, query.active === 'true') : undefined,
    search,
  );
}

/** The roster's order: the active first, then by role (guides first), last and first name. */
const rosterOrder = [
  desc(crewMembers.active),
  sql`array_position(array[${sql.join(
    crewRoleList.map((role) => sql`${role}`),
    sql`, `,
  )}]::text[], ${crewMembers.role})`,
  asc(crewMembers.lastName),
  asc(crewMembers.firstName),
  asc(crewMembers.id),
];

/** GET admin/crew: one page of the roster, with each member's lock. */
export async function listCrew(
  db: Executor,
  query: CrewListQuery,
  language: Language,
): Promise<Page<CrewMember>> {
  const where = rosterFilter(query);
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select(memberColumns)
    .from(crewMembers)
    .innerJoin(countries, eq(countries.id, crewMembers.countryId))
    .where(where)
    .orderBy(...rosterOrder)
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(crewMembers)
    .where(where);
  const locks = await crewLocks(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toMember(row, locks.get(row.id), language)),
    total: total?.n ?? 0,
  };
}

/** A member by id, with their lock; 404 when there is none. */
async function readMember(db: Executor, id: string, language: Language): Promise<CrewMember> {
  const [row] = await db
    .select(memberColumns)
    .from(crewMembers)
    .innerJoin(countries, eq(countries.id, crewMembers.countryId))
    .where(eq(crewMembers.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'crewNotFound');
  return toMember(row, (await crewLocks(db, [id])).get(id), language);
}

/** A nationality must be a country of the list (400 `unknownCountry` otherwise). */
async function assertCountry(db: Executor, countryId: string) {
  const [country] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.id, countryId));
  if (!country) throw new AppError('VALIDATION', 'unknownCountry', { field: 'countryId' });
}

/** The roster's columns a request writes. */
function columnsOf(body: ParsedCrewMemberRequest) {
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    role: body.role,
    documentType: body.documentType,
    documentNumber: body.documentNumber,
    countryId: body.countryId,
    birthDate: body.birthDate,
    sex: body.sex ?? null,
    phone: body.phone ?? '',
    languages: body.languages,
    licenceNumber: body.licenceNumber,
    licenceExpiry: body.licenceExpiry,
    active: body.active,
  };
}

const documentTaken = () =>
  new AppError('CONFLICT', 'crewDocumentTaken', { field: 'documentNumber' });

/** A document registered twice (two administrators at once too) is a 409, never a 500. */
function refuseTakenDocument(error: unknown): never {
  if (isUniqueViolation(error, 'crew_members_document_unique')) throw documentTaken();
  throw error;
}

/**
 * POST admin/crew (administrators): a new member of the roster, audited in its transaction. A
 * document already registered is refused (409): the unique key decides, no check before.
 */
export async function createCrewMember(
  db: Database,
  staff: AuthenticatedUser,
  body: ParsedCrewMemberRequest,
  language: Language,
): Promise<CrewMember> {
  return db
    .transaction(async (tx) => {
      await assertCountry(tx, body.countryId);
      const [created] = await tx
        .insert(crewMembers)
        .values(columnsOf(body))
        .onConflictDoNothing({ target: [crewMembers.documentType, crewMembers.documentNumber] })
        .returning();
      if (!created) throw documentTaken();
      await recordAudit(tx, {
        staffUserId: staff.userId,
        action: 'crew.create',
        subjectId: created.id,
        after: audited(created),
      });
      return readMember(tx, created.id, language);
    })
    .catch(refuseTakenDocument);
}

/**
 * PUT admin/crew/{id} (administrators): a member's data, whole, audited (as it was and as it
 * is). The member's row is locked first, so that a permit recorded meanwhile is seen: a change to
 * a field its purchase locks is refused (409 `personLocked`, naming the fields).
 */
export async function updateCrewMember(
  db: Database,
  staff: AuthenticatedUser,
  id: string,
  body: ParsedCrewMemberRequest,
  language: Language,
): Promise<CrewMember> {
  return db
    .transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(crewMembers)
        .where(eq(crewMembers.id, id))
        .for('update');
      if (!before) throw new AppError('NOT_FOUND', 'crewNotFound');
      await assertCountry(tx, body.countryId);
      const after = columnsOf(body);
      assertUnlocked((await crewLocks(tx, [id])).get(id), crewLockedFields, before, after);
      const [updated] = await tx
        .update(crewMembers)
        .set({ ...after, updatedAt: sql`now()` })
        .where(eq(crewMembers.id, id))
        .returning();
      if (!updated) throw new AppError('NOT_FOUND', 'crewNotFound');
      await recordAudit(tx, {
        staffUserId: staff.userId,
        action: 'crew.update',
        subjectId: id,
        before: audited(before),
        after: audited(updated),
      });
      return readMember(tx, id, language);
    })
    .catch(refuseTakenDocument);
}
