import dayjs from 'dayjs';
import { CustomerTypeId, type CustomerTypeKey } from '../ids.ts';
import { FEW_SEATS } from './availability.ts';
import type { ChangePolicy } from './changes.ts';
import { AGENCY_UTC_OFFSET } from './dates.ts';
import { passengerAges } from './passengers.ts';

/**
 * OCTO (issue 31, ADR 0050): how the agency's catalogue and bookings read as OCTO's products,
 * options, units, availabilities and bookings. Pure rules, used by the API's /octo routes and
 * pinned by tests; the seats, prices and policies themselves are the site's own rules.
 */

/** A unit of an OCTO option: one of the agency's customer types, with its ages. */
export interface OctoUnitRule {
  id: CustomerTypeKey;
  customerTypeId: string;
  type: 'ADULT' | 'STUDENT' | 'CHILD' | 'INFANT';
  minAge: number;
  maxAge: number;
}

/** The oldest age a unit without an upper age limit states (OCTO wants a number). */
export const OCTO_MAX_AGE = 99;

const unit = (id: CustomerTypeKey, type: OctoUnitRule['type']): OctoUnitRule => ({
  id,
  customerTypeId: CustomerTypeId[id],
  type,
  minAge: passengerAges[id].min,
  maxAge: passengerAges[id].max ?? OCTO_MAX_AGE,
});

/** The units, in the order the site lists its customer types (spec §9's ages). */
export const OCTO_UNITS: readonly OctoUnitRule[] = [
  unit('adult', 'ADULT'),
  unit('student', 'STUDENT'),
  unit('child', 'CHILD'),
  unit('baby', 'INFANT'),
];

/** The unit whose id is `id`, or undefined. */
export function octoUnit(id: string): OctoUnitRule | undefined {
  return OCTO_UNITS.find((candidate) => candidate.id === id);
}

/** An option's id: the tour type's id and the category's id, joined. */
export function octoOptionId(typeId: string, categoryId: string): string {
  return `${typeId}~${categoryId}`;
}

/** The type and category an option id names, or null when it is not one's shape. */
export function parseOctoOptionId(id: string): { typeId: string; categoryId: string } | null {
  const parts = id.split('~');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  if (parts.length !== 2 || !parts.every((part) => uuid.test(part))) return null;
  return { typeId: parts[0] as string, categoryId: parts[1] as string };
}

/** The agency's offset from UTC as ISO 8601 writes it (Cusco: -05:00, no daylight saving). */
const offset = () => {
  const hours = Math.floor(Math.abs(AGENCY_UTC_OFFSET) / 60);
  const minutes = Math.abs(AGENCY_UTC_OFFSET) % 60;
  const sign = AGENCY_UTC_OFFSET < 0 ? '-' : '+';
  return `${sign}${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
};

/** A local time of a day in Cusco, with its offset: 2026-12-01T00:00:00-05:00. */
export function cuscoDateTime(date: string, time = '00:00:00'): string {
  return `${date}T${time}${offset()}`;
}

/** An availability's id: its day's start in Cusco, with the offset (a departure is a day). */
export function octoAvailabilityId(date: string): string {
  return cuscoDateTime(date);
}

/** The day an availability id names (its own shape only), or null. */
export function parseOctoAvailabilityId(id: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T00:00:00([+-]\d{2}:\d{2})$/.exec(id);
  if (!match || match[2] !== offset()) return null;
  const date = match[1] as string;
  return dayjs(date).format('YYYY-MM-DD') === date ? date : null;
}

/** When a departure of `days` days leaves Cusco and ends (the last day's end). */
export function octoDepartureSpan(date: string, days: number) {
  const last = dayjs(date)
    .add(Math.max(days, 1) - 1, 'day')
    .format('YYYY-MM-DD');
  return { start: cuscoDateTime(date), end: cuscoDateTime(last, '23:59:59') };
}

/**
 * The instant after which a departure is no longer sold (utcCutoffAt): the site sells a date up to
 * `leadDays` whole days ahead, so the last day to book is `date − leadDays`, until its midnight in
 * Cusco.
 */
export function octoCutoffAt(date: string, leadDays: number): string {
  const lastDay = dayjs(date).subtract(leadDays, 'day').add(1, 'day').format('YYYY-MM-DD');
  return new Date(`${lastDay}T00:00:00${offset()}`).toISOString();
}

export type OctoAvailabilityStatus = 'AVAILABLE' | 'FREESALE' | 'LIMITED' | 'SOLD_OUT' | 'CLOSED';

/**
 * An availability's status: CLOSED when the day does not run (the tour's rules or the agency),
 * SOLD_OUT without a seat, LIMITED with few seats left (the site's "few seats" warning), FREESALE
 * when nothing limits it (no seats, no permits), else AVAILABLE.
 */
export function octoAvailabilityStatus(open: boolean, room: number): OctoAvailabilityStatus {
  if (!open) return 'CLOSED';
  if (room < 1) return 'SOLD_OUT';
  if (!Number.isFinite(room)) return 'FREESALE';
  if (room <= FEW_SEATS) return 'LIMITED';
  return 'AVAILABLE';
}

export type OctoBookingStatus = 'ON_HOLD' | 'CONFIRMED' | 'EXPIRED' | 'CANCELLED';

/**
 * An OCTO booking's status from the booking's own facts: cancelled (by anyone); a hold not yet
 * confirmed, on hold while it holds its seats and expired after; otherwise confirmed.
 */
export function octoBookingStatus(facts: {
  cancelled: boolean;
  onHold: boolean;
  holdsSeats: boolean;
}): OctoBookingStatus {
  if (facts.cancelled) return 'CANCELLED';
  if (facts.onHold) return facts.holdsSeats ? 'ON_HOLD' : 'EXPIRED';
  return 'CONFIRMED';
}

/** How long an OCTO hold lasts when the reseller does not say, and at most. */
export const OCTO_HOLD_DEFAULT_MINUTES = 30;
export const OCTO_HOLD_MAX_MINUTES = 24 * 60;

/** The minutes a hold asked for lasts: the default when not said, within 1 and the maximum. */
export function octoHoldMinutes(asked: number | undefined): number {
  if (asked === undefined) return OCTO_HOLD_DEFAULT_MINUTES;
  return Math.min(Math.max(Math.trunc(asked), 1), OCTO_HOLD_MAX_MINUTES);
}

/**
 * The cancellation cutoff of a policy, in days before the departure: from the window that keeps
 * the whole price on, cancelling gives nothing back, and OCTO's cancellation is refused (the
 * agency handles it); before it, it is allowed, under the policy's share. 0 when no window keeps
 * it all.
 */
export function octoCancellationCutoffDays(policy: ChangePolicy): number {
  const whole = policy.windows.filter((window) => window.keepPercent >= 100);
  if (whole.length === 0) return 0;
  return Math.max(...whole.map((window) => window.daysBefore));
}

/** Whether a confirmed booking of `travelDate` may still be cancelled through OCTO on `today`. */
export function octoCancellable(travelDate: string, today: string, cutoffDays: number): boolean {
  return dayjs(travelDate).diff(dayjs(today), 'day') > cutoffDays;
}

/** OCTO's refund of a cancellation: what the policy kept of the price. */
export function octoRefund(keptCents: number, priceCents: number): 'FULL' | 'PARTIAL' | 'NONE' {
  if (keptCents <= 0) return 'FULL';
  if (keptCents >= priceCents) return 'NONE';
  return 'PARTIAL';
}

/** The reseller's net price of a unit: the retail price less their discount (basis points), to the cent. */
export function octoNetCents(retailCents: number, discountBps: number): number {
  return retailCents - Math.round((retailCents * discountBps) / 10_000);
}

/** Splits a full name into a first name and the rest (the last name), for a passenger record. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.match(/\S+/g) ?? [];
  return { firstName, lastName: rest.join(' ') };
}
