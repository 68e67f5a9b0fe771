// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { parseDayMonthYear } from '../src/lib/dates.ts';

describe('parseDayMonthYear', () => {
  it('reads a day typed as DD/MM/YYYY, padded or not, with /, - or .', () => {
    expect(parseDayMonthYear('12/05/2026')).toBe('2026-05-12');
    expect(parseDayMonthYear(' 1/5/2026 ')).toBe('2026-05-01');
    expect(parseDayMonthYear('12-05-2026')).toBe('2026-05-12');
    expect(parseDayMonthYear('12.5.2026')).toBe('2026-05-12');
    expect(parseDayMonthYear('2026-05-12')).toBe('2026-05-12');
  });

  it('refuses what is no real day, instead of rolling it over', () => {
    expect(parseDayMonthYear('31/02/2026')).toBeNull();
    expect(parseDayMonthYear('29/02/2027')).toBeNull();
    expect(parseDayMonthYear('29/02/2028')).toBe('2028-02-29');
    expect(parseDayMonthYear('1/13/2026')).toBeNull();
    expect(parseDayMonthYear('12/05/26')).toBeNull();
    expect(parseDayMonthYear('12/05/2026x')).toBeNull();
    expect(parseDayMonthYear('')).toBeNull();
  });
});
