import { CustomerTypeId, type CustomerTypeKey, tourFamilyOrder } from '@cusco/shared';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import classicIncaTrail from '../src/seed/content/tours/classic-inca-trail.json' with {
  type: 'json',
};
import {
  checkReferences,
  referenceLists,
  serviceCatalogue,
  tourCatalogue,
} from '../src/seed/content.ts';
import {
  type Bilingual,
  type CategoryKey,
  parseSeedFile,
  referenceSeed,
  SeedFileError,
  type TourSeed,
  tourSeed,
} from '../src/seed/schemas.ts';

/**
 * Consistency of the demo catalogue (seed data). Each check collects every offending tour, so a
 * failure lists all of them at once instead of stopping at the first.
 */

const customerTypes = Object.keys(CustomerTypeId) as CustomerTypeKey[];
const codes = new Set(tourCatalogue.map((tour) => tour.code));
const serviceKeys = new Set(serviceCatalogue.map((service) => service.key));

const problems = (check: (tour: TourSeed) => string[]) =>
  tourCatalogue.flatMap((tour) => check(tour).map((problem) => `${tour.code}: ${problem}`));

const isWholeDollars = (value: number) => Number.isInteger(value) && value >= 0;

/** Values that occur more than once. */
const duplicates = (values: string[]) =>
  values.filter((value, index) => values.indexOf(value) !== index);

/** Every Bilingual text of a tour, with where it comes from. */
function texts(tour: TourSeed): [string, Bilingual][] {
  return [
    ['name', tour.name],
    ...tour.services.map((offer, i): [string, Bilingual] => [`services[${i}].label`, offer.label]),
    ...tour.itinerary.map((entry, i): [string, Bilingual] => [`itinerary[${i}]`, entry.name]),
    ...tour.included.map((text, i): [string, Bilingual] => [`included[${i}]`, text]),
    ...tour.notIncluded.map((text, i): [string, Bilingual] => [`notIncluded[${i}]`, text]),
  ];
}

describe('demo tour catalogue', () => {
  it('has at least 8 tours', () => {
    expect(tourCatalogue.length).toBeGreaterThanOrEqual(8);
  });

  it('has six-digit, unique codes', () => {
    expect(
      problems((tour) => (/^\d{6}$/.test(tour.code) ? [] : ['code is not six digits'])),
    ).toEqual([]);
    expect(duplicates(tourCatalogue.map((tour) => tour.code)), 'duplicate tour codes').toEqual([]);
  });

  it('has at least one tour in each family', () => {
    const missing = tourFamilyOrder.filter(
      (family) => !tourCatalogue.some((tour) => tour.family === family),
    );
    expect(missing, 'families without tours').toEqual([]);
  });

  it('relates tours only to other existing tours', () => {
    expect(
      problems((tour) => [
        ...tour.related
          .filter((code) => !codes.has(code))
          .map((code) => `related ${code} does not exist`),
        ...(tour.related.includes(tour.code) ? ['related to itself'] : []),
        ...(new Set(tour.related).size === tour.related.length ? [] : ['duplicate related code']),
      ]),
    ).toEqual([]);
  });

  it('offers only services of the services catalogue, with whole-dollar prices', () => {
    expect(
      duplicates(serviceCatalogue.map((service) => service.key)),
      'duplicate service keys',
    ).toEqual([]);
    expect(
      problems((tour) =>
        tour.services.flatMap((offer) => [
          ...(serviceKeys.has(offer.service)
            ? []
            : [`service ${offer.service} is not in the catalogue`]),
          ...(isWholeDollars(offer.price) ? [] : [`service ${offer.service} price ${offer.price}`]),
        ]),
      ),
    ).toEqual([]);
  });

  it('has names whose D/N suffix matches days and nights', () => {
    expect(
      problems((tour) => {
        const out: string[] = [];
        if (!Number.isInteger(tour.days) || tour.days < 1) out.push(`days ${tour.days}`);
        if (tour.nights !== tour.days - 1 && tour.nights !== tour.days)
          out.push(`${tour.days} days with ${tour.nights} nights`);
        for (const language of ['en', 'es'] as const) {
          const match = /(\d+)D\/(\d+)N/.exec(tour.name[language]);
          if (match && (Number(match[1]) !== tour.days || Number(match[2]) !== tour.nights))
            out.push(`name.${language} "${tour.name[language]}" vs ${tour.days}D/${tour.nights}N`);
        }
        return out;
      }),
    ).toEqual([]);
  });

  it('has an itinerary that covers days 1..days exactly, without gaps', () => {
    expect(
      problems((tour) => {
        const days = [...new Set(tour.itinerary.map((entry) => entry.day))].sort((a, b) => a - b);
        const expected = Array.from({ length: tour.days }, (_, i) => i + 1);
        return JSON.stringify(days) === JSON.stringify(expected)
          ? []
          : [`itinerary days ${days.join(',')} instead of ${expected.join(',')}`];
      }),
    ).toEqual([]);
  });

  it('has hotelNights between 1 and nights exactly when it has hotels', () => {
    expect(
      problems((tour) => {
        const hotelPrices = Object.entries(tour.hotels ?? {}).flatMap(([hotel, rooms]) =>
          Object.entries(rooms ?? {}).map(([room, price]) => ({ hotel, room, price })),
        );
        if (tour.hotels === undefined)
          return tour.hotelNights === undefined || tour.hotelNights === 0
            ? []
            : [`hotelNights ${tour.hotelNights} without hotels`];
        const out: string[] = [];
        if (hotelPrices.length === 0) out.push('hotels without any room price');
        const nights = tour.hotelNights ?? 0;
        if (!Number.isInteger(nights) || nights < 1 || nights > tour.nights)
          out.push(`hotelNights ${tour.hotelNights} not in 1..${tour.nights}`);
        for (const { hotel, room, price } of hotelPrices)
          if (!isWholeDollars(price)) out.push(`hotel ${hotel}/${room} price ${price}`);
        return out;
      }),
    ).toEqual([]);
  });

  it('prices every tier of every type for all four customer types in whole dollars', () => {
    expect(
      problems((tour) => {
        const out: string[] = [];
        if (tour.types.length === 0) out.push('no tour types');
        for (const type of Object.keys(tour.prices))
          if (!tour.types.includes(type as TourSeed['types'][number]))
            out.push(`prices for ${type}, which is not one of its types`);
        for (const type of tour.types) {
          const tiers = Object.entries(tour.prices[type] ?? {});
          if (tiers.length === 0) out.push(`no price tiers for ${type}`);
          for (const [size, prices] of tiers) {
            if (!Number.isInteger(Number(size)) || Number(size) < 1)
              out.push(`${type} tier size ${size}`);
            const keys = Object.keys(prices).sort();
            if (JSON.stringify(keys) !== JSON.stringify([...customerTypes].sort()))
              out.push(`${type}/${size} customer types ${keys.join(',')}`);
            for (const customerType of customerTypes) {
              const price = prices[customerType];
              if (!isWholeDollars(price))
                out.push(`${type}/${size}/${customerType} price ${price}`);
            }
          }
        }
        for (const [category, surcharge] of Object.entries(tour.categorySurcharge ?? {})) {
          if (!tour.categories.includes(category as CategoryKey))
            out.push(`surcharge for ${category}, which is not one of its categories`);
          if (!isWholeDollars(surcharge ?? -1)) out.push(`surcharge ${category} ${surcharge}`);
        }
        return out;
      }),
    ).toEqual([]);
  });

  it('never charges an adult more per person as the group grows', () => {
    expect(
      problems((tour) =>
        tour.types.flatMap((type) => {
          const tiers = Object.entries(tour.prices[type] ?? {})
            .map(([size, prices]) => ({ size: Number(size), adult: prices.adult }))
            .sort((a, b) => a.size - b.size);
          return tiers.flatMap((tier, i) => {
            const previous = tiers[i - 1];
            return previous && tier.adult > previous.adult
              ? [
                  `${type}: ${tier.size} pax pay ${tier.adult} > ${previous.adult} for ${previous.size}`,
                ]
              : [];
          });
        }),
      ),
    ).toEqual([]);
  });

  it('uses hotel categories for the Machu Picchu family and languages for the others', () => {
    const hotelCategories: CategoryKey[] = ['touristHotel', 'superiorHotel'];
    const languages: CategoryKey[] = ['english', 'spanish'];
    expect(
      problems((tour) => {
        const allowed = tour.family === 'machuPicchu' ? hotelCategories : languages;
        const out = tour.categories
          .filter((category) => !allowed.includes(category))
          .map((category) => `category ${category} in family ${tour.family}`);
        if (tour.categories.length === 0) out.push('no categories');
        if (new Set(tour.categories).size !== tour.categories.length)
          out.push('duplicate category');
        return out;
      }),
    ).toEqual([]);
  });

  it('has every text in English and Spanish, and most of them translated', () => {
    expect(
      problems((tour) => {
        const all = texts(tour);
        const out = all
          .filter(([, text]) => !text.en?.trim() || !text.es?.trim())
          .map(([where]) => `${where} is empty in one language`);
        const differing = all.filter(([, text]) => text.en.trim() !== text.es.trim()).length;
        if (differing < 0.8 * all.length)
          out.push(`only ${differing} of ${all.length} texts differ between en and es`);
        return out;
      }),
    ).toEqual([]);
  });

  it('has every service of the catalogue named and described in both languages', () => {
    const out = serviceCatalogue.flatMap((service) =>
      [service.name, service.description]
        .filter((text) => !text.en.trim() || !text.es.trim() || text.en === text.es)
        .map(() => `${service.key}: missing or untranslated text`),
    );
    expect(out).toEqual([]);
  });
});

describe('seed data files', () => {
  const file = 'apps/api/src/seed/content/tours/classic-inca-trail.json';

  /** The Classic Inca Trail's file with some fields set (or, to undefined, removed). */
  function edited(...changes: [path: (string | number)[], value: unknown][]): unknown {
    const tour = JSON.parse(JSON.stringify(classicIncaTrail)) as unknown;
    for (const [path, value] of changes) {
      const parent = path
        .slice(0, -1)
        .reduce(
          (node, part) => node[part] as Record<string | number, unknown>,
          tour as Record<string | number, unknown>,
        );
      const last = path[path.length - 1] as string | number;
      if (value === undefined) delete parent[last];
      else parent[last] = value;
    }
    return tour;
  }

  /** The message a seed file's content is refused with. */
  function refusal(content: unknown, schema: z.core.$ZodType = tourSeed): string {
    try {
      parseSeedFile(file, schema, content);
    } catch (error) {
      if (error instanceof SeedFileError) return error.message;
      throw error;
    }
    throw new Error('the file was accepted');
  }

  it('reads a well-formed file as it is', () => {
    expect(parseSeedFile(file, tourSeed, edited())).toEqual(classicIncaTrail);
  });

  it('refuses a malformed file with a message naming the file and the field', () => {
    expect(refusal(edited([['prices', 'group', '4', 'adult'], '760']))).toBe(
      `The seed file ${file} is not valid:\n` +
        '  prices.group.4.adult: Invalid input: expected number, received string',
    );
  });

  it('names every wrong field at once: misspelt, missing, mistyped, out of range', () => {
    const message = refusal(
      edited(
        [['maxGroupsize'], 16],
        [['maxGroupSize'], undefined],
        [['itinerary', 2, 'name', 'es'], ' '],
        [['services', 1, 'price'], 19.5],
        [['prices', 'private', '0'], { adult: 1, student: 1, child: 1, baby: 0 }],
        [['prices', 'shared'], {}],
        [['prices', 'group', '8', 'baby'], undefined],
        [['categories', 2], 'french'],
      ),
    );
    expect(message.split('\n').slice(1).sort()).toEqual(
      [
        '  maxGroupSize: is missing (expected number)',
        '  maxGroupsize: is not a known field',
        '  itinerary[2].name.es: must not be empty',
        '  services[1].price: must be whole US dollars',
        '  prices.private.0: is not a valid key (must be a group size from 1)',
        '  prices.shared: is not a known field',
        '  prices.group.8.baby: is missing (expected number)',
        '  categories[2]: Invalid option: expected one of "english"|"spanish"|"touristHotel"|"superiorHotel"',
      ].sort(),
    );
  });

  it('refuses a reference list that repeats a key or leaves one of a closed set out', () => {
    const lists = JSON.parse(JSON.stringify(referenceLists));
    lists.roomTypes = [
      { key: 'single', name: { en: 'Single room', es: 'Habitación simple' } },
      { key: 'single', name: { en: 'Double room', es: 'Habitación doble' } },
    ];
    const message = refusal(lists, referenceSeed);
    expect(message).toContain('roomTypes[1].key: "single" comes twice');
    expect(message).toContain('roomTypes: "double" is missing');
    expect(message).toContain('roomTypes: "triple" is missing');
  });

  it('refuses a tour whose code is taken or whose services or related tours are unknown', () => {
    const tour = tourSeed.parse(
      edited(
        [['code'], '100201'],
        [['services', 0, 'service'], 'sleepingbag'],
        [['related', 1], '999999'],
      ),
    );
    const catalogue = tourCatalogue.map((other) => ({ file: `${other.code}.json`, tour: other }));
    expect(() => checkReferences({ file, tour }, catalogue)).toThrow(
      `The seed file ${file} is not valid:\n` +
        '  code: "100201" is also the code of 100201.json\n' +
        '  services[0].service: "sleepingbag" is not a key of services.json\n' +
        '  related[1]: no tour has the code "999999"',
    );
  });
});
