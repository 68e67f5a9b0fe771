/**
 * Availability (issue 14): what a departure can still sell. The server decides with this rule,
 * in the transaction that writes a booking; the calendar shows the same answers.
 */

/** Seats shown as a number up to this; above it the calendar says "20+". */
export const SEATS_DISPLAY_MAX = 20;
/** The summary warns from this many seats left down. */
export const FEW_SEATS = 5;
/** The longest range of dates one availability call answers. */
export const AVAILABILITY_MAX_DAYS = 400;

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
