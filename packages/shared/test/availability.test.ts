import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closureReason,
  corporateMinimum,
  dateClosure,
  EVERY_WEEKDAY,
  firstOpenDate,
  permitsUsed,
  privateRoom,
  seatsLeft,
  type TourRules,
} from '../src/rules/availability.ts';

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

describe('seats left when the day is shared', () => {
  it('counts the whole day against the permits and only the departure against its seats', () => {
    // 16 seats in the English group, 3 booked there; 10 more travellers in other groups that day:
    // 100 permits at 1 + 2.5 each hold 28 travellers, 13 of them taken: 15 left, the seats 13.
    expect(
      seatsLeft({ capacity: 16, permits: 100, staffRatio: 2.5, booked: 3, onPermits: 13 }),
    ).toBe(13);
    expect(
      seatsLeft({ capacity: 16, permits: 100, staffRatio: 2.5, booked: 3, onPermits: 25 }),
    ).toBe(3);
    // No seat limit, no permits: no limit at all.
    expect(seatsLeft({ capacity: null, permits: null, staffRatio: 0, booked: 40 })).toBe(
      Number.POSITIVE_INFINITY,
    );
  });

  it('never above the group seats nor the day permits, never negative', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
        fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
        fc.constantFrom(0, 1, 1.5, 2.5),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 120 }),
        (capacity, permits, staffRatio, booked, others) => {
          const onPermits = booked + others;
          const left = seatsLeft({ capacity, permits, staffRatio, booked, onPermits });
          expect(left).toBeGreaterThanOrEqual(0);
          if (capacity !== null)
            expect(booked + left).toBeLessThanOrEqual(Math.max(capacity, booked));
          if (permits !== null && left > 0) {
            expect((onPermits + left) * (1 + staffRatio)).toBeLessThanOrEqual(permits + 1e-6);
          }
        },
      ),
    );
  });
});

describe('private groups', () => {
  const day = { groups: 2, permits: 60, staffRatio: 1.5 };

  it('take a slot each, their travellers capped by the tour maximum and the day permits', () => {
    expect(privateRoom(day, { groups: 0, onPermits: 0 }, 12)).toBe(12);
    // 60 permits at 2.5 each hold 24 travellers; 20 taken leave 4.
    expect(privateRoom(day, { groups: 1, onPermits: 20 }, 12)).toBe(4);
    expect(privateRoom(day, { groups: 2, onPermits: 0 }, 12)).toBe(0);
    expect(privateRoom({ ...day, groups: null }, { groups: 9, onPermits: 0 }, 12)).toBe(12);
  });
});

describe('the dates a tour runs on', () => {
  const trail: TourRules = { leadDays: 14, closedMonths: [2], weekdays: EVERY_WEEKDAY };
  const today = '2026-11-25';

  it('closes past dates, dates inside the lead time, closed months and days it does not run', () => {
    expect(dateClosure('2026-11-24', today, trail)).toBe('past');
    expect(dateClosure('2026-12-08', today, trail)).toBe('leadTime');
    expect(dateClosure('2026-12-09', today, trail)).toBeNull();
    expect(dateClosure('2027-02-01', today, trail)).toBe('closedMonth');
    expect(dateClosure('2027-02-28', today, trail)).toBe('closedMonth');
    expect(dateClosure('2027-03-01', today, trail)).toBeNull();
    // Tuesdays and Saturdays only: 2026-12-12 is a Saturday, 2026-12-13 a Sunday.
    const twiceAWeek = { leadDays: 1, closedMonths: [], weekdays: [2, 6] };
    expect(dateClosure('2026-12-12', today, twiceAWeek)).toBeNull();
    expect(dateClosure('2026-12-13', today, twiceAWeek)).toBe('notRunning');
  });

  it('lets a tour without lead time be booked for today, and calls yesterday past', () => {
    const daily: TourRules = { leadDays: 0, closedMonths: [], weekdays: EVERY_WEEKDAY };
    expect(dateClosure(today, today, daily)).toBeNull();
    expect(dateClosure('2026-11-24', today, daily)).toBe('past');
    expect(firstOpenDate(today, today, daily)).toBe(today);
  });

  it('looks for the first date from today when asked from a date long past', () => {
    const daily: TourRules = { leadDays: 0, closedMonths: [], weekdays: EVERY_WEEKDAY };
    // Two years back: searching a year from there would find nothing.
    expect(firstOpenDate('2024-11-01', today, daily)).toBe(today);
    expect(firstOpenDate('2024-11-01', today, trail)).toBe('2026-12-09');
  });

  it('looks 366 days ahead (a leap year long), not one day less', () => {
    // A lead time of 366 days: the first date is the 367th day looked at.
    const farAhead: TourRules = { leadDays: 366, closedMonths: [], weekdays: EVERY_WEEKDAY };
    expect(firstOpenDate(today, today, farAhead)).toBe('2027-11-26');
    expect(firstOpenDate(today, today, { ...farAhead, leadDays: 367 })).toBeNull();
  });

  it('finds the first date the tour runs', () => {
    expect(firstOpenDate(today, today, trail)).toBe('2026-12-09');
    expect(firstOpenDate('2027-01-31', today, trail)).toBe('2027-01-31');
    expect(firstOpenDate('2027-02-01', today, trail)).toBe('2027-03-01');
    expect(firstOpenDate(today, today, { ...trail, weekdays: [] })).toBeNull();
  });

  it('says why in both languages', () => {
    expect(closureReason('past', '2026-11-24', trail, 'en')).toBe('This date has passed');
    expect(closureReason('past', '2026-11-24', trail, 'es')).toBe('Esta fecha ya pasó');
    expect(closureReason('closedMonth', '2027-02-10', trail, 'en')).toBe(
      'This tour does not run in February',
    );
    expect(closureReason('closedMonth', '2027-02-10', trail, 'es')).toBe(
      'Este tour no sale en febrero',
    );
    expect(closureReason('leadTime', '2026-12-01', trail, 'en')).toBe(
      'Book at least 14 days before travel',
    );
    expect(closureReason('notRunning', '2026-12-13', trail, 'en')).toBe(
      'This tour does not run on Sundays',
    );
    expect(closureReason('notRunning', '2026-12-13', trail, 'es')).toBe(
      'Este tour no sale los días domingo',
    );
  });
});

describe('corporate minimums', () => {
  it('are 2 passengers 60 days ahead or more, 4 when later', () => {
    expect(corporateMinimum('2027-01-24', '2026-11-25')).toBe(2);
    expect(corporateMinimum('2027-01-23', '2026-11-25')).toBe(4);
    expect(corporateMinimum('2026-11-26', '2026-11-25')).toBe(4);
  });
});

describe('permits with the crew (issue 29)', () => {
  it('counts the crew assigned, and the ratio only for the crew not yet assigned', () => {
    // 3 travellers at 2.5 staff each: 7.5 estimated; 4 assigned is less, so 3 + 7.5.
    expect(permitsUsed(3, 2.5, 4)).toBe(10.5);
    // 10 assigned is more than the estimate: the real crew counts.
    expect(permitsUsed(3, 2.5, 10)).toBe(13);
    expect(permitsUsed(0, 2.5, 5)).toBe(5);
    // 40 permits, 8 crew assigned, 2.5 ratio: 11 by the ratio, 32 by the crew; 4 booked leave 7.
    expect(seatsLeft({ capacity: 16, permits: 40, staffRatio: 2.5, booked: 4, crew: 8 })).toBe(7);
    // 30 crew assigned: 40 − 30 − 4 = 6.
    expect(seatsLeft({ capacity: 16, permits: 40, staffRatio: 2.5, booked: 4, crew: 30 })).toBe(6);
    // More crew than permits leave: no seat, never a negative count.
    expect(seatsLeft({ capacity: 16, permits: 10, staffRatio: 0, booked: 2, crew: 12 })).toBe(0);
    expect(
      privateRoom(
        { groups: null, permits: 20, staffRatio: 0 },
        { groups: 0, onPermits: 0, crew: 15 },
        16,
      ),
    ).toBe(5);
  });

  it('agrees with a model that adds one traveller at a time while the permits hold', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
        fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
        fc.integer({ min: 0, max: 40 }).map((tenths) => tenths / 10),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 80 }),
        (capacity, permits, staffRatio, booked, crew) => {
          let model = 0;
          const fits = (k: number) =>
            (capacity === null || booked + k <= capacity) &&
            (permits === null || permitsUsed(booked + k, staffRatio, crew) <= permits + 1e-9);
          if (capacity === null && permits === null) {
            expect(seatsLeft({ capacity, permits, staffRatio, booked, crew })).toBe(
              Number.POSITIVE_INFINITY,
            );
            return;
          }
          while (fits(model + 1)) model += 1;
          expect(seatsLeft({ capacity, permits, staffRatio, booked, crew })).toBe(model);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
