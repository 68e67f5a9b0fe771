import {
  isCancelled,
  type MessageKey,
  type TrailAction,
  type TrailActionResult,
  type TrailActionsResponse,
} from '@cusco/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, passengerSlots, trailActions } from '../../db/schema.ts';
import { holdsSeats } from '../departures/holdings.ts';
import { bookingStatusSql } from '../lifecycle/status.ts';
import { recordSync } from './guide.ts';
import { type AssignedDeparture, assignedDeparture, attendanceBySlot, plusDays } from './read.ts';

/**
 * POST guide/actions (issue 32, ADR 0051): what a guide's phone did on the trail, sent when it
 * has a network, each action with the phone's own id. The database decides, never a read before
 * a write:
 * - the action's id is the primary key: the same id again (a retry, even at the same moment) is
 *   never recorded twice; it is answered `duplicate` with the traveller's attendance, whatever
 *   the second copy says; another guide sending that id is refused, told nothing of it;
 * - one applied check-in or no-show per traveller (a partial unique index): the first to reach
 *   the server wins; a later one is kept with the outcome `conflict` and answered with the
 *   winner's attendance.
 * An action on a departure that is not the guide's, on someone who is not one of its travellers,
 * on a cancelled booking, or outside its dates is refused (a message key), and not recorded.
 *
 * Actions are taken from the day before the departure (the briefing, a check-in at the hotel the
 * evening before) until the day the phones delete it (TRAIL_KEEP_DAYS after its last day: the
 * way back without signal); earlier or later they are refused.
 */

interface Guide {
  userId: string;
  crewMemberId: string;
}

type Refusal = { outcome: 'refused'; reason: MessageKey };
const refused = (reason: MessageKey): Refusal => ({ outcome: 'refused', reason });

/** The booking of a passenger slot on the departure, or why the slot is not a traveller of it. */
async function travellerProblem(
  db: Executor,
  departure: AssignedDeparture,
  slotId: string,
): Promise<MessageKey | null> {
  const [row] = await db
    .select({ status: bookingStatusSql, holds: sql<boolean>`${holdsSeats}` })
    .from(passengerSlots)
    .innerJoin(bookings, eq(bookings.id, passengerSlots.bookingId))
    .where(
      and(
        eq(passengerSlots.id, slotId),
        eq(bookings.tourId, departure.tourId),
        eq(bookings.travelDate, departure.date),
      ),
    );
  if (!row) return 'trailNotATraveller';
  if (isCancelled(row.status)) return 'trailBookingCancelled';
  if (!row.holds) return 'trailNotATraveller';
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the phone's time of an action can be true: not before the day before the departure
 * (a day more for the time zones), not a day after the server's now. Anything else (a clock reset
 * to 1970, year 0, year 9999) is refused rather than stored as when it was done.
 */
function plausibleTime(at: string, date: string): boolean {
  const time = Date.parse(at);
  return time >= Date.parse(`${plusDays(date, -2)}T00:00:00Z`) && time <= Date.now() + DAY_MS;
}

/** Why an action is refused before anything is written, or null. */
async function problemOf(
  db: Executor,
  action: TrailAction,
  departure: AssignedDeparture | null,
  today: string,
): Promise<MessageKey | null> {
  if (!departure) return 'trailNotYourDeparture';
  // Cancelled after the phone downloaded it: nothing more is recorded on it.
  if (departure.status === 'cancelled') return 'trailDepartureCancelled';
  if (today < plusDays(departure.date, -1) || today > departure.deleteAfter) {
    return 'trailOutsideDates';
  }
  if (!plausibleTime(action.at, departure.date)) return 'trailOutsideDates';
  if (action.kind === 'note' && !action.note?.trim()) return 'trailNoteEmpty';
  if (action.kind !== 'note' && !action.slotId) return 'trailSlotRequired';
  if (action.slotId) return travellerProblem(db, departure, action.slotId);
  return null;
}

/** The traveller's attendance now, for an action about one. */
async function attendanceAfter(db: Executor, slotId: string | null | undefined) {
  if (!slotId) return undefined;
  return (await attendanceBySlot(db, [slotId])).get(slotId) ?? null;
}

/** An action already recorded under this id: its slot and who sent it, or undefined. */
async function recorded(db: Executor, id: string) {
  const [row] = await db
    .select({ slotId: trailActions.passengerSlotId, recordedBy: trailActions.recordedBy })
    .from(trailActions)
    .where(eq(trailActions.id, id));
  return row;
}

/**
 * The answer to an id already recorded: the guide's own retry is a duplicate with the traveller's
 * attendance; another guide's use of the id (a replay of an id seen in a download, or forged) is
 * refused with nothing of the action it names.
 */
async function duplicate(
  db: Executor,
  guide: Guide,
  id: string,
  before: { slotId: string | null; recordedBy: string } | undefined,
): Promise<TrailActionResult> {
  if (before && before.recordedBy !== guide.userId)
    return { id, ...refused('trailNotYourDeparture') };
  return { id, outcome: 'duplicate', attendance: await attendanceAfter(db, before?.slotId) };
}

/** Records one action (already checked): applied, conflict, or a duplicate of its id. */
async function record(
  db: Executor,
  guide: Guide,
  deviceId: string,
  departure: AssignedDeparture,
  action: TrailAction,
): Promise<TrailActionResult> {
  const values = {
    id: action.id,
    tourId: departure.tourId,
    date: departure.date,
    kind: action.kind,
    passengerSlotId: action.slotId ?? null,
    method: action.kind === 'check_in' ? (action.method ?? null) : null,
    note: action.note?.trim() ?? '',
    recordedBy: guide.userId,
    deviceId,
    happenedAt: new Date(action.at),
  };
  // Applied if nothing stands in the way: neither this id nor another applied attendance of the
  // traveller (ON CONFLICT DO NOTHING without a target covers both unique indexes).
  const [applied] = await db
    .insert(trailActions)
    .values({ ...values, outcome: 'applied' })
    .onConflictDoNothing()
    .returning({ id: trailActions.id });
  if (applied) {
    return {
      id: action.id,
      outcome: 'applied',
      attendance: await attendanceAfter(db, action.slotId),
    };
  }
  if (action.kind === 'note') return duplicate(db, guide, action.id, await recorded(db, action.id));
  // Not applied: another guide's attendance came first (kept as a conflict), unless it is this
  // very id (a retry that arrived at the same moment): then the id's conflict says so.
  const [conflict] = await db
    .insert(trailActions)
    .values({ ...values, outcome: 'conflict' })
    .onConflictDoNothing({ target: trailActions.id })
    .returning({ id: trailActions.id });
  if (!conflict) return duplicate(db, guide, action.id, await recorded(db, action.id));
  return {
    id: action.id,
    outcome: 'conflict',
    attendance: await attendanceAfter(db, action.slotId),
  };
}

/** Every action of a batch, in its order; one answer each. */
export async function recordTrailActions(
  db: Executor,
  guide: Guide,
  body: { deviceId: string; actions: TrailAction[] },
  today: string,
): Promise<TrailActionsResponse> {
  const departures = new Map<string, Promise<AssignedDeparture | null>>();
  const departureOf = (action: TrailAction) => {
    const key = `${action.tourCode.toUpperCase()}|${action.date}`;
    let found = departures.get(key);
    if (!found) {
      found = assignedDeparture(db, guide.crewMemberId, action.tourCode, action.date);
      departures.set(key, found);
    }
    return found;
  };
  const results: TrailActionResult[] = [];
  const synced = new Map<string, AssignedDeparture>();
  for (const action of body.actions) {
    const departure = await departureOf(action);
    if (departure) synced.set(`${departure.tourId}|${departure.date}`, departure);
    // Sent before (a retry): the stored result, whatever this copy says or whether it would pass.
    const before = await recorded(db, action.id);
    if (before) {
      results.push(await duplicate(db, guide, action.id, before));
      continue;
    }
    const problem = await problemOf(db, action, departure, today);
    if (problem || !departure) {
      results.push({ id: action.id, ...refused(problem ?? 'trailNotYourDeparture') });
      continue;
    }
    results.push(await record(db, guide, body.deviceId, departure, action));
  }
  for (const departure of synced.values()) {
    await recordSync(db, {
      tourId: departure.tourId,
      date: departure.date,
      userId: guide.userId,
      deviceId: body.deviceId,
      kind: 'actions',
    });
  }
  return { results };
}
