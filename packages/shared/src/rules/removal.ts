import { customerTypeKind } from '../ids.ts';
import type { MessageKey } from '../messages.ts';
import { corporateMinimum } from './availability.ts';
import { ageOn } from './passengers.ts';

/**
 * The cancellation policy of the agency's terms (spec, "Terms" and "Corporate terms"), applied
 * when staff accept a request to remove a passenger or a service: what share of the removed
 * item's price is kept as a penalty, by whole days left before travel.
 *
 * Public bookings: 30 to 11 days 50 %, 10 to 4 days 80 %, 3 days or fewer 100 %; more than 30
 * days ahead nothing is kept.
 * Corporate bookings: 30 to 10 days 50 %, 9 to 3 days 80 %, 2 days or fewer 100 %; other services
 * are free to remove up to 15 days before.
 */
export function removalPenaltyPercent(options: {
  daysBefore: number;
  corporate: boolean;
  item: 'passenger' | 'service';
}): number {
  const { daysBefore, corporate, item } = options;
  if (corporate) {
    if (item === 'service' && daysBefore >= 15) return 0;
    if (daysBefore > 30) return 0;
    if (daysBefore >= 10) return 50;
    if (daysBefore >= 3) return 80;
    return 100;
  }
  if (daysBefore > 30) return 0;
  if (daysBefore >= 11) return 50;
  if (daysBefore >= 4) return 80;
  return 100;
}

/**
 * The credit, in cents, for removing an item of `priceCents`: what the penalty does not keep,
 * and never more than the booking still costs (`costCents`: its purchases and additions less the
 * discounts already given), so that a discounted booking is never credited money it was never
 * charged.
 */
export function removalCreditCents(
  priceCents: number,
  penaltyPercent: number,
  costCents: number = Number.POSITIVE_INFINITY,
): number {
  const credit = Math.round((priceCents * (100 - penaltyPercent)) / 100);
  return Math.max(0, Math.min(credit, costCents));
}

/**
 * Who may be removed (issue 26): a removal must not leave a minor without an adult, nor a group
 * under the fewest passengers its booking needs; removing everybody left is a cancellation and
 * is always allowed. The API checks it when a customer files a removal and again when staff
 * accept it (the booking may have changed in between); docs/incidents.md explains the choices.
 */

/** A passenger of a booking as these rules see it: its slot's type, and its birth date if named. */
export interface RemovalPassenger {
  id: string;
  customerTypeId: string;
  birthDate: string | null;
}

/** The age from which a student counts as an adult (spec: students are minors from 8 to 17). */
export const ADULT_AGE = 18;

/**
 * Whether a passenger can accompany a minor. The type decides for adults (17 or over, as the
 * slot's own rules check), children and babies; a student is 8 to 25, so their age on the travel
 * date decides, and a student not yet named (no birth date) is `unknown`: neither shown to be an
 * adult, nor counted as a minor.
 */
export function passengerStanding(
  passenger: RemovalPassenger,
  travelDate: string,
): 'adult' | 'minor' | 'unknown' {
  const kind = customerTypeKind(passenger.customerTypeId);
  if (kind === 'adult') return 'adult';
  if (kind !== 'student') return 'minor';
  if (!passenger.birthDate) return 'unknown';
  return ageOn(passenger.birthDate, travelDate) >= ADULT_AGE ? 'adult' : 'minor';
}

/**
 * The fewest passengers a booking may keep: a corporate booking's minimum as it applied on the
 * day it was booked (2 when booked 60 days ahead or more, else 4); 1 for any other booking.
 */
export function bookingMinimum(booking: {
  corporate: boolean;
  travelDate: string;
  bookedOn: string;
}): number {
  return booking.corporate ? corporateMinimum(booking.travelDate, booking.bookedOn) : 1;
}

export interface RemovalProblem {
  message: MessageKey;
  params?: Record<string, number>;
}

/**
 * Why removing the passengers `removing` from `passengers` is refused, or null when it may be
 * done:
 * - nobody left: a cancellation, allowed;
 * - fewer left than `minimum`: `removalBelowMinimum`;
 * - a minor left with no adult, when an adult (or a passenger not shown to be a minor) is among
 *   those removed: `removalLeavesMinorAlone`. Removing a minor never leaves anybody worse
 *   accompanied than before, so it is not refused, even in a group booked without an adult.
 * Ids in `removing` that are not among `passengers` remove nobody.
 */
export function removalProblem(input: {
  passengers: readonly RemovalPassenger[];
  removing: readonly string[];
  travelDate: string;
  minimum: number;
}): RemovalProblem | null {
  const removing = new Set(input.removing);
  const standing = (passenger: RemovalPassenger) => passengerStanding(passenger, input.travelDate);
  const removed = input.passengers.filter((passenger) => removing.has(passenger.id));
  const left = input.passengers.filter((passenger) => !removing.has(passenger.id));
  if (left.length === 0) return null;
  if (left.length < input.minimum) {
    return { message: 'removalBelowMinimum', params: { count: input.minimum, left: left.length } };
  }
  const takesAnAdult = removed.some((passenger) => standing(passenger) !== 'minor');
  const minorLeft = left.some((passenger) => standing(passenger) === 'minor');
  const adultLeft = left.some((passenger) => standing(passenger) === 'adult');
  if (takesAnAdult && minorLeft && !adultLeft) return { message: 'removalLeavesMinorAlone' };
  return null;
}
