import type { Language, Option, Tour, TourListItem } from '@cusco/shared';
import { CustomerTypeId, fromCents, inLanguage, nameIn } from '@cusco/shared';
import { and, asc, eq, inArray, min } from 'drizzle-orm';
import { type Executor, readAll } from '../../db/client.ts';
import {
  countries,
  tourFamilies,
  tourItinerary,
  tourPrices,
  tours,
  tourTypeLinks,
  tourTypes,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { toTour } from './tour-answer.ts';
import { tourNameColumns } from './tour-parts.ts';
import { loadTourRows } from './tour-rows.ts';

/**
 * The whole tour as the booking page needs it (spec §3 "Tour"); 404 for an unknown code, and for
 * a tour the agency no longer offers (issue 14), which the answer says (`details.inactive`).
 */
export async function getTour(db: Executor, code: string, language: Language): Promise<Tour> {
  const rows = await loadTourRows(db, code);
  if (!rows) {
    const [inactive] = await db
      .select({ code: tours.code })
      .from(tours)
      .where(and(eq(tours.code, code), eq(tours.isActive, false)));
    if (inactive) {
      throw new AppError('NOT_FOUND', 'tourInactive', { details: { inactive: true } });
    }
    throw notFound('tourNotFound');
  }
  return toTour(rows, language);
}

/** Every active tour, for the tours page (spec §3 "Tour list item"). */
export async function listTours(db: Executor, language: Language): Promise<TourListItem[]> {
  const name = (row: { nameEn: string; nameEs: string }) => nameIn(row, language);
  const [tourRows, typeRows, priceRows, firstEvents] = await readAll(db, [
    () =>
      db
        .select({
          id: tours.id,
          ...tourNameColumns,
          days: tours.days,
          nights: tours.nights,
          familyId: tours.familyId,
          familyEn: tourFamilies.nameEn,
          familyEs: tourFamilies.nameEs,
        })
        .from(tours)
        .innerJoin(tourFamilies, eq(tourFamilies.id, tours.familyId))
        .where(eq(tours.isActive, true))
        .orderBy(asc(tourFamilies.sortOrder), asc(tours.sortOrder), asc(tours.code)),
    () =>
      db
        .select({
          tourId: tourTypeLinks.tourId,
          nameEn: tourTypes.nameEn,
          nameEs: tourTypes.nameEs,
        })
        .from(tourTypeLinks)
        .innerJoin(tourTypes, eq(tourTypes.id, tourTypeLinks.typeId))
        .orderBy(asc(tourTypeLinks.sortOrder)),
    () =>
      db
        .select({ tourId: tourPrices.tourId, from: min(tourPrices.priceCents) })
        .from(tourPrices)
        .where(inArray(tourPrices.customerTypeId, [CustomerTypeId.adult]))
        .groupBy(tourPrices.tourId),
    // Each tour's first itinerary event: how it begins.
    () =>
      db
        .selectDistinctOn([tourItinerary.tourId], {
          tourId: tourItinerary.tourId,
          nameEn: tourItinerary.nameEn,
          nameEs: tourItinerary.nameEs,
        })
        .from(tourItinerary)
        .orderBy(tourItinerary.tourId, asc(tourItinerary.day), asc(tourItinerary.sortOrder)),
  ]);
  const typesByTour = new Map<string, typeof typeRows>();
  for (const row of typeRows)
    typesByTour.set(row.tourId, [...(typesByTour.get(row.tourId) ?? []), row]);
  const fromByTour = new Map(priceRows.map((row) => [row.tourId, row.from]));
  const firstByTour = new Map(firstEvents.map((row) => [row.tourId, row]));
  return tourRows.map((row) => {
    const from = fromByTour.get(row.id);
    const first = firstByTour.get(row.id);
    return {
      code: row.code,
      name: name(row),
      typename: (typesByTour.get(row.id) ?? []).map(name).join(' · '),
      categoryname: inLanguage(language, row.familyEn, row.familyEs),
      categoryId: row.familyId,
      days: row.days,
      nights: row.nights,
      fromPrice: from == null ? null : fromCents(from),
      summary: first ? name(first) : '',
    };
  });
}

export async function listCountries(db: Executor, language: Language): Promise<Option[]> {
  const rows = await db.select().from(countries);
  const collator = new Intl.Collator(language);
  return rows
    .map((row) => ({ value: row.id, label: nameIn(row, language) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
