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
}

/**
 * Seats left = min(capacity − booked, permits left ÷ (1 + staff ratio)), rounded down, never
 * below 0: a trail departure is capped by the permits its travellers and their staff use.
 * Infinity when neither limits it.
 */
export function seatsLeft(load: DepartureLoad): number {
  const bySeats = load.capacity === null ? Number.POSITIVE_INFINITY : load.capacity - load.booked;
  if (load.permits === null) return Math.max(0, bySeats);
  const perTraveller = 1 + load.staffRatio;
  const permitsLeft = load.permits - (load.onPermits ?? load.booked) * perTraveller;
  // A tiny epsilon keeps 7 × 3.5 = 24.5 exact against floating point.
  const byPermits = Math.floor(permitsLeft / perTraveller + 1e-9);
  return Math.max(0, Math.min(bySeats, byPermits));
}

/**
 * Room for one more private group on a day: 0 when its private groups are all taken, else the
 * travellers such a group may take (the tour's group maximum, capped by the day's permits).
 * `groups`: the private groups the day takes (null: no limit); `held`: those already booked.
 */
export function privateRoom(
  day: { groups: number | null; permits: number | null; staffRatio: number },
  held: { groups: number; onPermits: number },
  maxGroupSize: number,
): number {
  if (day.groups !== null && held.groups >= day.groups) return 0;
  const byPermits = seatsLeft({
    capacity: null,
    permits: day.permits,
    staffRatio: day.staffRatio,
    booked: 0,
    onPermits: held.onPermits,
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
