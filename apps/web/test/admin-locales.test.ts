import { describe, expect, it } from 'vitest';
import en from '../src/features/admin/locales/en.json';
import es from '../src/features/admin/locales/es.json';

/** Every key path of a nested catalogue, plural suffixes kept. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    keys(inner, prefix ? `${prefix}.${key}` : key),
  );
}

describe("the back office's texts", () => {
  it('has every English text in Spanish and no other', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it('has no empty text', () => {
    const texts = (value: unknown): unknown[] =>
      typeof value === 'object' && value !== null ? Object.values(value).flatMap(texts) : [value];
    for (const catalogue of [en, es]) {
      expect(
        texts(catalogue).filter((text) => typeof text !== 'string' || text.trim() === ''),
      ).toEqual([]);
    }
  });
});
