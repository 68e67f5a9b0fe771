import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  corporateMinimum,
  dateClosure,
  seatsLeft,
  type TourRules,
} from '../src/rules/availability.ts';

const trail: TourRules = { leadDays: 30, closedMonths: [2], weekdays: [0, 1, 2, 3, 4, 5, 6] };

describe('the dates a tour runs on', () => {
  it('closes the past, the lead time, February on the trail, and the days it does not run', () => {
    expect(dateClosure('2026-11-21', '2026-11-22', trail)).toBe('past');
    expect(dateClosure('2026-12-21', '2026-11-22', trail)).toBe('leadTime');
    expect(dateClosure('2026-12-22', '2026-11-22', trail)).toBeNull();
    expect(dateClosure('2027-02-01', '2026-11-22', trail)).toBe('closedMonth');
    expect(dateClosure('2027-02-28', '2026-11-22', trail)).toBe('closedMonth');
    expect(dateClosure('2027-03-01', '2026-11-22', trail)).toBeNull();
    const weekdaysOnly = { leadDays: 1, closedMonths: [], weekdays: [1, 2, 3, 4, 5] };
    expect(dateClosure('2026-11-28', '2026-11-22', weekdaysOnly)).toBe('notRunning'); // a Saturday
    expect(dateClosure('2026-11-23', '2026-11-22', weekdaysOnly)).toBeNull(); // a Monday
    expect(dateClosure('2026-11-22', '2026-11-22', weekdaysOnly)).toBe('leadTime');
  });
});

describe('seats left', () => {
  it('is capacity less booked, capped by the permits travellers and their staff use', () => {
    expect(seatsLeft({ capacity: 16, permits: null, staffRatio: 0, booked: 10 })).toBe(6);
    // 40 permits at 1 + 2.5 per traveller: 11 travellers at most; 4 booked leave 7.
    expect(seatsLeft({ capacity: 16, permits: 40, staffRatio: 2.5, booked: 4 })).toBe(7);
    expect(seatsLeft({ capacity: 16, permits: 40, staffRatio: 2.5, booked: 11 })).toBe(0);
    expect(seatsLeft({ capacity: 16, permits: 40, staffRatio: 2.5, booked: 12 })).toBe(0);
    expect(seatsLeft({ capacity: 10, permits: 500, staffRatio: 1.5, booked: 3 })).toBe(7);
  });

  it('against a simple model: never negative, never above capacity or the permits, and each seat sold takes one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
        fc.constantFrom(0, 0.5, 1, 1.5, 2, 2.5, 3),
        fc.integer({ min: 0, max: 80 }),
        (capacity, permits, staffRatio, booked) => {
          const left = seatsLeft({ capacity, permits, staffRatio, booked });
          expect(left).toBeGreaterThanOrEqual(0);
          expect(booked + left).toBeLessThanOrEqual(Math.max(capacity, booked));
          if (permits !== null) {
            // Everyone, sold and left, with their staff, fits in the permits (or nothing is left).
            if (left > 0)
              expect((booked + left) * (1 + staffRatio)).toBeLessThanOrEqual(permits + 1e-6);
          }
          // The model: count seats one by one while both limits hold.
          let model = 0;
          while (
            booked + model + 1 <= capacity &&
            (permits === null || (booked + model + 1) * (1 + staffRatio) <= permits + 1e-9)
          ) {
            model += 1;
          }
          expect(left).toBe(model);
        },
      ),
    );
  });
});

describe('corporate minimums (spec, corporate terms)', () => {
  it('asks 2 passengers 60 days ahead or more, and 4 when booked later', () => {
    expect(corporateMinimum('2027-01-21', '2026-11-22', 2)).toBeNull(); // 60 days
    expect(corporateMinimum('2027-01-21', '2026-11-22', 1)).toBe(2);
    expect(corporateMinimum('2027-01-20', '2026-11-22', 3)).toBe(4); // 59 days
    expect(corporateMinimum('2027-01-20', '2026-11-22', 4)).toBeNull();
  });
});
