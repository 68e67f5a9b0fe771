import { and, asc, eq } from 'drizzle-orm';
import { type Executor, readEach } from '../../db/client.ts';
import {
  customerTypes,
  tourInclusions,
  tourItinerary,
  tourRelated,
  tours,
} from '../../db/schema.ts';
import { loadServiceOfferRows } from './service-offers.ts';
import {
  tourCategoryNames,
  tourHotelRows,
  tourNameColumns,
  tourPriceRows,
  tourTypeNames,
} from './tour-parts.ts';

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
  const parts = await readEach(db, {
    types: () => tourTypeNames(db, tour.id),
    categories: () => tourCategoryNames(db, tour.id),
    customerTypes: () => db.select().from(customerTypes).orderBy(asc(customerTypes.sortOrder)),
    prices: () => tourPriceRows(db, tour.id),
    hotels: () => tourHotelRows(db, tour.id),
    offers: () => loadServiceOfferRows(db, tour.id),
    related: () =>
      db
        .select(tourNameColumns)
        .from(tourRelated)
        .innerJoin(tours, eq(tours.id, tourRelated.relatedTourId))
        .where(and(eq(tourRelated.tourId, tour.id), eq(tours.isActive, true)))
        .orderBy(asc(tourRelated.sortOrder)),
    itinerary: () => tourItineraryRows(db, tour.id),
    inclusions: () => tourInclusionRows(db, tour.id),
  });
  return { tour, ...parts };
}

/** The tour's itinerary: its events, day by day, in order. */
export function tourItineraryRows(db: Executor, tourId: string) {
  return db
    .select()
    .from(tourItinerary)
    .where(eq(tourItinerary.tourId, tourId))
    .orderBy(asc(tourItinerary.day), asc(tourItinerary.sortOrder));
}

/** What the tour's price includes and what it does not, in order. */
export function tourInclusionRows(db: Executor, tourId: string) {
  return db
    .select()
    .from(tourInclusions)
    .where(eq(tourInclusions.tourId, tourId))
    .orderBy(asc(tourInclusions.sortOrder));
}

export type TourRows = NonNullable<Awaited<ReturnType<typeof loadTourRows>>>;
