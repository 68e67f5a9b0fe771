/**
 * Peru's working days (issue 30): the complaints book must be answered within 15 working days
 * (Reglamento del Libro de Reclamaciones, D.S. 011-2011-PCM, art. 6 as amended by
 * D.S. 101-2022-PCM). A working day is Monday to Friday and not a national public holiday
 * (Decreto Legislativo 713, art. 6, with the days added by later laws). Days are YYYY-MM-DD.
 */

/** A fixed-date holiday and the first year it applies. */
interface FixedHoliday {
  month: number;
  day: number;
  since: number;
  name: string;
}

/** D. Leg. 713 art. 6, as amended; the year a later law's day first applied. */
export const fixedHolidays: readonly FixedHoliday[] = [
  { month: 1, day: 1, since: 0, name: 'Año Nuevo' },
  { month: 5, day: 1, since: 0, name: 'Día del Trabajo' },
  // Ley 31788 (2023): Batalla de Arica y Día de la Bandera; first kept in 2024.
  { month: 6, day: 7, since: 2024, name: 'Batalla de Arica y Día de la Bandera' },
  { month: 6, day: 29, since: 0, name: 'San Pedro y San Pablo' },
  // Ley 31822 (2023): Día de la Fuerza Aérea del Perú.
  { month: 7, day: 23, since: 2023, name: 'Día de la Fuerza Aérea del Perú' },
  { month: 7, day: 28, since: 0, name: 'Fiestas Patrias' },
  { month: 7, day: 29, since: 0, name: 'Fiestas Patrias' },
  // Ley 31530 (2022): Batalla de Junín.
  { month: 8, day: 6, since: 2022, name: 'Batalla de Junín' },
  { month: 8, day: 30, since: 0, name: 'Santa Rosa de Lima' },
  { month: 10, day: 8, since: 0, name: 'Combate de Angamos' },
  { month: 11, day: 1, since: 0, name: 'Todos los Santos' },
  { month: 12, day: 8, since: 0, name: 'Inmaculada Concepción' },
  // Ley 31381 (2022): Batalla de Ayacucho.
  { month: 12, day: 9, since: 2022, name: 'Batalla de Ayacucho' },
  { month: 12, day: 25, since: 0, name: 'Navidad' },
];

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const parse = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
};

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const holidayCache = new Map<number, ReadonlySet<string>>();

/** Peru's national public holidays of a year, as YYYY-MM-DD (sorted). */
export function peruHolidays(year: number): string[] {
  return [...holidaySet(year)].sort();
}

function holidaySet(year: number): ReadonlySet<string> {
  const cached = holidayCache.get(year);
  // Stryker disable next-line ConditionalExpression: the cache only saves time; a year computed again gives the same days
  if (cached) return cached;
  const days = new Set<string>();
  for (const holiday of fixedHolidays) {
    if (year >= holiday.since) days.add(`${year}-${pad(holiday.month)}-${pad(holiday.day)}`);
  }
  const easter = parse(easterSunday(year));
  for (const back of [3, 2]) {
    // Holy Thursday and Good Friday.
    days.add(iso(new Date(easter.getTime() - back * 86_400_000)));
  }
  holidayCache.set(year, days);
  return days;
}

export function isPeruHoliday(day: string): boolean {
  return holidaySet(Number(day.slice(0, 4))).has(day);
}

/** Monday to Friday and not a national public holiday. */
export function isWorkingDay(day: string): boolean {
  const weekday = parse(day).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isPeruHoliday(day);
}

/**
 * The `n`th working day after `day` (the day itself is not counted, whatever it is: a complaint
 * filed on a Sunday or a holiday counts from the next working day). n ≥ 1.
 */
export function addWorkingDays(day: string, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a positive integer');
  const date = parse(day);
  let left = n;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (isWorkingDay(iso(date))) left -= 1;
  }
  return iso(date);
}

/**
 * Working days from `from` (excluded) to `to` (included); negative when `to` is before `from`
 * (how many working days late). 0 when they are the same day.
 */
export function workingDaysBetween(from: string, to: string): number {
  if (to < from) return -workingDaysBetween(to, from);
  const date = parse(from);
  let count = 0;
  let current = from;
  while (current < to) {
    date.setUTCDate(date.getUTCDate() + 1);
    current = iso(date);
    if (isWorkingDay(current)) count += 1;
  }
  return count;
}

/** The complaints book's deadline: 15 working days, not extendable (D.S. 101-2022-PCM). */
export const COMPLAINT_ANSWER_WORKING_DAYS = 15;
