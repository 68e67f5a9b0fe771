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

/** "$1,234.50": an amount of cents as the API's messages write it, whatever their language. */
export function dollarsText(cents: number): string {
  return `$${fromCents(cents).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
