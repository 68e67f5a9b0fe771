import { describe, expect, it } from 'vitest';
import { bookingPageLanguage, pageLanguageOf } from '../src/lib/page-language.ts';

describe("a booking page's language (spec §2)", () => {
  it('is English for 0 or none, Spanish for 1, an error otherwise', () => {
    expect(bookingPageLanguage(undefined)).toBe('en');
    expect(bookingPageLanguage('0')).toBe('en');
    expect(bookingPageLanguage('1')).toBe('es');
    expect(bookingPageLanguage('7')).toBe('invalid');
  });

  it('is loaded before the app starts only for an address that names one', () => {
    expect(pageLanguageOf('#/booking/100401')).toEqual(['en']);
    expect(pageLanguageOf('#/booking/100401/1?step=2')).toEqual(['es']);
    expect(pageLanguageOf('#/booking/100401/7')).toEqual([]);
    expect(pageLanguageOf('#/login')).toEqual([]);
    expect(pageLanguageOf('')).toEqual([]);
  });
});
