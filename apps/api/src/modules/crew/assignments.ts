import {
  addYears,
  BOOKING_DATE_RANGE_YEARS,
  type CrewAssignRequest,
  type CrewRole,
  crewNeeded,
  crewRoleList,
  crewShortfall,
  type DepartureCrew,
  dateClosure,
  type Language,
  licensedRoles,
  nameIn,
  permitsUsed,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  crewAssignments,
  crewMembers,
  departures,
  personPurchases,
  tours,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import { emptyHolding, holdingsOn } from '../departures/holdings.ts';
import {
  type AvailabilityTour,
  availabilityTour,
  dayPlan,
  departureRows,
} from '../departures/plan.ts';
import { lockDay } from '../departures/seats.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';

/**
 * A departure's crew (issue 29, docs/back-office.md "The crew", ADR 0042). Agents and
 * administrators assign people of the roster to a tour's date; one person is on one departure at
 * a time (a departure runs from its date to its last day, the tour's days on); guides walk under
 * a licence valid to the last day; and on a permit-bound date the crew take permits from the same
 * pool as the travellers. Every assignment is written under the departure's row lock (the
 * permits, which bookings take under the same lock) and the member's (their other departures).
 */

export interface DepartureTarget {
  tourCode: string;
  date: string;
}

/** The last day of a departure of the tour on `date`. */
const lastDayOf = (tour: AvailabilityTour, date: string) =>
  dayjs(date)
    .add(Math.max(tour.days, 1) - 1, 'day')
    .format('YYYY-MM-DD');

/** The roles a rule asks for, in the roster's order of roles. */
const inRoleOrder = (counts: Partial<Record<CrewRole, number>>) =>
  crewRoleList.flatMap((role) => (counts[role] ? [{ role, count: counts[role] }] : []));

/**
 * Why crew cannot be assigned to (or removed from) the departure now, or null: it has started,
 * it is further than a booking may be made, or the tour does not run that day (its closed months
 * and days of the week; its lead time is for new bookings only).
 */
function timeProblem(tour: AvailabilityTour, date: string, today: string): AppError | null {
  if (date < today) return new AppError('BUSINESS_RULE', 'crewDeparturePast', { field: 'date' });
  const last = addYears(today, BOOKING_DATE_RANGE_YEARS);
  if (date > last) {
    return new AppError('BUSINESS_RULE', 'departureDateOutOfRange', {
      field: 'date',
      params: { from: today, to: last },
    });
  }
  const closure = dateClosure(date, today, tour);
  if (closure === 'closedMonth' || closure === 'notRunning') {
    return new AppError('BUSINESS_RULE', 'crewDepartureNotRunning', { field: 'date' });
  }
  return null;
}

/**
 * GET admin/departures/{tourCode}/{date}/crew: the crew assigned, what the tour's crew rule asks
 * for the travellers holding seats and what is missing of it, and the permits held, used by the
 * travellers and the crew, and left.
 */
export async function departureCrewOf(
  db: Executor,
  target: DepartureTarget,
  language: Language,
  today = todayInLima(),
): Promise<DepartureCrew> {
  const tour = await availabilityTour(db, { code: target.tourCode });
  const { date } = target;
  const day = { from: date, to: date };
  const plan = dayPlan(tour, (await departureRows(db, tour.id, day)).get(date));
  const holding = (await holdingsOn(db, tour.id, day)).get(date) ?? emptyHolding();
  const crew = await db
    .select({
      crewMemberId: crewAssignments.crewMemberId,
      firstName: crewMembers.firstName,
      lastName: crewMembers.lastName,
      role: crewAssignments.role,
      memberRole: crewMembers.role,
      phone: crewMembers.phone,
      languages: crewMembers.languages,
      licenceExpiry: crewMembers.licenceExpiry,
      assignedAt: crewAssignments.createdAt,
    })
    .from(crewAssignments)
    .innerJoin(crewMembers, eq(crewMembers.id, crewAssignments.crewMemberId))
    .where(and(eq(crewAssignments.tourId, tour.id), eq(crewAssignments.date, date)))
    .orderBy(asc(crewAssignments.createdAt), asc(crewMembers.lastName));
  const bought = await boughtFor(
    db,
    tour.id,
    date,
    crew.map((member) => member.crewMemberId),
  );
  const needed = crewNeeded(tour, holding.travellers);
  const used = permitsUsed(holding.travellers, tour.staffRatio, crew.length);
  return {
    tourCode: tour.code,
    tour: nameIn(tour, language),
    date,
    lastDay: lastDayOf(tour, date),
    status: plan.status,
    assignable: plan.status === 'open' && timeProblem(tour, date, today) === null,
    travellers: holding.travellers,
    rule: {
      guideEvery: tour.guideEvery,
      cooks: tour.cooks,
      portersPerTraveller: tour.portersPerTraveller,
    },
    needed: inRoleOrder(needed),
    missing: crewShortfall(
      needed,
      crew.map((member) => member.role),
    ),
    permits: {
      held: plan.permits,
      used,
      left: plan.permits === null ? null : plan.permits - used,
      staffRatio: tour.staffRatio,
    },
    crew: crew.map((member) => ({
      ...member,
      phone: member.phone || null,
      bought: bought.has(member.crewMemberId),
      assignedAt: member.assignedAt.toISOString(),
    })),
  };
}

/** The crew members among `ids` with something bought in their name for the departure. */
async function boughtFor(db: Executor, tourId: string, date: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ id: personPurchases.crewMemberId })
    .from(personPurchases)
    .where(
      and(
        eq(personPurchases.tourId, tourId),
        eq(personPurchases.date, date),
        eq(personPurchases.status, 'bought'),
        inArray(personPurchases.crewMemberId, ids),
      ),
    );
  return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
}

/** The crew member's row, locked for the rest of the transaction; 404 when there is none. */
async function lockMember(tx: Transaction, id: string) {
  const [member] = await tx.select().from(crewMembers).where(eq(crewMembers.id, id)).for('update');
  if (!member) throw new AppError('NOT_FOUND', 'crewNotFound', { field: 'crewMemberId' });
  return member;
}

type Member = typeof crewMembers.$inferSelect;
const fullName = (member: Member) => `${member.firstName} ${member.lastName}`;

/**
 * What refuses a person in a role on a departure ending `lastDay`: inactive (422), a guide's or
 * an assistant guide's licence missing or ending before the last day (422).
 */
function assertFit(member: Member, role: CrewRole, lastDay: string) {
  const name = fullName(member);
  if (!member.active) {
    throw new AppError('BUSINESS_RULE', 'crewInactive', {
      field: 'crewMemberId',
      params: { name },
    });
  }
  if (!licensedRoles.includes(role)) return;
  if (!member.licenceExpiry) {
    throw new AppError('BUSINESS_RULE', 'crewLicenceMissing', {
      field: 'crewMemberId',
      params: { name },
    });
  }
  if (member.licenceExpiry < lastDay) {
    throw new AppError('BUSINESS_RULE', 'crewLicenceExpired', {
      field: 'crewMemberId',
      params: { name, expiry: member.licenceExpiry, lastDay },
      details: { licenceExpiry: member.licenceExpiry, lastDay },
    });
  }
}

/**
 * Refuses (409) a person already on a departure whose days overlap `date`…`lastDay` (this one:
 * `crewAlreadyAssigned`; another: `crewOverlap`, naming it). A cancelled departure does not run:
 * its crew are free. Runs with the member's row locked, so that two assignments of one person
 * are decided one after the other.
 */
async function assertFree(
  tx: Transaction,
  member: Member,
  tour: AvailabilityTour,
  date: string,
  lastDay: string,
  language: Language,
) {
  const [other] = await tx
    .select({
      tourId: crewAssignments.tourId,
      date: crewAssignments.date,
      lastDay: crewAssignments.lastDay,
      nameEn: tours.nameEn,
      nameEs: tours.nameEs,
      code: tours.code,
    })
    .from(crewAssignments)
    .innerJoin(
      departures,
      and(eq(departures.tourId, crewAssignments.tourId), eq(departures.date, crewAssignments.date)),
    )
    .innerJoin(tours, eq(tours.id, crewAssignments.tourId))
    .where(
      and(
        eq(crewAssignments.crewMemberId, member.id),
        lte(crewAssignments.date, lastDay),
        gte(crewAssignments.lastDay, date),
        ne(departures.status, 'cancelled'),
      ),
    )
    .orderBy(asc(crewAssignments.date))
    .limit(1);
  if (!other) return;
  const name = fullName(member);
  if (other.tourId === tour.id && other.date === date) {
    throw new AppError('CONFLICT', 'crewAlreadyAssigned', {
      field: 'crewMemberId',
      params: { name },
    });
  }
  throw new AppError('CONFLICT', 'crewOverlap', {
    field: 'crewMemberId',
    params: { name, tour: nameIn(other, language), from: other.date, to: other.lastDay },
    details: { tourCode: other.code, date: other.date, lastDay: other.lastDay },
  });
}

/**
 * On a permit-bound date, refuses (409) one more crew member who would take the permits used by
 * the travellers holding seats and the crew over those held. One within the tour's staff ratio
 * of the travellers uses no permit more (the ratio had kept it for them), so is never refused.
 * Runs under the departure's row lock: bookings and assignments take its permits one at a time.
 */
async function assertPermit(
  tx: Transaction,
  tour: AvailabilityTour,
  date: string,
  permits: number | null,
  name: string,
) {
  if (permits === null) return;
  const day = { from: date, to: date };
  const holding = (await holdingsOn(tx, tour.id, day)).get(date) ?? emptyHolding();
  const before = permitsUsed(holding.travellers, tour.staffRatio, holding.crew);
  const after = permitsUsed(holding.travellers, tour.staffRatio, holding.crew + 1);
  if (after > permits + 1e-9 && after > before + 1e-9) {
    throw new AppError('CONFLICT', 'crewPermitsExceeded', {
      field: 'crewMemberId',
      params: { name, permits },
      details: { permits, used: before, travellers: holding.travellers, crew: holding.crew },
    });
  }
}

/**
 * POST admin/departures/{tourCode}/{date}/crew (staff): puts a person of the roster on a
 * departure, in their own role or the one asked, in one transaction: the departure's row (made
 * when the date has none) and then the member's are locked; the departure must be open and not
 * started; the person active, free on every day of it, and, to guide, licensed to its last day;
 * and the date's permits must take them. Audited.
 */
export async function assignCrew(
  db: Database,
  staff: AuthenticatedUser,
  target: DepartureTarget,
  body: CrewAssignRequest,
  language: Language,
  today = todayInLima(),
): Promise<DepartureCrew> {
  return db.transaction(async (tx) => {
    const tour = await availabilityTour(tx, { code: target.tourCode });
    const { date } = target;
    const problem = timeProblem(tour, date, today);
    if (problem) throw problem;
    const row = await lockDay(tx, tour, date, { always: true });
    const plan = dayPlan(tour, row);
    if (plan.status !== 'open') {
      throw new AppError('BUSINESS_RULE', 'crewDepartureClosed', { field: 'date' });
    }
    const member = await lockMember(tx, body.crewMemberId);
    const role = body.role ?? member.role;
    const lastDay = lastDayOf(tour, date);
    assertFit(member, role, lastDay);
    await assertFree(tx, member, tour, date, lastDay, language);
    await assertPermit(tx, tour, date, plan.permits, fullName(member));
    await tx.insert(crewAssignments).values({
      tourId: tour.id,
      date,
      crewMemberId: member.id,
      role,
      lastDay,
      assignedBy: staff.userId,
    });
    await recordAudit(tx, {
      staffUserId: staff.userId,
      action: 'crew.assign',
      subjectId: member.id,
      after: { tourCode: tour.code, date, lastDay, role, name: fullName(member) },
    });
    return departureCrewOf(tx, { tourCode: tour.code, date }, language, today);
  });
}

/**
 * DELETE admin/departures/{tourCode}/{date}/crew/{crewMemberId} (staff): takes a person off a
 * departure that has not started, under the same locks as an assignment. A permit or ticket
 * bought in their name for it must be cancelled first (409): it is personal, and the government
 * registered them. Audited.
 */
export async function removeCrew(
  db: Database,
  staff: AuthenticatedUser,
  target: DepartureTarget & { crewMemberId: string },
  language: Language,
  today = todayInLima(),
): Promise<DepartureCrew> {
  return db.transaction(async (tx) => {
    const tour = await availabilityTour(tx, { code: target.tourCode });
    const { date } = target;
    // The departure's row, locked as an assignment locks it (none: nobody is assigned to it).
    const [row] = await tx
      .select({ date: departures.date })
      .from(departures)
      .where(and(eq(departures.tourId, tour.id), eq(departures.date, date)))
      .for('update');
    const member = await lockMember(tx, target.crewMemberId);
    const [assignment] = row
      ? await tx
          .select()
          .from(crewAssignments)
          .where(
            and(
              eq(crewAssignments.tourId, tour.id),
              eq(crewAssignments.date, date),
              eq(crewAssignments.crewMemberId, member.id),
            ),
          )
      : [];
    if (!assignment) throw new AppError('NOT_FOUND', 'crewNotAssigned');
    if (date < today) {
      throw new AppError('BUSINESS_RULE', 'crewDeparturePast', { field: 'date' });
    }
    if ((await boughtFor(tx, tour.id, date, [member.id])).size > 0) {
      throw new AppError('CONFLICT', 'crewPurchaseBought', { params: { name: fullName(member) } });
    }
    await tx
      .delete(crewAssignments)
      .where(
        and(
          eq(crewAssignments.tourId, tour.id),
          eq(crewAssignments.date, date),
          eq(crewAssignments.crewMemberId, member.id),
        ),
      );
    await recordAudit(tx, {
      staffUserId: staff.userId,
      action: 'crew.unassign',
      subjectId: member.id,
      before: {
        tourCode: tour.code,
        date,
        lastDay: assignment.lastDay,
        role: assignment.role,
        name: fullName(member),
      },
    });
    return departureCrewOf(tx, { tourCode: tour.code, date }, language, today);
  });
}
