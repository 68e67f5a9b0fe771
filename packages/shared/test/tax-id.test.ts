import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidRuc, rucCheckDigit } from '../src/rules/tax-id.ts';

describe('RUC check digit', () => {
  it('accepts real RUCs (SUNAT, a person) and refuses one digit off', () => {
    expect(isValidRuc('20131312955')).toBe(true);
    expect(isValidRuc('20131312954')).toBe(false);
    expect(isValidRuc('10467793549')).toBe(true);
  });

  it('refuses unknown kinds, wrong lengths and non-digits', () => {
    expect(isValidRuc('30131312955')).toBe(false);
    expect(isValidRuc('2013131295')).toBe(false);
    expect(isValidRuc('201313129555')).toBe(false);
    expect(isValidRuc('2013131295a')).toBe(false);
  });

  it('maps the remainders 10 and 11 onto the digits 0 and 1', () => {
    // 2010000004: 10+0+3+0+0+0+0+0+0+8 = 21, 21 % 11 = 10, 11 - 10 = 1.
    expect(rucCheckDigit('2010000004')).toBe(1);
    // 2000000000: 10, 11 - 10 = 1; 2000000001: 12 % 11 = 1, 11 - 1 = 10 → 0.
    expect(rucCheckDigit('2000000001')).toBe(0);
    // 2000000010: 10 + 3 = 13 → 2, 9; 1000000005: 5 + 10 = 15 → 4, 7.
    expect(rucCheckDigit('2000000010')).toBe(9);
  });

  it('a RUC with its own check digit is valid, with any other digit it is not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('10', '15', '16', '17', '20'),
        fc.stringMatching(/^\d{8}$/),
        fc.integer({ min: 1, max: 9 }),
        (kind, body, shift) => {
          const ten = kind + body;
          const check = rucCheckDigit(ten);
          expect(isValidRuc(ten + String(check))).toBe(true);
          expect(isValidRuc(ten + String((check + shift) % 10))).toBe(false);
        },
      ),
    );
  });
});
