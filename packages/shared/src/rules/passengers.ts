import { type CustomerTypeKey, customerTypeKind } from '../ids.ts';
import type { MessageKey } from '../messages.ts';
import { addYears } from './dates.ts';

/**
 * The ages of each passenger type, in whole years on the travel date (spec §9: adult over 17 —
 * at least 17, as §5's form rule has it; student 8–17, or 18–25 with a card; child 3–7; baby
 * 0–2). A passenger's birth date must fit the type of the slot they fill.
 */
export const passengerAges: Record<
  CustomerTypeKey,
  { min: number; max: number | null; message: MessageKey }
> = {
  adult: { min: 17, max: null, message: 'adultTooYoung' },
  student: { min: 8, max: 25, message: 'studentAgeRange' },
  child: { min: 3, max: 7, message: 'childAgeRange' },
  baby: { min: 0, max: 2, message: 'babyAgeRange' },
};

/** Whole years between a birth date and a day (both YYYY-MM-DD); birthdays on 29 Feb count on 1 Mar. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * The latest and earliest birth dates a passenger of a type may have to travel on a date:
 * `latest` is the day they turn the minimum age, `earliest` the day after they would pass the
 * maximum (null when there is none).
 */
export function birthDateRange(
  customerTypeId: string,
  travelDate: string,
): { earliest: string | null; latest: string } {
  const ages = passengerAges[customerTypeKind(customerTypeId)];
  return {
    latest: addYears(travelDate, -ages.min),
    earliest: ages.max === null ? null : nextDay(addYears(travelDate, -(ages.max + 1))),
  };
}

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The message of a birth date that does not fit the slot's type on the travel date; null if it fits. */
export function passengerAgeProblem(
  customerTypeId: string,
  birthDate: string,
  travelDate: string,
): MessageKey | null {
  const ages = passengerAges[customerTypeKind(customerTypeId)];
  const age = ageOn(birthDate, travelDate);
  if (age < ages.min || (ages.max !== null && age > ages.max)) return ages.message;
  return null;
}

/**
 * What makes a passenger's data complete (spec §5 "Passenger save"): the required fields, the
 * student card's expiry for students, and the document scan the permit is bought with.
 */
export const passengerRequiredFields = [
  'firstName',
  'lastName',
  'eMail',
  'birthDate',
  'sexId',
  'documentTypeId',
  'documentNumber',
  'maritalStatusId',
  'jobId',
  'countryId',
  'mobileNumber',
  'foodPreferencesId',
  'travelPurposeId',
  'trekkingExperienceId',
] as const;

export type PassengerRequiredField = (typeof passengerRequiredFields)[number];

/** Share (0–100) of a passenger's data that is registered. */
export function passengerCompletion(
  record: Partial<
    Record<PassengerRequiredField | 'dateExpirationCard', string | null | undefined>
  > & {
    hasDocument: boolean;
  },
  isStudent: boolean,
): number {
  const items: boolean[] = passengerRequiredFields.map((field) => Boolean(record[field]?.trim()));
  if (isStudent) items.push(Boolean(record.dateExpirationCard));
  items.push(record.hasDocument);
  return Math.floor((items.filter(Boolean).length * 100) / items.length);
}
