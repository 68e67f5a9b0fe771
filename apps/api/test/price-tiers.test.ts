import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tourPrices, tours } from '../src/db/schema.ts';
import { expandPriceTiers } from '../src/modules/tours/price-tiers.ts';
import { createTestApp, type TestContext } from './support/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const series = { categoryId: 'c', typeId: 't', customerTypeId: 'adult' };

describe('expandPriceTiers', () => {
  it('gives every group size from the first tier to the largest the price of its tier', () => {
    const rows = expandPriceTiers([
      { ...series, groupSize: 4, priceCents: 700 },
      { ...series, groupSize: 1, priceCents: 900 },
      { ...series, groupSize: 8, priceCents: 600 },
    ]);
    expect(rows.map((row) => [row.groupSize, row.priceCents])).toEqual([
      [1, 900],
      [2, 900],
      [3, 900],
      [4, 700],
      [5, 700],
      [6, 700],
      [7, 700],
      [8, 600],
    ]);
  });

  it('keeps each category, type and customer type apart', () => {
    const rows = expandPriceTiers([
      { ...series, groupSize: 1, priceCents: 900 },
      { ...series, groupSize: 3, priceCents: 800 },
      { ...series, customerTypeId: 'child', groupSize: 1, priceCents: 450 },
      { ...series, customerTypeId: 'child', groupSize: 2, priceCents: 400 },
    ]);
    const of = (customerTypeId: string) =>
      rows
        .filter((row) => row.customerTypeId === customerTypeId)
        .map((row) => [row.groupSize, row.priceCents]);
    expect(of('adult')).toEqual([
      [1, 900],
      [2, 900],
      [3, 800],
    ]);
    expect(of('child')).toEqual([
      [1, 450],
      [2, 400],
    ]);
  });

  it('leaves a series that starts above one starting there (the largest tier covers the rest)', () => {
    const rows = expandPriceTiers([{ ...series, groupSize: 2, priceCents: 500 }]);
    expect(rows.map((row) => row.groupSize)).toEqual([2]);
  });
});

describe('tour prices in the database', () => {
  it('are stored as tiers, and answered as a row per group size', async () => {
    const [tour] = await ctx.database.db.select().from(tours).where(eq(tours.code, '100401'));
    const stored = await ctx.database.db
      .select()
      .from(tourPrices)
      .where(eq(tourPrices.tourId, tour?.id ?? ''));
    const answer = (await ctx.app.inject({ url: '/api/tour/100401' })).json();
    expect(stored.length).toBeGreaterThan(0);
    expect(answer.prices.length).toBeGreaterThan(stored.length);
    expect(answer.prices.length).toBe(expandPriceTiers(stored).length);
    // The group tour's tiers start at 1, 4 and 8: three rows a series in the database, a row
    // for each of the eight sizes in the answer.
    const perSeries = new Map<string, number>();
    for (const row of stored) {
      const key = `${row.categoryId}|${row.typeId}|${row.customerTypeId}`;
      perSeries.set(key, (perSeries.get(key) ?? 0) + 1);
    }
    const largestSeries = Math.max(...perSeries.values());
    expect(largestSeries).toBeLessThan(8);
    expect(Math.max(...answer.prices.map((price: { quantity: number }) => price.quantity))).toBe(8);
  });
});
