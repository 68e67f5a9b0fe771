import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dollarsText, fromCents, toCents } from '../src/rules/money.ts';

describe('cents and dollars', () => {
  it('turn cents into dollars and back', () => {
    expect(fromCents(123_456)).toBe(1234.56);
    expect(fromCents(5)).toBe(0.05);
    expect(toCents(1234.56)).toBe(123_456);
    // 0.29 × 100 is 28.999… in floating point: rounded, not truncated.
    expect(toCents(0.29)).toBe(29);
    expect(toCents(0)).toBe(0);
  });

  it('give back the same cents after a round trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
  });
});

describe('amounts in messages', () => {
  it('read as dollars with two decimals and thousands separators', () => {
    expect(dollarsText(123_456)).toBe('$1,234.56');
    expect(dollarsText(5)).toBe('$0.05');
    expect(dollarsText(100_000_000)).toBe('$1,000,000.00');
    expect(dollarsText(0)).toBe('$0.00');
  });
});
