import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingRequest,
  quoteToWire,
  requestFromQuote,
  selectionFromRequest,
} from '../src/api/booking.ts';
import { CustomerTypeId } from '../src/ids.ts';
import {
  amountString,
  type BookingSelection,
  clampServiceQuantity,
  cleanNumericInput,
  findPassengerPrice,
  hotelLine,
  type PricingCatalog,
  partialAmountCents,
  quoteBooking,
} from '../src/rules/pricing.ts';

const { adult, student, child, baby } = CustomerTypeId;
const cat = 'category-english';
const type = 'type-group';

/** Group tiers 1, 2 and 4 for adults and students; children only have a tier of 1. */
const catalog: PricingCatalog = {
  prices: [
    { categoryId: cat, typeId: type, customerTypeId: adult, quantity: 1, priceCents: 79000 },
    { categoryId: cat, typeId: type, customerTypeId: adult, quantity: 2, priceCents: 76000 },
    { categoryId: cat, typeId: type, customerTypeId: adult, quantity: 4, priceCents: 73000 },
    { categoryId: cat, typeId: type, customerTypeId: student, quantity: 1, priceCents: 75500 },
    { categoryId: cat, typeId: type, customerTypeId: student, quantity: 4, priceCents: 69500 },
    { categoryId: cat, typeId: type, customerTypeId: child, quantity: 1, priceCents: 72000 },
    { categoryId: 'other', typeId: type, customerTypeId: adult, quantity: 3, priceCents: 1 },
  ],
  hotelPrices: [
    { hotelTypeId: 'tourist', roomTypeId: 'double', priceCents: 5500 },
    { hotelTypeId: 'tourist', roomTypeId: 'single', priceCents: 4500 },
  ],
  hotelNights: 4,
  services: [
    { offerId: 'sleeping-bag', priceCents: 2500 },
    { offerId: 'porter', priceCents: 14000 },
  ],
};

const selection = (overrides: Partial<BookingSelection> = {}): BookingSelection => ({
  categoryId: cat,
  typeId: type,
  passengers: [
    { customerTypeId: adult, quantity: 2 },
    { customerTypeId: student, quantity: 1 },
  ],
  hotels: [],
  services: [],
  ...overrides,
});

describe('findPassengerPrice', () => {
  it('takes the row whose group size equals the total number of passengers', () => {
    expect(
      findPassengerPrice(
        catalog.prices,
        { categoryId: cat, typeId: type, customerTypeId: adult },
        2,
      )?.priceCents,
    ).toBe(76000);
  });
  it('otherwise takes the row with the largest group size', () => {
    expect(
      findPassengerPrice(
        catalog.prices,
        { categoryId: cat, typeId: type, customerTypeId: adult },
        3,
      )?.priceCents,
    ).toBe(73000);
    expect(
      findPassengerPrice(
        catalog.prices,
        { categoryId: cat, typeId: type, customerTypeId: adult },
        9,
      )?.priceCents,
    ).toBe(73000);
    expect(
      findPassengerPrice(
        catalog.prices,
        { categoryId: cat, typeId: type, customerTypeId: child },
        3,
      )?.priceCents,
    ).toBe(72000);
  });
  it('takes the largest group size wherever its row stands in the list', () => {
    // The catalogue does not sort its rows: the row of 4 first, then smaller ones.
    const unsorted = [
      { categoryId: cat, typeId: type, customerTypeId: adult, quantity: 4, priceCents: 73000 },
      { categoryId: cat, typeId: type, customerTypeId: adult, quantity: 1, priceCents: 79000 },
      { categoryId: cat, typeId: type, customerTypeId: adult, quantity: 2, priceCents: 76000 },
    ];
    const adultOf = (total: number) =>
      findPassengerPrice(unsorted, { categoryId: cat, typeId: type, customerTypeId: adult }, total)
        ?.priceCents;
    expect(adultOf(3)).toBe(73000);
    expect(adultOf(9)).toBe(73000);
    expect(adultOf(2)).toBe(76000);
    expect(adultOf(1)).toBe(79000);
  });

  it('answers null when the category, type and customer type have no row', () => {
    expect(
      findPassengerPrice(
        catalog.prices,
        { categoryId: cat, typeId: type, customerTypeId: baby },
        3,
      ),
    ).toBeNull();
    expect(
      findPassengerPrice(
        catalog.prices,
        { categoryId: cat, typeId: 'private', customerTypeId: adult },
        1,
      ),
    ).toBeNull();
  });
});

describe('quoteBooking', () => {
  it('prices 2 adults and 1 student at the three-passenger rows, times their counts', () => {
    const result = quoteBooking(catalog, selection());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // 3 passengers: no row of 3, so the largest (4) applies to both types.
    expect(result.quote.passengers).toEqual([
      { customerTypeId: adult, quantity: 2, unitCents: 73000, totalCents: 146000 },
      { customerTypeId: student, quantity: 1, unitCents: 69500, totalCents: 69500 },
    ]);
    expect(result.quote.totalCents).toBe(215500);
    expect(result.quote.partialCents).toBe(107700);
  });

  it('picks the tier by the passengers who pay a seat: babies do not make the group larger', () => {
    const withBabies: PricingCatalog = {
      ...catalog,
      prices: [
        ...catalog.prices,
        { categoryId: cat, typeId: type, customerTypeId: baby, quantity: 1, priceCents: 0 },
      ],
    };
    const result = quoteBooking(
      withBabies,
      selection({
        passengers: [
          { customerTypeId: adult, quantity: 1 },
          { customerTypeId: baby, quantity: 3 },
        ],
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // One paying passenger: the row of 1 (790), not the row of 4 (730).
    expect(result.quote.passengers[0]).toMatchObject({ unitCents: 79000, totalCents: 79000 });
    expect(result.quote.totalCents).toBe(79000);
  });

  it('makes no line for a zero count or a zero quantity', () => {
    const result = quoteBooking(
      catalog,
      selection({
        passengers: [
          { customerTypeId: adult, quantity: 1 },
          { customerTypeId: baby, quantity: 0 },
        ],
        services: [{ offerId: 'sleeping-bag', quantity: 0 }],
      }),
    );
    expect(result.ok && result.quote.passengers.map((line) => line.customerTypeId)).toEqual([
      adult,
    ]);
    expect(result.ok && result.quote.services).toEqual([]);
  });

  it('refuses a passenger type without a price, naming it', () => {
    const result = quoteBooking(
      catalog,
      selection({
        passengers: [
          { customerTypeId: adult, quantity: 1 },
          { customerTypeId: baby, quantity: 1 },
        ],
      }),
    );
    expect(result).toEqual({ ok: false, error: { code: 'noPrices', customerTypeId: baby } });
  });

  it('prices hotels as unit × nights × rooms and refuses a pair without a price', () => {
    const priced = quoteBooking(
      catalog,
      selection({ hotels: [{ hotelTypeId: 'tourist', roomTypeId: 'double', rooms: 2 }] }),
    );
    expect(priced.ok && priced.quote.hotels[0]).toEqual({
      hotelTypeId: 'tourist',
      roomTypeId: 'double',
      rooms: 2,
      nights: 4,
      unitCents: 5500,
      totalCents: 44000,
    });
    const missing = quoteBooking(
      catalog,
      selection({ hotels: [{ hotelTypeId: 'tourist', roomTypeId: 'triple', rooms: 1 }] }),
    );
    expect(missing).toEqual({
      ok: false,
      error: { code: 'hotelNotConfigured', hotelTypeId: 'tourist', roomTypeId: 'triple' },
    });
  });

  it('prices the room of the hotel chosen, not another hotel with the same room type', () => {
    const twoHotels = {
      hotelNights: 2,
      hotelPrices: [
        { hotelTypeId: 'superior', roomTypeId: 'double', priceCents: 9000 },
        { hotelTypeId: 'tourist', roomTypeId: 'double', priceCents: 5500 },
      ],
    };
    expect(
      hotelLine(twoHotels, { hotelTypeId: 'tourist', roomTypeId: 'double', rooms: 1 }),
    ).toEqual({
      hotelTypeId: 'tourist',
      roomTypeId: 'double',
      rooms: 1,
      nights: 2,
      unitCents: 5500,
      totalCents: 11000,
    });
    expect(hotelLine(twoHotels, { hotelTypeId: 'budget', roomTypeId: 'double', rooms: 1 })).toBe(
      null,
    );
  });

  it('totals passengers, hotels and services, and asks half of the first two as the deposit', () => {
    const result = quoteBooking(
      catalog,
      selection({
        hotels: [{ hotelTypeId: 'tourist', roomTypeId: 'single', rooms: 1 }],
        services: [{ offerId: 'sleeping-bag', quantity: 3 }],
      }),
    );
    if (!result.ok) throw new Error('expected a quote');
    // Passengers: 2 × 730 + 1 × 695 = 2,155; hotel: 45 × 4 nights × 1 room = 180;
    // services: 3 × 25 = 75. Total 2,410. Deposit: (2,155 + 180) / 2 = 1,167.50 → 1,167.
    expect(result.quote).toMatchObject({
      passengersCents: 215500,
      hotelsCents: 18000,
      servicesCents: 7500,
      totalCents: 241000,
      partialCents: 116700,
    });
  });

  it('prices services as price × quantity, outside the deposit', () => {
    const result = quoteBooking(
      catalog,
      selection({ services: [{ offerId: 'porter', quantity: 2 }] }),
    );
    if (!result.ok) throw new Error('expected a quote');
    expect(result.quote.servicesCents).toBe(28000);
    expect(result.quote.totalCents).toBe(215500 + 28000);
    expect(result.quote.partialCents).toBe(107700);
  });

  it('refuses a service the tour does not offer', () => {
    expect(
      quoteBooking(catalog, selection({ services: [{ offerId: 'helicopter', quantity: 1 }] })),
    ).toEqual({
      ok: false,
      error: { code: 'unknownService', offerId: 'helicopter' },
    });
  });
});

describe('partialAmountCents', () => {
  it('is half of passengers and hotels, rounded down to whole dollars', () => {
    expect(partialAmountCents(158100, 0)).toBe(79000);
    expect(partialAmountCents(100000, 44000)).toBe(72000);
    expect(partialAmountCents(0, 0)).toBe(0);
  });
});

describe('numeric inputs', () => {
  it('keep digits only', () => {
    expect(cleanNumericInput('-3')).toBe('3');
    expect(cleanNumericInput('1.5')).toBe('1');
    expect(cleanNumericInput('2,5')).toBe('2');
    expect(cleanNumericInput('.5')).toBe('');
    expect(cleanNumericInput('a2b')).toBe('2');
    expect(cleanNumericInput('')).toBe('');
  });
  it('clamp service quantities to 0–99, null as 0', () => {
    expect(clampServiceQuantity(null)).toBe(0);
    expect(clampServiceQuantity(-4)).toBe(0);
    expect(clampServiceQuantity(120)).toBe(99);
    expect(clampServiceQuantity(7)).toBe(7);
    expect(clampServiceQuantity(99)).toBe(99);
    expect(clampServiceQuantity(100)).toBe(99);
  });
  it('count a quantity that is not a number as 0, and drop a fraction', () => {
    expect(clampServiceQuantity(undefined)).toBe(0);
    expect(clampServiceQuantity(Number.NaN)).toBe(0);
    expect(clampServiceQuantity(2.9)).toBe(2);
    expect(clampServiceQuantity(0)).toBe(0);
  });
});

describe('amountString', () => {
  it('is the amount in cents as text (spec §3: the amount times 100)', () => {
    expect(amountString(241000)).toBe('241000');
    expect(amountString(5)).toBe('5');
  });
});

// --- Properties ----------------------------------------------------------------------------

const passengerCounts = fc.record({
  adults: fc.integer({ min: 0, max: 12 }),
  students: fc.integer({ min: 0, max: 12 }),
  children: fc.integer({ min: 0, max: 12 }),
});
const services = fc.record({
  bags: fc.integer({ min: 0, max: 99 }),
  porters: fc.integer({ min: 0, max: 99 }),
});
const rooms = fc.integer({ min: 0, max: 10 });

function build(
  counts: { adults: number; students: number; children: number },
  extras: { bags: number; porters: number },
  doubleRooms: number,
) {
  return selection({
    passengers: [
      { customerTypeId: adult, quantity: counts.adults },
      { customerTypeId: student, quantity: counts.students },
      { customerTypeId: child, quantity: counts.children },
    ],
    hotels:
      doubleRooms > 0 ? [{ hotelTypeId: 'tourist', roomTypeId: 'double', rooms: doubleRooms }] : [],
    services: [
      { offerId: 'sleeping-bag', quantity: extras.bags },
      { offerId: 'porter', quantity: extras.porters },
    ],
  });
}

function quoted(value: BookingSelection) {
  const result = quoteBooking(catalog, value);
  if (!result.ok) throw new Error(`unexpected ${result.error.code}`);
  return result.quote;
}

describe('pricing properties', () => {
  it('asks a deposit of half the passengers and hotels, rounded down to a whole dollar', () => {
    fc.assert(
      fc.property(passengerCounts, services, rooms, (counts, extras, doubleRooms) => {
        const quote = quoted(build(counts, extras, doubleRooms));
        const half = (quote.passengersCents + quote.hotelsCents) / 2;
        expect(quote.partialCents % 100).toBe(0);
        expect(quote.partialCents).toBeLessThanOrEqual(half);
        expect(half - quote.partialCents).toBeLessThan(100);
      }),
    );
  });

  it('never charges a passenger more for joining a larger group', () => {
    fc.assert(
      fc.property(passengerCounts, (counts) => {
        const smaller = quoted(build(counts, { bags: 0, porters: 0 }, 0));
        const larger = quoted(
          build({ ...counts, adults: counts.adults + 1 }, { bags: 0, porters: 0 }, 0),
        );
        for (const line of smaller.passengers) {
          const same = larger.passengers.find(
            (other) => other.customerTypeId === line.customerTypeId,
          );
          expect(same?.unitCents ?? 0).toBeLessThanOrEqual(line.unitCents);
        }
      }),
    );
  });

  it('changing a service quantity changes only that service line', () => {
    fc.assert(
      fc.property(
        passengerCounts,
        services,
        rooms,
        fc.integer({ min: 0, max: 99 }),
        (counts, extras, doubleRooms, bags) => {
          const before = quoted(build(counts, extras, doubleRooms));
          const after = quoted(build(counts, { ...extras, bags }, doubleRooms));
          expect(after.passengers).toEqual(before.passengers);
          expect(after.hotels).toEqual(before.hotels);
          expect(after.services.find((line) => line.offerId === 'porter')).toEqual(
            before.services.find((line) => line.offerId === 'porter'),
          );
          expect(after.partialCents).toBe(before.partialCents);
          expect(after.totalCents - before.totalCents).toBe((bags - extras.bags) * 2500);
        },
      ),
    );
  });

  it('changing the rooms changes only the hotel line; changing passengers leaves hotels and services alone', () => {
    fc.assert(
      fc.property(
        passengerCounts,
        passengerCounts,
        services,
        rooms,
        rooms,
        (counts, otherCounts, extras, roomsA, roomsB) => {
          const base = quoted(build(counts, extras, roomsA));
          const otherRooms = quoted(build(counts, extras, roomsB));
          expect(otherRooms.passengers).toEqual(base.passengers);
          expect(otherRooms.services).toEqual(base.services);
          const otherPassengers = quoted(build(otherCounts, extras, roomsA));
          expect(otherPassengers.hotels).toEqual(base.hotels);
          expect(otherPassengers.services).toEqual(base.services);
        },
      ),
    );
  });

  it('a request built from a quote describes the same selection and passes the schema', () => {
    fc.assert(
      fc.property(
        passengerCounts,
        services,
        rooms,
        fc.constantFrom('T' as const, 'P' as const),
        (counts, extras, doubleRooms, mode) => {
          const chosen = build(counts, extras, doubleRooms);
          const quote = quoted(chosen);
          const request = requestFromQuote({
            tourId: '0b7f8f8e-55a5-4f0e-9a55-0c1f1f7d7e11',
            date: '2027-05-14',
            selection: chosen,
            quote,
            mode,
            isPassager: false,
          });
          const parsed = bookingRequest.parse(request);
          const again = quoted(selectionFromRequest(parsed));
          expect(again).toEqual(quote);
          expect(quoteToWire(again, mode).amountStr).toBe(request.amountStr);
          expect(Number(request.amountStr)).toBe(Math.round(request.amount * 100));
        },
      ),
    );
  });
});
