import dayjs from 'dayjs';

/**
 * Availability (issue 14): what a departure can still sell, and which dates a tour runs on. The
 * server decides with these rules, in the transaction that writes a booking; the calendar shows
 * the same answers.
 */

/** Seats shown as a number up to this; above it the calendar says "20+". */
export const SEATS_DISPLAY_MAX = 20;
/** The summary warns from this many seats left down. */
export const FEW_SEATS = 5;
/** The longest range of dates one availability call answers. */
export const AVAILABILITY_MAX_DAYS = 400;

/** A tour's running rules (per tour, set by the agency). */
export interface TourRules {
  /** Whole days between booking and travel, at least (0: the same day). */
  leadDays: number;
  /** Months (1–12) the tour does not run (the Inca Trail: 2, February). */
  closedMonths: number[];
  /** Days of the week it runs, 0 = Sunday … 6 = Saturday. */
  weekdays: number[];
}

/** Why a date cannot be booked, whatever its seats. */
export type DateClosure = 'past' | 'leadTime' | 'closedMonth' | 'notRunning';

/** The rule that closes `date` for a tour, or null when the tour runs that day. */
export function dateClosure(date: string, today: string, rules: TourRules): DateClosure | null {
  if (date < today) return 'past';
  if (dayjs(date).diff(dayjs(today), 'day') < rules.leadDays) return 'leadTime';
  const day = dayjs(date);
  if (rules.closedMonths.includes(day.month() + 1)) return 'closedMonth';
  if (!rules.weekdays.includes(day.day())) return 'notRunning';
  return null;
}

/** What a departure holds and has sold. */
export interface DepartureLoad {
  /** Seats the agency sells on it. */
  capacity: number;
  /** Trail permits allotted to the agency that day (travellers and staff); null: no permits. */
  permits: number | null;
  /** Staff who walk with each traveller (guides, porters): 2.5 means 1 traveller uses 3.5 permits. */
  staffRatio: number;
  /** Travellers already holding a seat. */
  booked: number;
}

/**
 * Seats left = min(capacity − booked, permits left ÷ (1 + staff ratio)), rounded down, never
 * below 0: a trail departure is capped by the permits its travellers and their staff use.
 */
export function seatsLeft(load: DepartureLoad): number {
  const bySeats = load.capacity - load.booked;
  if (load.permits === null) return Math.max(0, bySeats);
  const perTraveller = 1 + load.staffRatio;
  const permitsLeft = load.permits - load.booked * perTraveller;
  // A tiny epsilon keeps 7 × 3.5 = 24.5 exact against floating point.
  const byPermits = Math.floor(permitsLeft / perTraveller + 1e-9);
  return Math.max(0, Math.min(bySeats, byPermits));
}

/**
 * Corporate terms (spec): a reservation made at least 60 days ahead needs 2 passengers; one made
 * later (fewer days ahead) needs 4. Answers the minimum the booking misses, or null.
 */
export const CORPORATE_EARLY_DAYS = 60;

export function corporateMinimum(date: string, today: string, passengers: number): number | null {
  const early = dayjs(date).diff(dayjs(today), 'day') >= CORPORATE_EARLY_DAYS;
  const minimum = early ? 2 : 4;
  return passengers < minimum ? minimum : null;
}
