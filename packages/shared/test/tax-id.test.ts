import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DNI_PATTERN, isValidRuc, RUC_PATTERN, rucCheckDigit } from '../src/rules/tax-id.ts';

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

  it('refuses a valid RUC with a digit before it, even when the first ten then check out', () => {
    // 5 + 20131312955: its last 11 digits are a valid RUC, and 5201313129's check digit is its
    // eleventh character (5); the pattern is anchored at the start, so it is not a RUC.
    expect(rucCheckDigit('5201313129')).toBe(5);
    expect(RUC_PATTERN.test('520131312955')).toBe(false);
    expect(isValidRuc('520131312955')).toBe(false);
    expect(isValidRuc('720000000011')).toBe(false);
  });

  it('reads only the first ten digits for the check digit', () => {
    expect(rucCheckDigit('2013131295')).toBe(5);
    expect(rucCheckDigit('20131312955')).toBe(5);
    expect(rucCheckDigit('2013131295999')).toBe(5);
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

describe('DNI', () => {
  it('is exactly eight digits', () => {
    expect(DNI_PATTERN.test('12345678')).toBe(true);
    expect(DNI_PATTERN.test('00000000')).toBe(true);
    expect(DNI_PATTERN.test('1234567')).toBe(false);
    expect(DNI_PATTERN.test('123456789')).toBe(false);
    expect(DNI_PATTERN.test('a12345678')).toBe(false);
    expect(DNI_PATTERN.test('12345678a')).toBe(false);
    expect(DNI_PATTERN.test('abcdefgh')).toBe(false);
    expect(DNI_PATTERN.test('1')).toBe(false);
    expect(DNI_PATTERN.test('')).toBe(false);
  });

  it('property: a string is a DNI exactly when it is 8 characters, all digits', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('0', '7', '9', 'a', ' ', '-'), maxLength: 10 }),
        (text) => {
          expect(DNI_PATTERN.test(text)).toBe(
            text.length === 8 && [...text].every((c) => c >= '0' && c <= '9'),
          );
        },
      ),
    );
  });
});
