import dayjs from 'dayjs';
import { type Language, translate } from '../messages.ts';

/**
 * Availability (issue 14): which dates a tour runs on, and what a departure can still sell. The
 * server decides with these rules, in the transaction that writes a booking; the calendar shows
 * the same answers.
 */

/** Seats shown as a number up to this; above it the calendar says "20+". */
export const SEATS_DISPLAY_MAX = 20;
/** The summary warns from this many seats left down. */
export const FEW_SEATS = 5;
/** The longest range of dates one availability call answers. */
export const AVAILABILITY_MAX_DAYS = 400;

/** What a departure holds and has sold. */
export interface DepartureLoad {
  /** Seats the agency sells on it; null: no limit of seats (only the permits, if any). */
  capacity: number | null;
  /** Trail permits allotted to the agency that day (travellers and staff); null: no permits. */
  permits: number | null;
  /** Staff who walk with each traveller (guides, porters): 2.5 means 1 traveller uses 3.5 permits. */
  staffRatio: number;
  /** Travellers already holding one of its seats. */
  booked: number;
  /**
   * Travellers of the whole day holding its permits (every group and private group of the tour
   * that day share them); by default, `booked`.
   */
  onPermits?: number;
  /**
   * Crew assigned to the day (issue 29): they take permits from the same pool. The staff ratio
   * estimates only the crew not yet assigned: the day's travellers and crew use
   * travellers + max(assigned crew, travellers × staff ratio) permits.
   */
  crew?: number;
}

/**
 * Permits a day's travellers and their crew use (issue 29): each traveller one, and the crew
 * assigned, or the tour's ratio of the travellers where that is more (the crew not yet assigned).
 */
export function permitsUsed(travellers: number, staffRatio: number, crew = 0): number {
  return travellers + Math.max(crew, travellers * staffRatio);
}

/**
 * Seats left = the most travellers k that the capacity and the permits still take, never below
 * 0: capacity − booked, and the largest k with permitsUsed(travellers + k, ratio, crew) ≤ permits,
 * that is min(permits ÷ (1 + ratio) − travellers, permits − crew − travellers) rounded down: a
 * trail departure is capped by the permits its travellers and their crew use. Infinity when
 * neither limits it.
 */
export function seatsLeft(load: DepartureLoad): number {
  const bySeats = load.capacity === null ? Number.POSITIVE_INFINITY : load.capacity - load.booked;
  if (load.permits === null) return Math.max(0, bySeats);
  const travellers = load.onPermits ?? load.booked;
  // A tiny epsilon keeps 7 × 3.5 = 24.5 exact against floating point.
  const byRatio = Math.floor(load.permits / (1 + load.staffRatio) + 1e-9) - travellers;
  const byCrew = load.permits - (load.crew ?? 0) - travellers;
  return Math.max(0, Math.min(bySeats, byRatio, byCrew));
}

/**
 * Room for one more private group on a day: 0 when its private groups are all taken, else the
 * travellers such a group may take (the tour's group maximum, capped by the day's permits).
 * `groups`: the private groups the day takes (null: no limit); `held`: those already booked.
 */
export function privateRoom(
  day: { groups: number | null; permits: number | null; staffRatio: number },
  held: { groups: number; onPermits: number; crew?: number },
  maxGroupSize: number,
): number {
  if (day.groups !== null && held.groups >= day.groups) return 0;
  const byPermits = seatsLeft({
    capacity: null,
    permits: day.permits,
    staffRatio: day.staffRatio,
    booked: 0,
    onPermits: held.onPermits,
    crew: held.crew ?? 0,
  });
  return Math.min(maxGroupSize, byPermits);
}

/** A tour's running rules, set per tour by the agency. */
export interface TourRules {
  /** Whole days between booking and travel, at least (0: the same day). */
  leadDays: number;
  /** Months (1–12) the tour does not run: the Inca Trail is closed every February (2). */
  closedMonths: readonly number[];
  /** Days of the week it runs, 0 = Sunday … 6 = Saturday. */
  weekdays: readonly number[];
}

/** Every day of the week: a tour that runs daily. */
export const EVERY_WEEKDAY: readonly number[] = [0, 1, 2, 3, 4, 5, 6];

/** Why a date cannot be booked by the tour's rules, whatever its seats. */
export type DateClosure = 'past' | 'leadTime' | 'closedMonth' | 'notRunning';

/**
 * The rule that closes `date` for a tour, or null when the tour runs that day: a past date, a
 * date closer than the tour's lead time, a closed month, a day of the week it does not run.
 */
export function dateClosure(date: string, today: string, rules: TourRules): DateClosure | null {
  if (date < today) return 'past';
  const day = dayjs(date);
  if (day.diff(dayjs(today), 'day') < rules.leadDays) return 'leadTime';
  if (rules.closedMonths.includes(day.month() + 1)) return 'closedMonth';
  if (!rules.weekdays.includes(day.day())) return 'notRunning';
  return null;
}

/** The first date from `from` on that the rules let the tour run, looking a year ahead at most. */
export function firstOpenDate(from: string, today: string, rules: TourRules): string | null {
  let day = dayjs(from < today ? today : from);
  for (let step = 0; step <= 366; step++, day = day.add(1, 'day')) {
    const date = day.format('YYYY-MM-DD');
    if (dateClosure(date, today, rules) === null) return date;
  }
  return null;
}

/**
 * Corporate terms (spec §9): reservations are made at least 60 days ahead with 2 passengers or
 * more; one made later (fewer days ahead) needs 4 passengers.
 */
export const CORPORATE_EARLY_DAYS = 60;
export const CORPORATE_MIN_EARLY = 2;
export const CORPORATE_MIN_LATE = 4;

/** The passengers a corporate booking for `date` needs at least, booked on `today`. */
export function corporateMinimum(date: string, today: string): number {
  const early = dayjs(date).diff(dayjs(today), 'day') >= CORPORATE_EARLY_DAYS;
  return early ? CORPORATE_MIN_EARLY : CORPORATE_MIN_LATE;
}

/** The words of a closure, in a language (the month's or the weekday's name filled in). */
export function closureReason(
  closure: DateClosure,
  date: string,
  rules: TourRules,
  language: Language,
): string {
  const day = new Date(`${date}T12:00:00Z`);
  const name = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(day);
  switch (closure) {
    case 'past':
      return translate('closedPast', language);
    case 'leadTime':
      return translate('closedLeadTime', language, { count: rules.leadDays });
    case 'closedMonth':
      return translate('closedMonth', language, { month: name({ month: 'long' }) });
    case 'notRunning':
      return translate('closedWeekday', language, { weekday: name({ weekday: 'long' }) });
  }
}
