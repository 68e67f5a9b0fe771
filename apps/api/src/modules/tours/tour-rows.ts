import { and, asc, eq } from 'drizzle-orm';
import { type Executor, readAll } from '../../db/client.ts';
import {
  categories,
  customerTypes,
  hotelTypes,
  roomTypes,
  tourCategories,
  tourHotelPrices,
  tourInclusions,
  tourItinerary,
  tourPrices,
  tourRelated,
  tours,
  tourTypeLinks,
  tourTypes,
} from '../../db/schema.ts';
import { expandPriceTiers } from './price-tiers.ts';
import { loadServiceOfferRows } from './service-offers.ts';

/** The hotel prices of a tour, with their hotel and room names and orders. */
function hotelRows(db: Executor, tourId: string) {
  return db
    .select({
      hotelTypeId: tourHotelPrices.hotelTypeId,
      roomTypeId: tourHotelPrices.roomTypeId,
      priceCents: tourHotelPrices.priceCents,
      hotelEn: hotelTypes.nameEn,
      hotelEs: hotelTypes.nameEs,
      hotelSort: hotelTypes.sortOrder,
      roomEn: roomTypes.nameEn,
      roomEs: roomTypes.nameEs,
      roomSort: roomTypes.sortOrder,
    })
    .from(tourHotelPrices)
    .innerJoin(hotelTypes, eq(hotelTypes.id, tourHotelPrices.hotelTypeId))
    .innerJoin(roomTypes, eq(roomTypes.id, tourHotelPrices.roomTypeId))
    .where(eq(tourHotelPrices.tourId, tourId));
}

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
    () =>
      db
        .select({ id: tourTypes.id, nameEn: tourTypes.nameEn, nameEs: tourTypes.nameEs })
        .from(tourTypeLinks)
        .innerJoin(tourTypes, eq(tourTypes.id, tourTypeLinks.typeId))
        .where(eq(tourTypeLinks.tourId, tour.id))
        .orderBy(asc(tourTypeLinks.sortOrder)),
    () =>
      db
        .select({ id: categories.id, nameEn: categories.nameEn, nameEs: categories.nameEs })
        .from(tourCategories)
        .innerJoin(categories, eq(categories.id, tourCategories.categoryId))
        .where(eq(tourCategories.tourId, tour.id))
        .orderBy(asc(tourCategories.sortOrder)),
    () => db.select().from(customerTypes).orderBy(asc(customerTypes.sortOrder)),
    () =>
      db
        .select()
        .from(tourPrices)
        .where(eq(tourPrices.tourId, tour.id))
        .orderBy(asc(tourPrices.groupSize))
        // Stored as tiers; answered as a row per group size, smallest first.
        .then((tiers) => expandPriceTiers(tiers).sort((a, b) => a.groupSize - b.groupSize)),
    () => hotelRows(db, tour.id),
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
