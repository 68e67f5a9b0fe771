import type { Attendance, TrailNote } from '@cusco/shared';
import { trailDeleteAfter } from '@cusco/shared';
import dayjs from 'dayjs';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { crewAssignments, departures, tours, trailActions, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/**
 * What the trail's answers share (issue 32): the guide behind a session, a departure they are
 * assigned to, the travellers' attendance and the notes recorded on the trail.
 */

/** The guide's name as the trail shows who did what: first and last name. */
export const guideNameSql: SQL<string> = sql<string>`trim(${users.name} || ' ' || ${users.lastName})`;

/** The crew member a guide's account is (users.crew_member_id); 404 for anyone else. */
export async function guideCrewMemberId(db: Executor, userId: string): Promise<string> {
  const [row] = await db
    .select({ crewMemberId: users.crewMemberId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'guide')));
  if (!row?.crewMemberId) throw new AppError('NOT_FOUND', 'notFound');
  return row.crewMemberId;
}

/** The last day of a departure of `days` days starting on `date`. */
export const endDateOf = (date: string, days: number) =>
  dayjs(date)
    .add(Math.max(days, 1) - 1, 'day')
    .format('YYYY-MM-DD');

/** A day `days` after (or before) another, YYYY-MM-DD. */
export const plusDays = (date: string, days: number) =>
  dayjs(date).add(days, 'day').format('YYYY-MM-DD');

export interface AssignedDeparture {
  tourId: string;
  tourCode: string;
  nameEn: string;
  nameEs: string;
  days: number;
  date: string;
  status: string;
  role: string;
  endDate: string;
  deleteAfter: string;
}

/**
 * A departure (tour code in any case, date) the crew member is assigned to, or null: not
 * assigned, no such tour or departure.
 */
export async function assignedDeparture(
  db: Executor,
  crewMemberId: string,
  tourCode: string,
  date: string,
): Promise<AssignedDeparture | null> {
  const [row] = await db
    .select({
      tourId: tours.id,
      tourCode: tours.code,
      nameEn: tours.nameEn,
      nameEs: tours.nameEs,
      days: tours.days,
      date: crewAssignments.date,
      status: departures.status,
      role: crewAssignments.role,
    })
    .from(crewAssignments)
    .innerJoin(tours, eq(tours.id, crewAssignments.tourId))
    .innerJoin(
      departures,
      and(eq(departures.tourId, crewAssignments.tourId), eq(departures.date, crewAssignments.date)),
    )
    .where(
      and(
        eq(crewAssignments.crewMemberId, crewMemberId),
        eq(sql`upper(${tours.code})`, tourCode.toUpperCase()),
        eq(crewAssignments.date, date),
      ),
    );
  if (!row) return null;
  const endDate = endDateOf(row.date, row.days);
  return { ...row, endDate, deleteAfter: trailDeleteAfter(endDate) };
}

/** Each traveller's applied check-in or no-show, by passenger slot. */
export async function attendanceBySlot(
  db: Executor,
  slotIds: readonly string[],
): Promise<Map<string, Attendance>> {
  if (slotIds.length === 0) return new Map();
  const rows = await db
    .select({
      slotId: trailActions.passengerSlotId,
      kind: trailActions.kind,
      method: trailActions.method,
      at: trailActions.happenedAt,
      receivedAt: trailActions.receivedAt,
      by: guideNameSql,
    })
    .from(trailActions)
    .innerJoin(users, eq(users.id, trailActions.recordedBy))
    .where(
      and(
        inArray(trailActions.passengerSlotId, [...slotIds]),
        inArray(trailActions.kind, ['check_in', 'no_show']),
        eq(trailActions.outcome, 'applied'),
      ),
    );
  const attendance = new Map<string, Attendance>();
  for (const row of rows) {
    if (!row.slotId) continue;
    attendance.set(row.slotId, {
      state: row.kind === 'no_show' ? 'no_show' : 'checked_in',
      method: row.kind === 'check_in' ? row.method : null,
      at: row.at.toISOString(),
      receivedAt: row.receivedAt.toISOString(),
      by: row.by,
    });
  }
  return attendance;
}

/** The notes recorded on a departure, in the order the guides took them. */
export async function notesOf(
  db: Executor,
  tourId: string,
  date: string,
  travellerNames: ReadonlyMap<string, string>,
): Promise<TrailNote[]> {
  const rows = await db
    .select({
      id: trailActions.id,
      slotId: trailActions.passengerSlotId,
      text: trailActions.note,
      at: trailActions.happenedAt,
      receivedAt: trailActions.receivedAt,
      by: guideNameSql,
    })
    .from(trailActions)
    .innerJoin(users, eq(users.id, trailActions.recordedBy))
    .where(
      and(
        eq(trailActions.tourId, tourId),
        eq(trailActions.date, date),
        eq(trailActions.kind, 'note'),
      ),
    )
    .orderBy(asc(trailActions.happenedAt), asc(trailActions.receivedAt), asc(trailActions.id));
  return rows.map((row) => ({
    id: row.id,
    slotId: row.slotId,
    traveller: row.slotId ? (travellerNames.get(row.slotId) ?? '') : '',
    text: row.text,
    at: row.at.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    by: row.by,
  }));
}

/** A traveller's name as the trail shows it: their registered name, else the booking's place. */
export function travellerName(passenger: {
  name: string | null;
  lastName: string | null;
  bookingCode: string;
  position: number;
}): string {
  const name = `${passenger.name ?? ''} ${passenger.lastName ?? ''}`.trim();
  return name || `${passenger.bookingCode} #${passenger.position}`;
}
