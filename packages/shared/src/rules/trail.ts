/**
 * The trail (issue 32): what guides record on a departure, offline as often as not, and how long
 * a phone keeps a departure's data. Pure rules; the API and the guide's app share them.
 */

/** A check-in at the trailhead, a no-show, or a note (an incident on the trail). */
export const trailActionKinds = ['check_in', 'no_show', 'note'] as const;
export type TrailActionKind = (typeof trailActionKinds)[number];

/** How a traveller was checked in: their voucher's QR code scanned, or their name tapped. */
export const checkInMethods = ['qr', 'name'] as const;
export type CheckInMethod = (typeof checkInMethods)[number];

/**
 * What became of an action on the server: applied, or a conflict (another guide's check-in or
 * no-show of the same traveller reached the server first; the first wins, the second is kept).
 */
export const trailOutcomes = ['applied', 'conflict'] as const;
export type TrailOutcome = (typeof trailOutcomes)[number];

/** A traveller's attendance: the applied check-in or no-show, if any. */
export const attendanceStates = ['checked_in', 'no_show'] as const;
export type AttendanceState = (typeof attendanceStates)[number];

/** The attendance an action kind records; null for a note. */
export function attendanceOf(kind: TrailActionKind): AttendanceState | null {
  if (kind === 'check_in') return 'checked_in';
  if (kind === 'no_show') return 'no_show';
  return null;
}

/** How many actions one sync sends at most; a longer queue goes in several. */
export const TRAIL_BATCH_MAX = 100;
/** The longest note. */
export const TRAIL_NOTE_MAX = 2000;
/**
 * A phone deletes a departure's data this many days after its last day (and at sign-out): enough
 * to sync what was done on the trail on the way back, not enough to carry medical notes around.
 */
export const TRAIL_KEEP_DAYS = 3;
/** A guide's session lasts this many days: a trek of five days without signal, and the way back. */
export const GUIDE_SESSION_DAYS = 10;
/**
 * The departures a guide sees: those that end at most this many days ago, and those that start
 * within this many days ahead (the next season's are not downloaded yet).
 */
export const GUIDE_DAYS_AHEAD = 60;

/** The day (YYYY-MM-DD) after which a phone deletes a departure ending on `lastDay`. */
export function trailDeleteAfter(lastDay: string): string {
  const date = new Date(`${lastDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + TRAIL_KEEP_DAYS);
  return date.toISOString().slice(0, 10);
}
