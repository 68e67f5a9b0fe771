import {
  type Language,
  type NamedItem,
  type OptionListKey,
  optionListKeys,
  type ParsedPassengerPayload,
} from '@cusco/shared';
import { eq, inArray } from 'drizzle-orm';
import { type Executor, readAll } from '../../db/client.ts';
import { countries, occupations, optionItems } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { namedListIn } from '../../lib/named-lists.ts';
import { isUuidShaped } from '../../lib/uuid-shape.ts';

/** The list key named in a request, matched without regard to case; 404 for an unknown key. */
export function optionListKey(key: string): OptionListKey {
  const found = optionListKeys.find((known) => known.toLowerCase() === key.trim().toLowerCase());
  if (!found) throw new AppError('NOT_FOUND', 'notFound');
  return found;
}

/** GET optionlist/listbykey/{key}: one option list of the passenger form, in order. */
export async function listOptions(
  db: Executor,
  key: string,
  language: Language,
): Promise<NamedItem[]> {
  return namedListIn(db, optionItems, language, eq(optionItems.listKey, optionListKey(key)));
}

/** GET job/list: the occupations (the spec's jobs), in order. */
export function listJobs(db: Executor, language: Language): Promise<NamedItem[]> {
  return namedListIn(db, occupations, language);
}

/** The payload's option fields and the list each must come from. */
const optionFields = [
  ['sexId', 'sex'],
  ['documentTypeId', 'DocumentType'],
  ['maritalStatusId', 'MaritalStatus'],
  ['foodPreferencesId', 'FoodPreference'],
  ['travelPurposeId', 'TravelPurpose'],
  ['trekkingExperienceId', 'TrekkingExperience'],
] as const satisfies readonly (readonly [keyof ParsedPassengerPayload, OptionListKey])[];

/** The form's field order, so that the first wrong field reported is the first on screen. */
const fieldOrder: (keyof ParsedPassengerPayload)[] = [
  'sexId',
  'documentTypeId',
  'maritalStatusId',
  'jobId',
  'countryId',
  'foodPreferencesId',
  'travelPurposeId',
  'trekkingExperienceId',
];

/**
 * Checks that every option id of a passenger payload exists in its own list (an id of another
 * list is refused too): 400 naming the first wrong field. Answers the country id as stored.
 */
export async function checkPassengerOptions(
  db: Executor,
  payload: ParsedPassengerPayload,
): Promise<{ countryId: string }> {
  const optionIds = optionFields.map(([field]) => payload[field]).filter(isUuidShaped);
  const countryId = payload.countryId.toUpperCase();
  const [items, jobs, countryRows] = await readAll(db, [
    () =>
      optionIds.length > 0
        ? db
            .select({ id: optionItems.id, listKey: optionItems.listKey })
            .from(optionItems)
            .where(inArray(optionItems.id, optionIds))
        : Promise.resolve([]),
    () =>
      isUuidShaped(payload.jobId)
        ? db
            .select({ id: occupations.id })
            .from(occupations)
            .where(eq(occupations.id, payload.jobId))
        : Promise.resolve([]),
    () => db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId)),
  ]);

  const listOf = new Map(items.map((item) => [item.id.toLowerCase(), item.listKey]));
  const wrong = new Set<keyof ParsedPassengerPayload>();
  for (const [field, listKey] of optionFields) {
    if (listOf.get(payload[field].toLowerCase()) !== listKey) wrong.add(field);
  }
  if (jobs.length === 0) wrong.add('jobId');
  if (countryRows.length === 0) wrong.add('countryId');

  const first = fieldOrder.find((field) => wrong.has(field));
  if (first) {
    throw new AppError('VALIDATION', first === 'countryId' ? 'unknownCountry' : 'invalidInput', {
      field: first,
    });
  }
  return { countryId };
}
