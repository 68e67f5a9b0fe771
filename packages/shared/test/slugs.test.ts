import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPageLanguage,
  isSlug,
  SLUG_MAX_LENGTH,
  slugWords,
  tourSlug,
} from '../src/rules/slugs.ts';

describe('tourSlug', () => {
  it('is the name and the length, as the issue spells it', () => {
    expect(tourSlug({ name: 'Classic Inca Trail', days: 4, nights: 3 })).toBe(
      'classic-inca-trail-4d-3n',
    );
    expect(tourSlug({ name: 'Camino Inca Clásico', days: 4, nights: 3 })).toBe(
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
    expect(tourSlug({ name: 'Choquequirao Trek 4D/3N', days: 4, nights: 3 })).toBe(
      'choquequirao-trek-4d-3n',
    );
    expect(tourSlug({ name: 'Lares Trek 3D/2N', days: 4, nights: 3 })).toBe(
      'lares-trek-3d-2n-4d-3n',
    );
    expect(tourSlug({ name: '4D/3N', days: 4, nights: 3 })).toBe('tour-4d-3n');
    expect(
      tourSlug({ name: 'Machu Picchu 2D/1N with a night in Aguas Calientes', days: 2, nights: 1 }),
    ).toBe('machu-picchu-with-a-night-in-aguas-calientes-2d-1n');
  });

  it('writes a day trip without nights', () => {
    expect(tourSlug({ name: 'Machu Picchu Full Day', days: 1, nights: 0 })).toBe(
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
    expect(tourSlug({ name: '¡¿…?!', days: 2, nights: 1 })).toBe('tour-2d-1n');
  });

  it('shortens a long name at a word, keeping the length', () => {
    const slug = tourSlug({ name: 'Inca Trail '.repeat(20), days: 4, nights: 3 });
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toMatch(/^inca-trail-.*-4d-3n$/);
    expect(slug).not.toMatch(/--/);
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
  });

  it('knows the two languages', () => {
    expect(isPageLanguage('es')).toBe(true);
    expect(isPageLanguage('en')).toBe(true);
    expect(isPageLanguage('fr')).toBe(false);
    expect(isPageLanguage('EN')).toBe(false);
  });
});
