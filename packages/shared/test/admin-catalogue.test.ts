import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cataloguePrice, priceSeries, tourPricesRequest } from '../src/api/admin-catalogue.ts';
import { CustomerTypeId } from '../src/ids.ts';

const typeId = '3b8f7a52-1c1e-4f0e-9a6b-2d6f0b7e8a11';
const categoryId = '7c2d9e41-5b3a-4c8d-8e2f-1a9b6c5d4e22';
const adult = (price: unknown) => [{ customerTypeId: CustomerTypeId.adult, price }];

const issuesOf = (schema: { safeParse(input: unknown): unknown }, input: unknown) => {
  const result = schema.safeParse(input) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  return (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
};

describe('the catalogue editor schemas (issue 14)', () => {
  it('takes a price of 0 to 100,000 dollars in whole cents, and nothing else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(cataloguePrice.safeParse(cents / 100).success).toBe(true);
      }),
    );
    for (const wrong of [-0.01, 100_000.01, 1.005, Number.NaN, '5', null]) {
      expect(issuesOf(cataloguePrice, wrong), String(wrong)).toEqual([
        { path: '', message: 'priceInvalid' },
      ]);
    }
  });

  it('wants a series to start at 1 passenger, each group size and customer type once', () => {
    const series = (tiers: unknown) => ({ typeId, categoryId, tiers });
    expect(issuesOf(priceSeries, series([{ groupSize: 1, prices: adult(10) }]))).toEqual([]);
    expect(issuesOf(priceSeries, series([]))).toEqual([]);
    expect(
      issuesOf(
        priceSeries,
        series([
          { groupSize: 6, prices: adult(10) },
          { groupSize: 3, prices: adult(10) },
        ]),
      ),
    ).toEqual([{ path: 'tiers.1.groupSize', message: 'tierFromOne' }]);
    expect(
      issuesOf(
        priceSeries,
        series([
          { groupSize: 1, prices: adult(10) },
          { groupSize: 1, prices: [...adult(9), ...adult(8)] },
        ]),
      ),
    ).toEqual([
      { path: 'tiers.1.prices.1.customerTypeId', message: 'listedTwice' },
      { path: 'tiers.1.groupSize', message: 'listedTwice' },
    ]);
  });

  it('wants at least one price, and each type and category once', () => {
    const one = { typeId, categoryId, tiers: [{ groupSize: 1, prices: adult(10) }] };
    expect(issuesOf(tourPricesRequest, { revision: 0, prices: [] })).toEqual([
      { path: 'prices', message: 'pricesEmpty' },
    ]);
    expect(
      issuesOf(tourPricesRequest, {
        revision: 0,
        prices: [one, { ...one, typeId: typeId.toUpperCase() }],
      }),
    ).toEqual([{ path: 'prices.1.categoryId', message: 'listedTwice' }]);
  });
});
