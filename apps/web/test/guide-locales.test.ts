import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../src/features/guide/locales/en.json';
import es from '../src/features/guide/locales/es.json';

/** Every key path of a nested catalogue, plural suffixes dropped. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    keys(inner, prefix ? `${prefix}.${key}` : key),
  );
}

describe("the guide's app's texts (issue 32)", () => {
  it('has every English text in Spanish and no other, none empty', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
    for (const catalogue of [en, es]) {
      const texts = keys(catalogue).map((path) =>
        path
          .split('.')
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], catalogue),
      );
      expect(texts.filter((text) => typeof text !== 'string' || text.trim() === '')).toEqual([]);
    }
  });

  it('has every text the screens ask for (guide:… keys in the source)', () => {
    const root = fileURLToPath(new URL('../src/features/guide/', import.meta.url));
    const source = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => readFileSync(join(root, file), 'utf8'))
      .join('\n');
    const asked = [...source.matchAll(/t\('guide:([\w.]+)'/g)].map((match) => match[1] ?? '');
    expect(asked.length).toBeGreaterThan(40);
    const known = new Set(keys(en).map((key) => key.replace(/_(one|other)$/, '')));
    expect(asked.filter((key) => !known.has(key))).toEqual([]);
    // The scan outcomes are asked by kind (`guide:scan.${kind}` and its Title).
    for (const kind of ['notVoucher', 'forged', 'unknownKey', 'otherDeparture', 'cancelled']) {
      expect(known.has(`scan.${kind}`) && known.has(`scan.${kind}Title`), kind).toBe(true);
    }
  });
});
