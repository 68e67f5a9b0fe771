import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  easterSunday,
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
  });

  it('refuses a count that is not a positive integer', () => {
    expect(() => addWorkingDays('2026-03-02', 0)).toThrow(RangeError);
    expect(() => addWorkingDays('2026-03-02', 1.5)).toThrow(RangeError);
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
      }),
    );
  });
});
