import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cataloguePrice,
  changePolicyEntry,
  priceSeries,
  tourPoliciesRequest,
  tourPricesRequest,
} from '../src/api/admin-catalogue.ts';
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

describe('the change policy schema (issue 27)', () => {
  const policy = {
    windows: [
      { daysBefore: 30, keepPercent: 50 },
      { daysBefore: 3, keepPercent: 100 },
    ],
    keepDeposit: true,
    permitCost: 0,
    entranceCost: 12.5,
    trainCost: 0,
    dateChangeFee: 115,
    nameChangeFee: 115,
    lastChangeDays: 4,
  };

  it('takes a policy of up to ten windows, each day once, and both policies with a revision', () => {
    expect(issuesOf(changePolicyEntry, policy)).toEqual([]);
    expect(issuesOf(changePolicyEntry, { ...policy, windows: [] })).toEqual([]);
    const ten = Array.from({ length: 10 }, (_, day) => ({
      daysBefore: day,
      keepPercent: 10 * day,
    }));
    expect(issuesOf(changePolicyEntry, { ...policy, windows: ten })).toEqual([]);
    expect(
      issuesOf(changePolicyEntry, {
        ...policy,
        windows: [...ten, { daysBefore: 365, keepPercent: 0 }],
      }),
    ).toEqual([{ path: 'windows', message: 'catalogueTooMany' }]);
    expect(
      issuesOf(tourPoliciesRequest, { revision: 3, standard: policy, corporate: policy }),
    ).toEqual([]);
    expect(issuesOf(tourPoliciesRequest, { revision: 3, standard: policy })).toHaveLength(1);
  });

  it('says which window, which field and why', () => {
    expect(
      issuesOf(changePolicyEntry, {
        ...policy,
        windows: [
          { daysBefore: 30, keepPercent: 50 },
          { daysBefore: 30, keepPercent: 101 },
          { daysBefore: 366, keepPercent: 0.5 },
        ],
        trainCost: 0.001,
        lastChangeDays: -1,
      }),
    ).toEqual([
      { path: 'windows.1.keepPercent', message: 'policyPercentInvalid' },
      { path: 'windows.2.daysBefore', message: 'policyDaysInvalid' },
      { path: 'windows.2.keepPercent', message: 'policyPercentInvalid' },
      { path: 'trainCost', message: 'priceInvalid' },
      { path: 'lastChangeDays', message: 'policyDaysInvalid' },
    ]);
    expect(
      issuesOf(changePolicyEntry, {
        ...policy,
        windows: [
          { daysBefore: 30, keepPercent: 50 },
          { daysBefore: 30, keepPercent: 80 },
        ],
      }),
    ).toEqual([{ path: 'windows.1.daysBefore', message: 'listedTwice' }]);
  });

  it('takes every day from 0 to 365 and every whole percentage, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: 0, max: 100 }),
        (day, percent) => {
          const entry = {
            ...policy,
            windows: [{ daysBefore: day, keepPercent: percent }],
            lastChangeDays: day,
          };
          expect(changePolicyEntry.safeParse(entry).success).toBe(true);
        },
      ),
    );
    for (const wrong of [-1, 366, 1.5, Number.NaN, '3', null]) {
      expect(
        changePolicyEntry.safeParse({ ...policy, lastChangeDays: wrong }).success,
        String(wrong),
      ).toBe(false);
    }
  });
});
