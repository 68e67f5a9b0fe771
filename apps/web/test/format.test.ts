import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney } from '../src/lib/format.ts';

/** The formatters kept per language (lib/format.ts) answer as new ones would, in each language. */
describe('formatMoney and formatDateTime', () => {
  it('formats US dollars in each language, alternating, as a new formatter does', () => {
    for (const [amount, language, locale] of [
      [1290, 'en', 'en-US'],
      [1290, 'es', 'es-PE'],
      [0.5, 'en', 'en-US'],
      [1234567.891, 'es', 'es-PE'],
    ] as const) {
      const fresh = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
      expect(formatMoney(amount, language)).toBe(fresh.format(amount));
    }
    expect(formatMoney(1290, 'en')).toBe('$1,290.00');
    // Spanish writes the currency's code or symbol before the amount, as the ICU at hand says.
    expect(formatMoney(1290, 'es')).toMatch(/^US(D|\$)\s?1,290\.00$/);
  });

  it('formats a moment in each language', () => {
    const moment = Date.UTC(2026, 10, 28, 15, 4);
    const en = formatDateTime(moment, 'en');
    const es = formatDateTime(new Date(moment).toISOString(), 'es');
    expect(en).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(moment),
    );
    expect(es).toBe(
      new Intl.DateTimeFormat('es-PE', { dateStyle: 'medium', timeStyle: 'short' }).format(moment),
    );
    expect(en).not.toBe(es);
  });
});
