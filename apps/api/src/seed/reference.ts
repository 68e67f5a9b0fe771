import { createRequire } from 'node:module';
import { CustomerTypeId, IncidentStatusId, IncidentTypeId, TourFamilyId } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import countriesLib from 'i18n-iso-countries';
import type { Executor } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { referenceLists } from './content.ts';
import {
  type Bilingual,
  categoryKey,
  hotelTypeKey,
  type ReferenceSeed,
  roomTypeKey,
  tourTypeKey,
} from './schemas.ts';
import { stableId } from './stable-id.ts';

const require = createRequire(import.meta.url);
countriesLib.registerLocale(require('i18n-iso-countries/langs/en.json'));
countriesLib.registerLocale(require('i18n-iso-countries/langs/es.json'));

/** The stable id of each key of a closed set: `{ group: stableId('tour-type', 'group'), … }`. */
function stableIds<K extends string>(kind: string, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, stableId(kind, key)])) as Record<K, string>;
}

export const tourTypeIds = stableIds('tour-type', tourTypeKey.options);
export const categoryIds = stableIds('category', categoryKey.options);
export const hotelTypeIds = stableIds('hotel-type', hotelTypeKey.options);
export const roomTypeIds = stableIds('room-type', roomTypeKey.options);

/** The rows of a named list: each item's id, its names, and its place in the list. */
function namedRows<K extends string>(
  items: { key: K; name: Bilingual }[],
  idOf: (key: K) => string,
) {
  return items.map(({ key, name }, sortOrder) => ({
    id: idOf(key),
    nameEn: name.en,
    nameEs: name.es,
    sortOrder,
  }));
}

/** The lists every installation needs, demo or not. Safe to run again: existing rows stay. */
export async function seedReferenceData(db: Executor, lists: ReferenceSeed = referenceLists) {
  const english = countriesLib.getNames('en', { select: 'official' });
  const spanish = countriesLib.getNames('es', { select: 'official' });
  await db
    .insert(schema.countries)
    .values(
      Object.entries(english).map(([code, nameEn]) => ({
        id: code,
        nameEn,
        nameEs: spanish[code] ?? nameEn,
      })),
    )
    .onConflictDoNothing();

  await db
    .insert(schema.optionItems)
    .values(
      Object.entries(lists.optionLists).flatMap(([listKey, items]) =>
        namedRows(items, (key) => stableId('option', `${listKey}:${key}`)).map((row) => ({
          ...row,
          listKey,
        })),
      ),
    )
    .onConflictDoNothing();

  await db
    .insert(schema.customerTypes)
    .values(
      lists.customerTypes.map(({ key, name, description }, sortOrder) => ({
        id: CustomerTypeId[key],
        nameEn: name.en,
        nameEs: name.es,
        descriptionEn: description.en,
        descriptionEs: description.es,
        sortOrder,
      })),
    )
    .onConflictDoNothing();

  // The lists of one shape (an id, two names, an order), each with where its ids come from.
  const named = [
    [schema.occupations, namedRows(lists.occupations, (key) => stableId('occupation', key))],
    [schema.tourFamilies, namedRows(lists.tourFamilies, (key) => TourFamilyId[key])],
    [schema.tourTypes, namedRows(lists.tourTypes, (key) => tourTypeIds[key])],
    [schema.categories, namedRows(lists.categories, (key) => categoryIds[key])],
    [schema.hotelTypes, namedRows(lists.hotelTypes, (key) => hotelTypeIds[key])],
    [schema.roomTypes, namedRows(lists.roomTypes, (key) => roomTypeIds[key])],
    [schema.incidentTypes, namedRows(lists.incidentTypes, (key) => IncidentTypeId[key])],
    [schema.incidentStatuses, namedRows(lists.incidentStatuses, (key) => IncidentStatusId[key])],
  ] as const;
  for (const [table, rows] of named) await db.insert(table).values(rows).onConflictDoNothing();
  // A private tour's group takes a whole slot of the day, not seats (issue 14).
  await db
    .update(schema.tourTypes)
    .set({ isPrivate: true })
    .where(eq(schema.tourTypes.id, tourTypeIds.private));
}
