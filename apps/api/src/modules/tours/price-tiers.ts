/** The columns that name one price series: a tour's category, type and customer type. */
interface PriceTier {
  categoryId: string;
  typeId: string;
  customerTypeId: string;
  /** The group size from which this price applies. */
  groupSize: number;
  priceCents: number;
}

/**
 * The catalogue stores a price per tier (from a group size on), but spec §9's rule ("the row whose
 * quantity equals the passengers, else the row with the largest quantity") was written for a row
 * per group size (ADR 0010). The rows are expanded here, in memory: every size from the first
 * tier to the largest takes the price of the last tier at or below it, so the rule and the tour's
 * answer are what they were when the rows were stored expanded.
 */
export function expandPriceTiers<Row extends PriceTier>(tiers: readonly Row[]): Row[] {
  const series = new Map<string, Row[]>();
  for (const tier of tiers) {
    const key = `${tier.categoryId}|${tier.typeId}|${tier.customerTypeId}`;
    const list = series.get(key);
    if (list) list.push(tier);
    else series.set(key, [tier]);
  }
  const rows: Row[] = [];
  for (const list of series.values()) {
    list.sort((a, b) => a.groupSize - b.groupSize);
    for (const [index, tier] of list.entries()) {
      const next = list[index + 1]?.groupSize ?? tier.groupSize + 1;
      for (let groupSize = tier.groupSize; groupSize < next; groupSize++) {
        rows.push({ ...tier, groupSize });
      }
    }
  }
  return rows;
}
