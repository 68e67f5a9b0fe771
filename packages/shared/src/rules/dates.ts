import dayjs from 'dayjs';

/** The agency's time zone: "today" is always the agency's day (DESIGN.md). */
export const AGENCY_TIME_ZONE = 'America/Lima';
/** Cusco's offset from UTC in minutes: −5 h all year (Peru keeps no daylight saving). */
export const AGENCY_UTC_OFFSET = -300;
export const MIN_DATE = '1900-01-01';
export const MIN_REGISTRATION_AGE = 18;
export const MAX_DOCUMENT_EXPIRY_YEARS = 30;
export const BOOKING_DATE_RANGE_YEARS = 10;

const limaFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: AGENCY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Cusco, as YYYY-MM-DD. */
export function todayInLima(now: Date = new Date()): string {
  return limaFormatter.format(now);
}

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written as YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const parsed = dayjs(value);
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === value;
}

/** Adds (or, with a negative count, subtracts) whole years to a YYYY-MM-DD date. */
export function addYears(date: string, years: number): string {
  return dayjs(date).add(years, 'year').format('YYYY-MM-DD');
}

/** Latest birth date a new account may have: today minus 18 years. */
export function maxRegistrationBirthDate(today: string = todayInLima()): string {
  return addYears(today, -MIN_REGISTRATION_AGE);
}
