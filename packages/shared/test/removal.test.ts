import { describe, expect, it } from 'vitest';
import { removalCreditCents, removalPenaltyPercent } from '../src/rules/removal.ts';

describe('the cancellation policy of a removal (spec terms)', () => {
  it.each([
    [45, 0],
    [31, 0],
    [30, 50],
    [11, 50],
    [10, 80],
    [4, 80],
    [3, 100],
    [0, 100],
  ])('keeps, of a public booking %i days before travel, %i %%', (daysBefore, percent) => {
    expect(removalPenaltyPercent({ daysBefore, corporate: false, item: 'passenger' })).toBe(
      percent,
    );
  });

  it.each([
    [31, 0],
    [30, 50],
    [10, 50],
    [9, 80],
    [3, 80],
    [2, 100],
  ])('keeps, of a corporate passenger %i days before travel, %i %%', (daysBefore, percent) => {
    expect(removalPenaltyPercent({ daysBefore, corporate: true, item: 'passenger' })).toBe(percent);
  });

  it('lets a corporate client remove other services for free up to 15 days before, not after', () => {
    expect(removalPenaltyPercent({ daysBefore: 15, corporate: true, item: 'service' })).toBe(0);
    expect(removalPenaltyPercent({ daysBefore: 14, corporate: true, item: 'service' })).toBe(50);
    expect(removalPenaltyPercent({ daysBefore: 20, corporate: false, item: 'service' })).toBe(50);
  });

  it('credits what the penalty does not keep, in whole cents', () => {
    expect(removalCreditCents(64_000, 0)).toBe(64_000);
    expect(removalCreditCents(64_000, 50)).toBe(32_000);
    expect(removalCreditCents(12_345, 80)).toBe(2_469);
    expect(removalCreditCents(64_000, 100)).toBe(0);
  });
});
