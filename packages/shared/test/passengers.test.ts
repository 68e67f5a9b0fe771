import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CustomerTypeId } from '../src/ids.ts';
import {
  ageOn,
  birthDateRange,
  passengerAgeProblem,
  passengerAges,
  passengerCompletion,
  passengerRequiredFields,
} from '../src/rules/passengers.ts';

const { adult, student, child, baby } = CustomerTypeId;

describe('ageOn', () => {
  it('counts whole years: one more on the birthday, not the day before', () => {
    expect(ageOn('2000-05-14', '2026-05-14')).toBe(26);
    expect(ageOn('2000-05-14', '2026-05-13')).toBe(25);
    expect(ageOn('2000-05-14', '2026-04-30')).toBe(25);
    // A later month with an earlier day of the month is past the birthday.
    expect(ageOn('2000-03-20', '2026-05-10')).toBe(26);
    expect(ageOn('2000-12-31', '2027-01-01')).toBe(26);
    expect(ageOn('2026-05-14', '2026-05-14')).toBe(0);
  });

  it('counts a birthday on 29 February on 1 March', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });
});

describe('the ages of each passenger type (spec §9)', () => {
  it('are adult from 17, student 8–25, child 3–7, baby 0–2, each with its own message', () => {
    expect(passengerAges).toEqual({
      adult: { min: 17, max: null, message: 'adultTooYoung' },
      student: { min: 8, max: 25, message: 'studentAgeRange' },
      child: { min: 3, max: 7, message: 'childAgeRange' },
      baby: { min: 0, max: 2, message: 'babyAgeRange' },
    });
  });

  const travel = '2027-05-14';

  it.each([
    // type, birth date, problem
    ['adult on their 17th birthday', adult, '2010-05-14', null],
    ['adult a day short of 17', adult, '2010-05-15', 'adultTooYoung'],
    ['adult of 90', adult, '1937-01-01', null],
    ['student on their 8th birthday', student, '2019-05-14', null],
    ['student a day short of 8', student, '2019-05-15', 'studentAgeRange'],
    ['student on the last day of 25', student, '2001-05-15', null],
    ['student turning 26', student, '2001-05-14', 'studentAgeRange'],
    ['child on their 3rd birthday', child, '2024-05-14', null],
    ['child of 2', child, '2024-05-15', 'childAgeRange'],
    ['child on the last day of 7', child, '2019-05-15', null],
    ['child turning 8', child, '2019-05-14', 'childAgeRange'],
    ['baby born on the travel date', baby, '2027-05-14', null],
    ['baby on the last day of 2', baby, '2024-05-15', null],
    ['baby turning 3', baby, '2024-05-14', 'babyAgeRange'],
  ])('%s', (_name, type, birthDate, problem) => {
    expect(passengerAgeProblem(type, birthDate, travel)).toBe(problem);
  });

  it('gives the birth dates each type may have on a travel date', () => {
    expect(birthDateRange(adult, travel)).toEqual({ latest: '2010-05-14', earliest: null });
    expect(birthDateRange(student, travel)).toEqual({
      latest: '2019-05-14',
      earliest: '2001-05-15',
    });
    expect(birthDateRange(child, travel)).toEqual({
      latest: '2024-05-14',
      earliest: '2019-05-15',
    });
    expect(birthDateRange(baby, travel)).toEqual({ latest: travel, earliest: '2024-05-15' });
    // The day after the limit crosses a month and a year.
    expect(birthDateRange(baby, '2028-02-28').earliest).toBe('2025-03-01');
    expect(birthDateRange(baby, '2027-02-28').earliest).toBe('2024-02-29');
    expect(birthDateRange(child, '2026-12-31').earliest).toBe('2019-01-01');
  });

  it('agree with the age check: a birth date fits exactly when it is inside the range', () => {
    const day = fc
      .date({ min: new Date('1930-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.constantFrom(adult, student, child, baby), day, day, (type, birth, trip) => {
        fc.pre(birth <= trip);
        const { earliest, latest } = birthDateRange(type, trip);
        const inside = birth <= latest && (earliest === null || birth >= earliest);
        expect(passengerAgeProblem(type, birth, trip) === null).toBe(inside);
      }),
    );
  });
});

describe('passengerCompletion', () => {
  const complete = {
    ...Object.fromEntries(passengerRequiredFields.map((field) => [field, `${field}-value`])),
    hasDocument: true,
  };

  it('asks the fourteen fields of spec §5 and the document scan', () => {
    expect(passengerRequiredFields).toEqual([
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
    ]);
    expect(passengerCompletion(complete, false)).toBe(100);
  });

  it('counts a blank or missing field as not registered, and rounds the share down', () => {
    // 14 of 15 items: 93.3 → 93.
    expect(passengerCompletion({ ...complete, lastName: '   ' }, false)).toBe(93);
    expect(passengerCompletion({ ...complete, mobileNumber: undefined }, false)).toBe(93);
    expect(passengerCompletion({ ...complete, jobId: null }, false)).toBe(93);
    expect(passengerCompletion({ ...complete, hasDocument: false }, false)).toBe(93);
    expect(passengerCompletion({ hasDocument: false }, false)).toBe(0);
    // 1 of 15: 6.67 → 6.
    expect(passengerCompletion({ hasDocument: true }, false)).toBe(6);
  });

  it("asks a student's card expiry as one more item", () => {
    // 15 of 16 items: 93.75 → 93.
    expect(passengerCompletion(complete, true)).toBe(93);
    expect(passengerCompletion({ ...complete, dateExpirationCard: '2028-01-01' }, true)).toBe(100);
    expect(passengerCompletion({ ...complete, dateExpirationCard: '' }, true)).toBe(93);
  });
});
