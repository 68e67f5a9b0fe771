import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addYears, isIsoDate, maxRegistrationBirthDate, todayInLima } from '../src/rules/dates.ts';

describe('todayInLima', () => {
  it("is the agency's day, five hours behind UTC", () => {
    expect(todayInLima(new Date('2026-11-22T04:59:59Z'))).toBe('2026-11-21');
    expect(todayInLima(new Date('2026-11-22T05:00:00Z'))).toBe('2026-11-22');
    expect(todayInLima(new Date('2027-01-01T03:00:00Z'))).toBe('2026-12-31');
  });
});

describe('isIsoDate', () => {
  it.each(['2026-11-22', '2024-02-29', '1900-01-01'])('accepts %s', (value) => {
    expect(isIsoDate(value)).toBe(true);
  });
  it.each([
    '2026-02-29',
    '2026-13-01',
    '2026-11-31',
    '22/11/2026',
    '2026-1-5',
    '',
    'x',
    // Real dates to the date library, but not four-digit years.
    '12026-01-01',
    '10000-01-01',
  ])('refuses %j', (value) => {
    expect(isIsoDate(value)).toBe(false);
  });
  it('accepts every real calendar day written as YYYY-MM-DD, and nothing in another shape', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }),
        (date) => {
          expect(isIsoDate(date.toISOString().slice(0, 10))).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.string().filter((value) => !/^\d{4}-\d{2}-\d{2}$/.test(value)),
        (value) => {
          expect(isIsoDate(value)).toBe(false);
        },
      ),
    );
  });
});

describe('addYears', () => {
  it('moves a leap day to the 28th of February', () => {
    expect(addYears('2026-02-28', -18)).toBe('2008-02-28');
    expect(addYears('2024-02-29', -1)).toBe('2023-02-28');
  });
});

describe('maxRegistrationBirthDate', () => {
  it('is today minus 18 years', () => {
    expect(maxRegistrationBirthDate('2026-11-22')).toBe('2008-11-22');
  });
});
