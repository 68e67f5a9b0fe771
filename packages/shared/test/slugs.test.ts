import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPageLanguage,
  isSlug,
  SLUG_MAX_LENGTH,
  slugWords,
  tourSlug,
} from '../src/rules/slugs.ts';

/** No slug is another tour's. */
const free = () => false;

describe('tourSlug', () => {
  it('is the name and the length, as the issue spells it', () => {
    expect(tourSlug({ name: 'Classic Inca Trail', days: 4, nights: 3 }, free)).toBe(
      'classic-inca-trail-4d-3n',
    );
    expect(tourSlug({ name: 'Camino Inca Clásico', days: 4, nights: 3 }, free)).toBe(
      'camino-inca-clasico-4d-3n',
    );
  });

  it('drops accents, turns ñ into n and joins an apostrophe to its word', () => {
    expect(slugWords('Caminata a Ñaupa Iglesia — Ausangate')).toBe(
      'caminata-a-naupa-iglesia-ausangate',
    );
    expect(slugWords("Salkantay's Trek: Día Único")).toBe('salkantays-trek-dia-unico');
    expect(slugWords('Machu Picchu ’Full Day’ (2×)')).toBe('machu-picchu-full-day-2');
  });

  it('does not repeat a length the name already gives', () => {
    expect(tourSlug({ name: 'Choquequirao Trek 4D/3N', days: 4, nights: 3 }, free)).toBe(
      'choquequirao-trek-4d-3n',
    );
    expect(tourSlug({ name: 'Lares Trek 3D/2N', days: 4, nights: 3 }, free)).toBe(
      'lares-trek-3d-2n-4d-3n',
    );
    expect(tourSlug({ name: '4D/3N', days: 4, nights: 3 }, free)).toBe('tour-4d-3n');
    expect(
      tourSlug(
        { name: 'Machu Picchu 2D/1N with a night in Aguas Calientes', days: 2, nights: 1 },
        free,
      ),
    ).toBe('machu-picchu-with-a-night-in-aguas-calientes-2d-1n');
  });

  it('writes a day trip without nights', () => {
    expect(tourSlug({ name: 'Machu Picchu Full Day', days: 1, nights: 0 }, free)).toBe(
      'machu-picchu-full-day-1d',
    );
  });

  it('adds -2, -3… when the slug belongs to another tour', () => {
    const taken = new Set(['lares-trek-4d-3n', 'lares-trek-4d-3n-2']);
    expect(tourSlug({ name: 'Lares Trek', days: 4, nights: 3 }, (slug) => taken.has(slug))).toBe(
      'lares-trek-4d-3n-3',
    );
  });

  it('names a tour whose name has no letters', () => {
    expect(tourSlug({ name: '¡¿…?!', days: 2, nights: 1 }, free)).toBe('tour-2d-1n');
  });

  it('shortens a long name at a word, keeping the length', () => {
    const slug = tourSlug({ name: 'Inca Trail '.repeat(20), days: 4, nights: 3 }, free);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toMatch(/^inca-trail-.*-4d-3n$/);
    expect(slug).not.toMatch(/--/);
  });

  it('cuts a long name at its last word past the middle, keeping the length', () => {
    // "words-" twelve times is 72 characters; the 74 the name may take end in the middle of the
    // thirteenth word, which is left out.
    expect(tourSlug({ name: 'Words '.repeat(20), days: 4, nights: 3 }, free)).toBe(
      `${'words-'.repeat(12)}4d-3n`,
    );
    // A word that ends at the middle (37 of 74) is not a place to cut: the name is cut at 74.
    expect(
      tourSlug({ name: `${'a'.repeat(37)} ${'b'.repeat(60)}`, days: 4, nights: 3 }, free),
    ).toBe(`${'a'.repeat(37)}-${'b'.repeat(36)}-4d-3n`);
    // One very long word: cut at 74, where the room ends.
    expect(tourSlug({ name: 'x'.repeat(100), days: 4, nights: 3 }, free)).toBe(
      `${'x'.repeat(74)}-4d-3n`,
    );
  });

  it('keeps a name that fills the room exactly, and one past its middle, whole', () => {
    const fills = `${'a'.repeat(40)} ${'b'.repeat(33)}`; // 74 characters as a slug
    expect(tourSlug({ name: fills, days: 4, nights: 3 }, free)).toBe(
      `${'a'.repeat(40)}-${'b'.repeat(33)}-4d-3n`,
    );
    expect(tourSlug({ name: fills, days: 4, nights: 3 }, free)).toHaveLength(SLUG_MAX_LENGTH);
    expect(
      tourSlug({ name: `${'a'.repeat(40)} ${'b'.repeat(10)}`, days: 4, nights: 3 }, free),
    ).toBe(`${'a'.repeat(40)}-${'b'.repeat(10)}-4d-3n`);
  });

  it('spells the letters without an accent to take off as ASCII', () => {
    expect(slugWords('Straße Æble Søren')).toBe('strasse-aeble-soren');
  });

  it('always gives a valid slug (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 0, max: 98 }),
        fc.integer({ min: 0, max: 12 }),
        (name, days, nights, clashes) => {
          let left = clashes;
          const slug = tourSlug({ name, days, nights }, () => left-- > 0);
          expect(isSlug(slug)).toBe(true);
        },
      ),
    );
  });
});

describe('isSlug and isPageLanguage', () => {
  it('refuses what no slug looks like', () => {
    for (const bad of ['', 'A-b', 'a--b', '-a', 'a-', 'a/b', 'a\u0000b', 'x'.repeat(81), 'ñu']) {
      expect(isSlug(bad)).toBe(false);
    }
    expect(isSlug('classic-inca-trail-4d-3n')).toBe(true);
    expect(isSlug('x'.repeat(80))).toBe(true);
  });

  it('knows the two languages', () => {
    expect(isPageLanguage('es')).toBe(true);
    expect(isPageLanguage('en')).toBe(true);
    expect(isPageLanguage('fr')).toBe(false);
    expect(isPageLanguage('EN')).toBe(false);
  });
});
