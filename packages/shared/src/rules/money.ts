/**
 * Money is integer cents inside the domain and the database; the spec's wire fields carry US
 * dollars. These two functions are the only crossing points.
 */
export function fromCents(cents: number): number {
  return cents / 100;
}

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
