import { bookingLimitsOfTour, CustomerTypeId, pricingCatalogFromTour } from '@cusco/shared';
import { describe, expect, it } from 'vitest';
import {
  addHotelRow,
  type BookingDraft,
  capCount,
  capServiceQuantity,
  cleanCount,
  cleanQuantity,
  corporateProblem,
  draftLimitProblem,
  initialDraft,
  isWholeNumber,
  priceDraft,
  roomsLeft,
  stepOneProblem,
  stepOneProblems,
  toSelection,
} from '../src/features/booking/model/draft.ts';
import { sampleTour } from './sample-tour.ts';

const tour = sampleTour;

const withCounts = (counts: Record<string, string>): BookingDraft => ({
  ...initialDraft(tour),
  counts,
});

describe('the booking draft', () => {
  it('starts on today with the first type and category and nothing chosen (spec §4)', () => {
    const draft = initialDraft(tour);
    expect(draft).toMatchObject({
      typeId: 'group',
      categoryId: 'english',
      counts: {},
      hotels: [],
      services: {},
    });
    expect(draft.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('reports the step-1 rules in the spec order', () => {
    expect(
      stepOneProblem({ ...withCounts({ [CustomerTypeId.adult]: '1' }), categoryId: '' }, tour),
    ).toBe('selectTypeAndCategory');
    expect(stepOneProblem(withCounts({ [CustomerTypeId.child]: '2' }), tour)).toBe(
      'atLeastOneAdult',
    );
    expect(stepOneProblem(withCounts({ [CustomerTypeId.student]: '1' }), tour)).toBeNull();
    const hotelTour = { ...tour, hotel: { types: [], rooms: [], prices: [] } };
    expect(stepOneProblem(withCounts({ [CustomerTypeId.adult]: '1' }), hotelTour)).toBe(
      'hotelMandatory',
    );
  });

  it('takes whole numbers only: "1.5", "-3" or "2a" are refused, not read as 15 nor as 1', () => {
    for (const typed of ['1.5', '1,5', '-3', '2a', '1e2', '½'])
      expect(isWholeNumber(typed), typed).toBe(false);
    for (const typed of ['', '0', '12', ' 3 ']) expect(isWholeNumber(typed), typed).toBe(true);
  });

  it('reports every step-1 rule broken by its field, in the page order', () => {
    const hotelTour = { ...tour, hotel: { types: [], rooms: [], prices: [] } };
    const none = { ...withCounts({ [CustomerTypeId.child]: '1' }), typeId: '' };
    expect(stepOneProblems(none, hotelTour)).toEqual([
      { field: 'type', message: 'selectTypeAndCategory' },
      { field: 'passengers', message: 'atLeastOneAdult' },
      { field: 'hotels', message: 'hotelMandatory' },
    ]);
    // A corporate booking's minimum stands by the passengers too.
    const one = { ...withCounts({ [CustomerTypeId.adult]: '1' }), date: '2026-12-01' };
    expect(stepOneProblems(one, tour, '2026-11-25')).toEqual([
      { field: 'passengers', message: 'corporateMinimumLate', params: { count: 4, days: 60 } },
    ]);
  });

  it('cleans whole numbers typed, counts at most 99', () => {
    expect(cleanCount(' 3 ')).toBe('3');
    expect(cleanCount('120')).toBe('12');
    expect(cleanCount('')).toBe('');
    expect(cleanQuantity('-0')).toBe('0');
    expect(cleanQuantity('x99y')).toBe('99');
  });

  it('adds rooms of the same hotel and room to one line', () => {
    const rows = addHotelRow([{ hotelTypeId: 'h', roomTypeId: 'r', rooms: 2 }], {
      hotelTypeId: 'h',
      roomTypeId: 'r',
      rooms: 3,
    });
    expect(rows).toEqual([{ hotelTypeId: 'h', roomTypeId: 'r', rooms: 5 }]);
    expect(addHotelRow(rows, { hotelTypeId: 'h', roomTypeId: 's', rooms: 1 })).toHaveLength(2);
  });

  it('prices only services that are switched on', () => {
    const draft: BookingDraft = {
      ...withCounts({ [CustomerTypeId.adult]: '2' }),
      services: { bag: { enabled: false, quantity: '3' } },
    };
    expect(toSelection(draft, tour).services).toEqual([]);
    const on = { ...draft, services: { bag: { enabled: true, quantity: '3' } } };
    const result = priceDraft(pricingCatalogFromTour(tour), on, tour);
    expect(result.ok && result.quote.totalCents).toBe(2 * 79000 + 3 * 2500);
  });

  it('reports a passenger type without prices', () => {
    const result = priceDraft(
      pricingCatalogFromTour(tour),
      withCounts({ [CustomerTypeId.baby]: '1' }),
      tour,
    );
    expect(result).toEqual({
      ok: false,
      error: { code: 'noPrices', customerTypeId: CustomerTypeId.baby },
    });
  });
});

describe("the tour's limits on the draft", () => {
  const limits = bookingLimitsOfTour(tour);
  const adults = (count: number): BookingDraft =>
    withCounts({ [CustomerTypeId.adult]: String(count) });

  it('caps a passenger count so that the total stays within the group maximum', () => {
    const draft = withCounts({ [CustomerTypeId.adult]: '10' });
    expect(capCount(draft, limits, CustomerTypeId.student, '6')).toEqual({
      value: '6',
      capped: false,
    });
    expect(capCount(draft, limits, CustomerTypeId.student, '9')).toEqual({
      value: '6',
      capped: true,
    });
    // The type's own count is replaced, not added to.
    expect(capCount(draft, limits, CustomerTypeId.adult, '16')).toEqual({
      value: '16',
      capped: false,
    });
    expect(capCount(draft, limits, CustomerTypeId.adult, '-2x0')).toEqual({
      value: '16',
      capped: true,
    });
    expect(capCount(draft, limits, CustomerTypeId.adult, '')).toEqual({ value: '', capped: false });
  });

  it('caps a per-person service at one per passenger, and leaves other services at 99', () => {
    const perPerson = { ...limits, perPersonOffers: new Set(['bag']) };
    expect(capServiceQuantity(adults(2), perPerson, 'bag', '5')).toEqual({
      value: '2',
      capped: true,
    });
    expect(capServiceQuantity(adults(2), perPerson, 'bag', '2')).toEqual({
      value: '2',
      capped: false,
    });
    expect(capServiceQuantity(adults(2), perPerson, 'porter', '40')).toEqual({
      value: '40',
      capped: false,
    });
    // Before any passenger there is nothing to count them against.
    expect(capServiceQuantity(withCounts({}), perPerson, 'bag', '3')).toEqual({
      value: '3',
      capped: false,
    });
  });

  it('leaves one room per passenger', () => {
    expect(roomsLeft(withCounts({}))).toBeNull();
    expect(
      roomsLeft({ ...adults(3), hotels: [{ hotelTypeId: 'h', roomTypeId: 'r', rooms: 1 }] }),
    ).toBe(2);
    expect(
      roomsLeft({ ...adults(1), hotels: [{ hotelTypeId: 'h', roomTypeId: 'r', rooms: 2 }] }),
    ).toBe(0);
  });

  it('places each broken limit by its input, with the catalogue message', () => {
    expect(draftLimitProblem(adults(16), tour)).toBeNull();
    expect(draftLimitProblem(adults(17), tour)).toEqual({
      place: 'passengers',
      message: 'groupTooLarge',
      params: { count: 16 },
    });
    expect(
      draftLimitProblem(
        { ...adults(1), hotels: [{ hotelTypeId: 'h', roomTypeId: 'r', rooms: 2 }] },
        tour,
      ),
    ).toEqual({ place: 'hotels', message: 'roomsOverPassengers', params: { count: 1 } });
    // Fewer passengers after choosing 4 sleeping bags.
    expect(
      draftLimitProblem(
        { ...adults(2), services: { bag: { enabled: true, quantity: '4' } } },
        tour,
      ),
    ).toEqual({ place: 'service:bag', message: 'serviceOverPassengers', params: { max: 2 } });
    // Nothing is held against zero passengers: "at least one adult" is said first.
    expect(
      draftLimitProblem(
        { ...withCounts({}), services: { bag: { enabled: true, quantity: '4' } } },
        tour,
      ),
    ).toBeNull();
  });
});

describe("a corporate booking's minimum passengers (spec §9, corporate terms)", () => {
  const today = '2026-11-25';
  const on = (date: string, adults: string): BookingDraft => ({
    ...withCounts({ [CustomerTypeId.adult]: adults }),
    date,
  });

  it('is 2 passengers 60 days ahead or more, 4 when later, said with its message', () => {
    expect(corporateProblem(on('2027-01-24', '2'), today)).toBeNull();
    expect(corporateProblem(on('2027-01-24', '1'), today)).toEqual({
      message: 'corporateMinimumEarly',
      params: { count: 2, days: 60 },
    });
    expect(corporateProblem(on('2027-01-23', '3'), today)).toEqual({
      message: 'corporateMinimumLate',
      params: { count: 4, days: 60 },
    });
    expect(corporateProblem(on('2027-01-23', '4'), today)).toBeNull();
  });
});
