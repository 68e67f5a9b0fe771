import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  easterSunday,
  fixedHolidays,
  isPeruHoliday,
  isWorkingDay,
  peruHolidays,
  workingDaysBetween,
} from '../src/rules/working-days.ts';

describe("Peru's public holidays", () => {
  it('computes Easter Sunday (known years)', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2019)).toBe('2019-04-21');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('computes Easter Sunday over the Gregorian centuries (the earliest and latest dates too)', () => {
    // From an independent implementation (python-dateutil's easter, EASTER_WESTERN).
    const known: [number, string][] = [
      [1583, '1583-04-10'],
      [1600, '1600-04-02'],
      [1700, '1700-04-11'],
      [1761, '1761-03-22'],
      [1800, '1800-04-13'],
      [1818, '1818-03-22'],
      [1845, '1845-03-23'],
      [1886, '1886-04-25'],
      [1900, '1900-04-15'],
      [1913, '1913-03-23'],
      [1943, '1943-04-25'],
      [1954, '1954-04-18'],
      [1961, '1961-04-02'],
      [1974, '1974-04-14'],
      [1981, '1981-04-19'],
      [1990, '1990-04-15'],
      [2000, '2000-04-23'],
      [2001, '2001-04-15'],
      [2008, '2008-03-23'],
      [2011, '2011-04-24'],
      [2014, '2014-04-20'],
      [2016, '2016-03-27'],
      [2029, '2029-04-01'],
      [2035, '2035-03-25'],
      [2049, '2049-04-18'],
      [2057, '2057-04-22'],
      [2076, '2076-04-19'],
      [2087, '2087-04-20'],
      [2100, '2100-03-28'],
      [2160, '2160-03-23'],
      [2200, '2200-04-06'],
      [2285, '2285-03-22'],
      [2400, '2400-04-16'],
      [2500, '2500-04-18'],
      [3000, '3000-04-13'],
      [4099, '4099-04-19'],
    ];
    for (const [year, sunday] of known) expect([year, easterSunday(year)]).toEqual([year, sunday]);
  });

  it('property: Easter is a Sunday between March 22 and April 25', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 9999 }), (year) => {
        const sunday = easterSunday(year);
        expect(new Date(`${sunday}T00:00:00Z`).getUTCDay()).toBe(0);
        expect(sunday >= `${year}-03-22` && sunday <= `${year}-04-25`).toBe(true);
      }),
    );
  });

  it('names the fixed holidays as the law does', () => {
    expect(fixedHolidays.map((h) => `${h.month}-${h.day} ${h.since} ${h.name}`)).toEqual([
      '1-1 0 Año Nuevo',
      '5-1 0 Día del Trabajo',
      '6-7 2024 Batalla de Arica y Día de la Bandera',
      '6-29 0 San Pedro y San Pablo',
      '7-23 2023 Día de la Fuerza Aérea del Perú',
      '7-28 0 Fiestas Patrias',
      '7-29 0 Fiestas Patrias',
      '8-6 2022 Batalla de Junín',
      '8-30 0 Santa Rosa de Lima',
      '10-8 0 Combate de Angamos',
      '11-1 0 Todos los Santos',
      '12-8 0 Inmaculada Concepción',
      '12-9 2022 Batalla de Ayacucho',
      '12-25 0 Navidad',
    ]);
  });

  it('a year asked twice answers the same days', () => {
    const first = peruHolidays(2031);
    expect(peruHolidays(2031)).toEqual(first);
    expect(isPeruHoliday('2031-04-11')).toBe(true); // Good Friday 2031 (Easter Apr 13)
    expect(isPeruHoliday('2031-04-13')).toBe(false);
  });

  it("lists 2024's holidays as published (16 days, Holy Week on Mar 28–29)", () => {
    expect(peruHolidays(2024)).toEqual([
      '2024-01-01',
      '2024-03-28',
      '2024-03-29',
      '2024-05-01',
      '2024-06-07',
      '2024-06-29',
      '2024-07-23',
      '2024-07-28',
      '2024-07-29',
      '2024-08-06',
      '2024-08-30',
      '2024-10-08',
      '2024-11-01',
      '2024-12-08',
      '2024-12-09',
      '2024-12-25',
    ]);
  });

  it('adds the later laws’ days only from the year they applied', () => {
    const of = (year: number) => peruHolidays(year);
    expect(of(2021)).not.toContain('2021-08-06');
    expect(of(2021)).not.toContain('2021-12-09');
    expect(of(2022)).toContain('2022-08-06');
    expect(of(2022)).toContain('2022-12-09');
    expect(of(2022)).not.toContain('2022-07-23');
    expect(of(2023)).toContain('2023-07-23');
    expect(of(2023)).not.toContain('2023-06-07');
    expect(of(2024)).toContain('2024-06-07');
  });

  it('a weekday holiday is not a working day, a weekend never is', () => {
    expect(isWorkingDay('2026-07-28')).toBe(false); // Tuesday, Fiestas Patrias
    expect(isWorkingDay('2026-04-02')).toBe(false); // Holy Thursday
    expect(isWorkingDay('2026-04-04')).toBe(false); // Saturday
    expect(isWorkingDay('2026-04-06')).toBe(true); // Easter Monday is not a holiday in Peru
  });
});

describe('addWorkingDays', () => {
  it('counts from the day after filing', () => {
    // Monday 2026-03-02 + 1 = Tuesday; Friday + 1 = Monday.
    expect(addWorkingDays('2026-03-02', 1)).toBe('2026-03-03');
    expect(addWorkingDays('2026-03-06', 1)).toBe('2026-03-09');
    // Filed on a Sunday: the first working day is Monday.
    expect(addWorkingDays('2026-03-08', 1)).toBe('2026-03-09');
  });

  it('a deadline over Holy Week skips Holy Thursday and Good Friday', () => {
    // Friday 2026-03-27: without the two holidays it would be Friday 2026-04-17.
    expect(addWorkingDays('2026-03-27', 15)).toBe('2026-04-21');
  });

  it('a deadline over Fiestas Patrias skips Jul 23, 28, 29 and Aug 6', () => {
    // Monday 2026-07-20: 15 weekdays end on Aug 10; four holidays push it to Friday Aug 14.
    expect(addWorkingDays('2026-07-20', 15)).toBe('2026-08-14');
  });

  it('counts the days between back (and late days as negative)', () => {
    expect(workingDaysBetween('2026-03-27', '2026-04-21')).toBe(15);
    expect(workingDaysBetween('2026-04-21', '2026-03-27')).toBe(-15);
    expect(workingDaysBetween('2026-04-21', '2026-04-21')).toBe(0);
    expect(workingDaysBetween('2026-04-03', '2026-04-03')).toBe(0); // a holiday, itself
  });

  it('counts the end day but not the start day', () => {
    // Monday to Tuesday: 1; Friday to Monday: 1; Monday to Friday: 4; the other way: -4.
    expect(workingDaysBetween('2026-03-02', '2026-03-03')).toBe(1);
    expect(workingDaysBetween('2026-03-06', '2026-03-09')).toBe(1);
    expect(workingDaysBetween('2026-03-02', '2026-03-06')).toBe(4);
    expect(workingDaysBetween('2026-03-06', '2026-03-02')).toBe(-4);
    // Friday to Saturday and Sunday: no working day in between; Saturday to Monday: 1.
    expect(workingDaysBetween('2026-03-06', '2026-03-07')).toBe(0);
    expect(workingDaysBetween('2026-03-06', '2026-03-08')).toBe(0);
    expect(workingDaysBetween('2026-03-07', '2026-03-09')).toBe(1);
    expect(workingDaysBetween('2026-03-09', '2026-03-07')).toBe(-1);
  });

  it('refuses a count that is not a positive integer', () => {
    expect(() => addWorkingDays('2026-03-02', 0)).toThrow(RangeError);
    expect(() => addWorkingDays('2026-03-02', 1.5)).toThrow(RangeError);
    expect(() => addWorkingDays('2026-03-02', -1)).toThrow('n must be a positive integer');
  });

  const day = fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2100-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10));

  it('property: the result is a working day, n + 1 is after n, and the count comes back', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 40 }), (start, n) => {
        const due = addWorkingDays(start, n);
        expect(isWorkingDay(due)).toBe(true);
        expect(addWorkingDays(start, n + 1) > due).toBe(true);
        expect(due > start).toBe(true);
        expect(workingDaysBetween(start, due)).toBe(n);
        expect(workingDaysBetween(due, start)).toBe(-n);
      }),
    );
  });
});
