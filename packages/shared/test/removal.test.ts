import { describe, expect, it } from 'vitest';
import { CustomerTypeId } from '../src/ids.ts';
import type { MessageKey } from '../src/messages.ts';
import {
  bookingMinimum,
  passengerStanding,
  type RemovalPassenger,
  removalCreditCents,
  removalPenaltyPercent,
  removalProblem,
} from '../src/rules/removal.ts';

describe('the cancellation policy of a removal (spec terms)', () => {
  it.each([
    [45, 0],
    [31, 0],
    [30, 50],
    [11, 50],
    [10, 80],
    [4, 80],
    [3, 100],
    [0, 100],
  ])('keeps, of a public booking %i days before travel, %i %%', (daysBefore, percent) => {
    expect(removalPenaltyPercent({ daysBefore, corporate: false, item: 'passenger' })).toBe(
      percent,
    );
  });

  it.each([
    [31, 0],
    [30, 50],
    [10, 50],
    [9, 80],
    [3, 80],
    [2, 100],
  ])('keeps, of a corporate passenger %i days before travel, %i %%', (daysBefore, percent) => {
    expect(removalPenaltyPercent({ daysBefore, corporate: true, item: 'passenger' })).toBe(percent);
  });

  it('lets a corporate client remove other services for free up to 15 days before, not after', () => {
    expect(removalPenaltyPercent({ daysBefore: 15, corporate: true, item: 'service' })).toBe(0);
    expect(removalPenaltyPercent({ daysBefore: 14, corporate: true, item: 'service' })).toBe(50);
    expect(removalPenaltyPercent({ daysBefore: 20, corporate: false, item: 'service' })).toBe(50);
  });

  it('credits what the penalty does not keep, in whole cents', () => {
    expect(removalCreditCents(64_000, 0)).toBe(64_000);
    expect(removalCreditCents(64_000, 50)).toBe(32_000);
    expect(removalCreditCents(12_345, 80)).toBe(2_469);
    expect(removalCreditCents(64_000, 100)).toBe(0);
  });

  it('never credits more than the booking still costs after its discounts', () => {
    // $1,240 booked, $600 given as a discount: removing everyone credits at most $640.
    expect(removalCreditCents(124_000, 0, 64_000)).toBe(64_000);
    expect(removalCreditCents(124_000, 50, 64_000)).toBe(62_000);
    expect(removalCreditCents(124_000, 0, 124_000)).toBe(124_000);
    // Nothing left to credit (discounted to nothing): no credit, never a negative one.
    expect(removalCreditCents(64_000, 0, 0)).toBe(0);
    expect(removalCreditCents(64_000, 0, -500)).toBe(0);
  });
});

describe('who may be removed: a minor keeps an adult, a group keeps its minimum (issue 26)', () => {
  const travelDate = '2027-06-15';
  const adult = { id: 'a', customerTypeId: CustomerTypeId.adult, birthDate: null };
  const child = { id: 'c', customerTypeId: CustomerTypeId.child, birthDate: null };
  const baby = { id: 'b', customerTypeId: CustomerTypeId.baby, birthDate: null };
  /** A student who turns 18 on the travel date (an adult), and one who turns 18 the day after. */
  const student18 = { id: 's18', customerTypeId: CustomerTypeId.student, birthDate: '2009-06-15' };
  const student17 = { id: 's17', customerTypeId: CustomerTypeId.student, birthDate: '2009-06-16' };
  /** A student's slot not yet named: 8 to 25, neither known to be a minor nor an adult. */
  const student = { id: 's', customerTypeId: CustomerTypeId.student, birthDate: null };
  const problem = (
    passengers: RemovalPassenger[],
    removing: string[],
    minimum = 1,
  ): MessageKey | null =>
    removalProblem({ passengers, removing, travelDate, minimum })?.message ?? null;

  it('tells adults and minors apart by type, and students by their age on the travel date', () => {
    expect(passengerStanding(adult, travelDate)).toBe('adult');
    // An adult's slot is an adult's whatever the birth date says (the slot's rules check it).
    expect(passengerStanding({ ...adult, birthDate: '2010-01-01' }, travelDate)).toBe('adult');
    expect(passengerStanding(child, travelDate)).toBe('minor');
    expect(passengerStanding(baby, travelDate)).toBe('minor');
    expect(passengerStanding({ ...baby, customerTypeId: 'unknown-type' }, travelDate)).toBe(
      'minor',
    );
    expect(passengerStanding(student18, travelDate)).toBe('adult');
    expect(passengerStanding(student17, travelDate)).toBe('minor');
    expect(passengerStanding(student, travelDate)).toBe('unknown');
  });

  it('refuses to take the last adult away from a child, a baby or a student under 18', () => {
    expect(problem([adult, child], ['a'])).toBe('removalLeavesMinorAlone');
    expect(problem([adult, baby], ['a'])).toBe('removalLeavesMinorAlone');
    expect(problem([adult, student17], ['a'])).toBe('removalLeavesMinorAlone');
    expect(problem([student18, child], ['s18'])).toBe('removalLeavesMinorAlone');
    // A student not yet named cannot be shown to be an adult: the baby would be left alone.
    expect(problem([student, baby], ['s'])).toBe('removalLeavesMinorAlone');
    expect(problem([adult, child, baby], ['a'])).toBe('removalLeavesMinorAlone');
    // An adult taken away with a minor, another minor left: still alone.
    expect(problem([adult, child, baby], ['a', 'c'])).toBe('removalLeavesMinorAlone');
    // A minor left beside a student not yet named (not shown to be an adult): alone too.
    expect(problem([adult, child, student], ['a'])).toBe('removalLeavesMinorAlone');
  });

  it('lets an adult go while another adult stays, and a minor go at any time', () => {
    expect(problem([adult, { ...adult, id: 'a2' }, child], ['a'])).toBeNull();
    expect(problem([adult, student18, child], ['a'])).toBeNull();
    expect(problem([adult, child], ['c'])).toBeNull();
    expect(problem([adult, child, baby], ['b'])).toBeNull();
    // Removing a minor leaves nobody worse accompanied than before, even in a group already
    // without an adult (booked so: the booking page asks for an adult or a student).
    expect(problem([student, child, baby], ['b'])).toBeNull();
    // With no minor left, nobody needs an adult.
    expect(problem([adult, student], ['a'])).toBeNull();
    expect(problem([adult, student18], ['a'])).toBeNull();
    expect(problem([student, { ...student, id: 's2' }], ['s'])).toBeNull();
  });

  it('lets everybody go at once: that is a cancellation, whatever the minimum', () => {
    expect(problem([adult, child], ['a', 'c'])).toBeNull();
    expect(problem([adult], ['a'])).toBeNull();
    expect(problem([adult, child, baby, student], ['a', 'c', 'b', 's'], 4)).toBeNull();
    expect(problem([adult, child], ['a', 'c', 'not-on-the-booking'], 2)).toBeNull();
  });

  it('refuses to leave a group under its minimum, and says how many it needs', () => {
    const four = [adult, { ...adult, id: 'a2' }, { ...adult, id: 'a3' }, { ...adult, id: 'a4' }];
    expect(problem(four, ['a'], 4)).toBe('removalBelowMinimum');
    expect(removalProblem({ passengers: four, removing: ['a'], travelDate, minimum: 4 })).toEqual({
      message: 'removalBelowMinimum',
      params: { count: 4, left: 3 },
    });
    expect(problem(four, ['a'], 3)).toBeNull();
    expect(problem(four, ['a', 'a2'], 2)).toBeNull();
    expect(problem(four, ['a', 'a2', 'a3'], 2)).toBe('removalBelowMinimum');
    // Nothing removed (a target no longer on the booking) leaves the group as it is.
    expect(problem(four, ['gone'], 4)).toBeNull();
  });

  it('takes a corporate booking to its minimum as it applied on the day it was booked, others to 1', () => {
    expect(
      bookingMinimum({ corporate: true, travelDate: '2027-06-15', bookedOn: '2027-04-16' }),
    ).toBe(2);
    expect(
      bookingMinimum({ corporate: true, travelDate: '2027-06-15', bookedOn: '2027-04-17' }),
    ).toBe(4);
    expect(
      bookingMinimum({ corporate: false, travelDate: '2027-06-15', bookedOn: '2027-06-14' }),
    ).toBe(1);
  });
});
