import {
  CustomerTypeId,
  crewRoleList,
  IncidentStatusId,
  IncidentTypeId,
  optionListKeys,
  purchaseKinds,
  TourFamilyId,
} from '@cusco/shared';
import * as z from 'zod/mini';

/**
 * The shapes of the seed's data files (content/*.json), checked when they are loaded; the
 * seed's types are derived from them. Objects are strict: a misspelt field is an error, not a
 * field silently left out.
 */

/** The keys of one of the shared id maps (CustomerTypeId…), as an enum. */
const keysOf = <T extends Record<string, string>>(ids: T) =>
  z.enum(Object.keys(ids) as [keyof T & string, ...(keyof T & string)[]]);

const text = z.string().check(z.regex(/\S/, 'must not be empty'));
/** A text in both languages of the product. */
export const bilingual = z.strictObject({ en: text, es: text });
export type Bilingual = z.infer<typeof bilingual>;

/** A price in whole US dollars. */
const dollars = z
  .number()
  .check(z.int('must be whole US dollars'), z.minimum(0, 'must not be negative'));
const tourCode = z.string().check(z.regex(/^\d{6}$/, 'must be six digits'));
/** The key of a list item (a service, an occupation, an option): it makes the row's stable id. */
const itemKey = z
  .string()
  .check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words and hyphens'));

// Closed sets of keys: those whose ids are fixed in @cusco/shared, and those the seed names.
const customerTypeKey = keysOf(CustomerTypeId);
const tourFamilyKey = keysOf(TourFamilyId);
const incidentTypeKey = keysOf(IncidentTypeId);
const incidentStatusKey = keysOf(IncidentStatusId);
export const tourTypeKey = z.enum(['group', 'private']);
/** Guide languages for treks and trails; hotel categories for the Machu Picchu family. */
export const categoryKey = z.enum(['english', 'spanish', 'touristHotel', 'superiorHotel']);
export type CategoryKey = z.infer<typeof categoryKey>;
export const hotelTypeKey = z.enum(['tourist3', 'superior4', 'luxury5']);
export type HotelTypeKey = z.infer<typeof hotelTypeKey>;
export const roomTypeKey = z.enum(['single', 'double', 'triple']);
export type RoomTypeKey = z.infer<typeof roomTypeKey>;

/** Price per passenger in whole US dollars, for each of the four customer types. */
const passengerPrices = z.record(customerTypeKey, dollars);

/**
 * A check that each item's key comes once (a repeated key would be one row with two meanings)
 * and, for a closed set of keys, that every one of them is there.
 */
function keyedOnce(complete: readonly string[] = []) {
  return (items: { key: string }[], context: z.core.$RefinementCtx<{ key: string }[]>) => {
    items.forEach((item, index) => {
      if (items.findIndex((other) => other.key === item.key) !== index)
        context.addIssue({
          code: 'custom',
          path: [index, 'key'],
          message: `"${item.key}" comes twice`,
        });
    });
    for (const key of complete)
      if (!items.some((item) => item.key === key))
        context.addIssue({ code: 'custom', message: `"${key}" is missing` });
  };
}

/** An item of a named list; its key makes its row's id. */
const named = <K extends z.core.$ZodType<string>>(key: K) =>
  z.strictObject({ key, name: bilingual });

/** content/tours/*.json: one tour of the demo catalogue. */
export const tourSeed = z.strictObject({
  /** A note for whoever edits the file; not seeded. */
  $comment: z.optional(z.string()),
  /** Six digits, unique. */
  code: tourCode,
  family: tourFamilyKey,
  name: bilingual,
  days: z.int().check(z.minimum(1)),
  nights: z.int().check(z.minimum(0)),
  /** The most passengers one booking may carry. */
  maxGroupSize: z.int().check(z.minimum(1)),
  /** When it runs and how many it takes (issue 14); by default every day, without limits. */
  availability: z.optional(
    z.strictObject({
      /** Whole days between booking and travel, at least. */
      leadDays: z.int().check(z.minimum(0), z.maximum(365)),
      /** Months (1–12) it does not run. */
      closedMonths: z.optional(z.array(z.int().check(z.minimum(1), z.maximum(12)))),
      /** Days of the week it runs (0 = Sunday); every day by default. */
      weekdays: z.optional(
        z.array(z.int().check(z.minimum(0), z.maximum(6))).check(z.minLength(1)),
      ),
      /** Seats of each group departure; private groups a day takes. */
      capacity: z.int().check(z.minimum(0), z.maximum(999)),
      privateGroups: z.int().check(z.minimum(0), z.maximum(99)),
      /** Trail permits the agency holds a day, and the staff walking with each traveller. */
      permits: z.optional(z.int().check(z.minimum(0), z.maximum(9999))),
      staffRatio: z.optional(z.number().check(z.minimum(0), z.maximum(10))),
      /** The crew rule (issue 29): a guide for every so many travellers, cooks, porters each. */
      guideEvery: z.optional(z.int().check(z.minimum(0), z.maximum(99))),
      cooks: z.optional(z.int().check(z.minimum(0), z.maximum(20))),
      portersPerTraveller: z.optional(z.number().check(z.minimum(0), z.maximum(10))),
    }),
  ),
  /**
   * What is bought per person for each departure (issue 29): the kind, its details (an entry's
   * circuit, route and hour; a train's direction, time and class; a bus's direction), the days
   * before travel it is bought by, and the crew roles that need it too.
   */
  purchaseItems: z.optional(
    z.array(
      z.strictObject({
        kind: z.enum(purchaseKinds),
        details: z.optional(z.record(z.string(), z.string())),
        buyDaysBefore: z.int().check(z.minimum(0), z.maximum(400)),
        crewRoles: z.optional(z.array(z.enum(crewRoleList))),
      }),
    ),
  ),
  types: z.array(tourTypeKey).check(z.minLength(1)),
  categories: z.array(categoryKey).check(z.minLength(1)),
  /**
   * Group-size price tiers per tour type: `{ "group": { "1": {...}, "4": {...}, "8": {...} } }`.
   * A tier applies from its size up to the next tier's (groups of 1–3 pay the first here); the
   * seed stores one row per group size up to the largest tier, and larger groups pay the largest
   * tier (spec §9: the row whose quantity equals the group size, else the largest one).
   */
  prices: z.partialRecord(
    tourTypeKey,
    z.record(
      z.string().check(z.regex(/^[1-9]\d*$/, 'must be a group size from 1')),
      passengerPrices,
    ),
  ),
  /** Extra dollars per passenger for a category (e.g. the superior hotel), added to every row but babies'. */
  categorySurcharge: z.optional(z.partialRecord(categoryKey, dollars)),
  /** Nights of hotel per room booked (spec "hotelNight"). */
  hotelNights: z.optional(z.int().check(z.minimum(1))),
  /** Price per room and night, by hotel category and room type, in whole US dollars. */
  hotels: z.optional(z.partialRecord(hotelTypeKey, z.partialRecord(roomTypeKey, dollars))),
  /** Additional services offered with this tour: keys of the services catalogue, with prices. */
  services: z.array(z.strictObject({ service: itemKey, label: bilingual, price: dollars })),
  /** Codes of related tours. */
  related: z.array(tourCode),
  /** Day-by-day programme; several entries may share a day. */
  itinerary: z
    .array(z.strictObject({ day: z.int().check(z.minimum(1)), name: bilingual }))
    .check(z.minLength(1)),
  included: z.array(bilingual),
  notIncluded: z.array(bilingual),
});
export type TourSeed = z.infer<typeof tourSeed>;

/** content/services.json: the extras sold with the tours; each tour offers some at its own price. */
export const serviceCatalogueSeed = z
  .array(
    z.strictObject({
      key: itemKey,
      name: bilingual,
      description: bilingual,
      /** Shown among "other tours" rather than additional services. */
      isTour: z.boolean(),
    }),
  )
  .check(z.superRefine(keyedOnce()));
export type ServiceSeed = z.infer<typeof serviceCatalogueSeed>[number];

/** content/reference.json: the lists every installation needs, demo or not, in display order. */
export const referenceSeed = z.strictObject({
  customerTypes: z
    .array(z.strictObject({ key: customerTypeKey, name: bilingual, description: bilingual }))
    .check(z.superRefine(keyedOnce(customerTypeKey.options))),
  tourFamilies: z
    .array(named(tourFamilyKey))
    .check(z.superRefine(keyedOnce(tourFamilyKey.options))),
  tourTypes: z.array(named(tourTypeKey)).check(z.superRefine(keyedOnce(tourTypeKey.options))),
  categories: z.array(named(categoryKey)).check(z.superRefine(keyedOnce(categoryKey.options))),
  hotelTypes: z.array(named(hotelTypeKey)).check(z.superRefine(keyedOnce(hotelTypeKey.options))),
  roomTypes: z.array(named(roomTypeKey)).check(z.superRefine(keyedOnce(roomTypeKey.options))),
  incidentTypes: z
    .array(named(incidentTypeKey))
    .check(z.superRefine(keyedOnce(incidentTypeKey.options))),
  incidentStatuses: z
    .array(named(incidentStatusKey))
    .check(z.superRefine(keyedOnce(incidentStatusKey.options))),
  /** The spec's "jobs": a passenger's occupation. */
  occupations: z.array(named(itemKey)).check(z.superRefine(keyedOnce())),
  /** The option lists of the passenger form (sex, DocumentType, MaritalStatus…). */
  optionLists: z.record(
    z.enum(optionListKeys),
    z.array(named(itemKey)).check(z.superRefine(keyedOnce())),
  ),
});
export type ReferenceSeed = z.infer<typeof referenceSeed>;

/** `prices.group.1.adult`, `itinerary[3].name.es`: where an issue lies in a file. */
function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index > 0 ? '.' : ''}${String(part)}`,
    )
    .join('');
}

/** The value at a path of parsed JSON, or undefined where there is none. */
function valueAt(content: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (node, part) =>
      node !== null && typeof node === 'object'
        ? (node as Record<PropertyKey, unknown>)[part]
        : undefined,
    content,
  );
}

/** One line per problem: the field, then what is wrong with it. */
function problems(error: z.core.$ZodError, content: unknown): string[] {
  return error.issues.flatMap((issue) => {
    const field = fieldName(issue.path) || '(the whole file)';
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => `${fieldName([...issue.path, key])}: is not a known field`);
    if (issue.code === 'invalid_key')
      return [
        `${field}: is not a valid key (${issue.issues.map((inner) => inner.message).join('; ')})`,
      ];
    if (issue.code === 'invalid_type' && valueAt(content, issue.path) === undefined)
      return [`${field}: is missing (expected ${issue.expected})`];
    return [`${field}: ${issue.message}`];
  });
}

/** An error naming the seed file and each field that is wrong in it. */
export class SeedFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`The seed file ${file} is not valid:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.name = 'SeedFileError';
  }
}

/** Checks a seed file's content against its schema; throws a SeedFileError naming the file and fields. */
export function parseSeedFile<T extends z.core.$ZodType>(
  file: string,
  schema: T,
  content: unknown,
): z.output<T> {
  const result = z.safeParse(schema, content);
  if (!result.success) throw new SeedFileError(file, problems(result.error, content));
  return result.data;
}
