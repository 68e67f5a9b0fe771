import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seatsLeft } from '../src/rules/availability.ts';

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
