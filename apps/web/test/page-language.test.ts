import { describe, expect, it } from 'vitest';
import { bookingPageLanguage, pageLanguageOf } from '../src/lib/page-language.ts';

describe("a booking page's language (spec §2)", () => {
  it('is English for 0 or none, Spanish for 1, an error otherwise', () => {
    expect(bookingPageLanguage(undefined)).toBe('en');
    expect(bookingPageLanguage('0')).toBe('en');
    expect(bookingPageLanguage('1')).toBe('es');
    expect(bookingPageLanguage('7')).toBe('invalid');
  });

  it('is the one the app starts in only for an address that names one', () => {
    expect(pageLanguageOf('#/booking/100401')).toBe('en');
    expect(pageLanguageOf('#/booking/100401/1?step=2')).toBe('es');
    expect(pageLanguageOf('#/booking/100401/7')).toBeUndefined();
    expect(pageLanguageOf('#/login')).toBeUndefined();
    expect(pageLanguageOf('')).toBeUndefined();
  });
});
