import { and, asc, eq } from 'drizzle-orm';
import { type Executor, readAll } from '../../db/client.ts';
import {
  customerTypes,
  tourInclusions,
  tourItinerary,
  tourRelated,
  tours,
} from '../../db/schema.ts';
import { loadServiceOfferRows } from './service-offers.ts';
import { tourCategoryNames, tourHotelRows, tourPriceRows, tourTypeNames } from './tour-parts.ts';

/**
 * Everything the booking page shows of an active tour, in both languages, as the database holds
 * it (tours/tour-answer.ts makes the answer of it); null when there is no such tour.
 */
export async function loadTourRows(db: Executor, code: string) {
  const [tour] = await db
    .select()
    .from(tours)
    .where(and(eq(tours.code, code), eq(tours.isActive, true)));
  if (!tour) return null;
  const [
    types,
    categoryRows,
    customerTypeRows,
    prices,
    hotels,
    offers,
    related,
    itinerary,
    inclusions,
  ] = await readAll(db, [
    () => tourTypeNames(db, tour.id),
    () => tourCategoryNames(db, tour.id),
    () => db.select().from(customerTypes).orderBy(asc(customerTypes.sortOrder)),
    () => tourPriceRows(db, tour.id),
    () => tourHotelRows(db, tour.id),
    () => loadServiceOfferRows(db, tour.id),
    () =>
      db
        .select({ code: tours.code, nameEn: tours.nameEn, nameEs: tours.nameEs })
        .from(tourRelated)
        .innerJoin(tours, eq(tours.id, tourRelated.relatedTourId))
        .where(and(eq(tourRelated.tourId, tour.id), eq(tours.isActive, true)))
        .orderBy(asc(tourRelated.sortOrder)),
    () =>
      db
        .select()
        .from(tourItinerary)
        .where(eq(tourItinerary.tourId, tour.id))
        .orderBy(asc(tourItinerary.day), asc(tourItinerary.sortOrder)),
    () =>
      db
        .select()
        .from(tourInclusions)
        .where(eq(tourInclusions.tourId, tour.id))
        .orderBy(asc(tourInclusions.sortOrder)),
  ]);
  return {
    tour,
    types,
    categories: categoryRows,
    customerTypes: customerTypeRows,
    prices,
    hotels,
    offers,
    related,
    itinerary,
    inclusions,
  };
}

export type TourRows = NonNullable<Awaited<ReturnType<typeof loadTourRows>>>;
