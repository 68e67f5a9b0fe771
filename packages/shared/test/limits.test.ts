import { describe, expect, it } from 'vitest';
import { CustomerTypeId } from '../src/ids.ts';
import { type BookingLimits, passengerCount, selectionLimitProblem } from '../src/rules/limits.ts';

const { adult, child, baby } = CustomerTypeId;
const limits: BookingLimits = { maxPassengers: 4, perPersonOffers: new Set(['sleeping-bag']) };

const selection = (
  passengers: number,
  extra: {
    hotels?: { hotelTypeId: string; roomTypeId: string; rooms: number }[];
    services?: { offerId: string; quantity: number }[];
  } = {},
) => ({
  passengers: [
    { customerTypeId: adult, quantity: passengers - 1 },
    { customerTypeId: baby, quantity: 1 },
  ],
  hotels: extra.hotels ?? [],
  services: extra.services ?? [],
});

const rooms = (count: number) => [
  { hotelTypeId: 'tourist', roomTypeId: 'double', rooms: count - 1 },
  { hotelTypeId: 'tourist', roomTypeId: 'single', rooms: 1 },
];

describe('passengerCount', () => {
  it('counts every passenger of every type, babies too', () => {
    expect(
      passengerCount({
        passengers: [
          { customerTypeId: adult, quantity: 2 },
          { customerTypeId: child, quantity: 3 },
          { customerTypeId: baby, quantity: 1 },
        ],
      }),
    ).toBe(6);
    expect(passengerCount({ passengers: [] })).toBe(0);
  });
});

describe('the limits of one booking', () => {
  it('take up to the tour group maximum, and refuse one passenger more', () => {
    expect(selectionLimitProblem(selection(4), limits)).toBeNull();
    expect(selectionLimitProblem(selection(5), limits)).toEqual({
      message: 'groupTooLarge',
      field: 'passengers',
      params: { count: 4 },
    });
  });

  it('take one hotel room per passenger at most, counted over every room type', () => {
    expect(selectionLimitProblem(selection(3, { hotels: rooms(3) }), limits)).toBeNull();
    expect(selectionLimitProblem(selection(3, { hotels: rooms(4) }), limits)).toEqual({
      message: 'roomsOverPassengers',
      field: 'hotels',
      params: { count: 3 },
    });
  });

  it('take each service once, naming the second line', () => {
    expect(
      selectionLimitProblem(
        selection(2, {
          services: [
            { offerId: 'porter', quantity: 1 },
            { offerId: 'sleeping-bag', quantity: 1 },
            { offerId: 'porter', quantity: 2 },
          ],
        }),
        limits,
      ),
    ).toEqual({ message: 'serviceListedTwice', field: 'additionalServices.2' });
  });

  it('ignore a service line of quantity 0, even when the service is listed again', () => {
    expect(
      selectionLimitProblem(
        selection(2, {
          services: [
            { offerId: 'porter', quantity: 0 },
            { offerId: 'porter', quantity: 2 },
          ],
        }),
        limits,
      ),
    ).toBeNull();
  });

  it('sell a per-person service once per passenger at most; other services in any number', () => {
    const bags = (quantity: number) =>
      selection(3, {
        services: [
          { offerId: 'porter', quantity: 9 },
          { offerId: 'sleeping-bag', quantity },
        ],
      });
    expect(selectionLimitProblem(bags(3), limits)).toBeNull();
    expect(selectionLimitProblem(bags(4), limits)).toEqual({
      message: 'serviceOverPassengers',
      field: 'additionalServices.1.quantity',
      params: { max: 3 },
    });
  });
});
