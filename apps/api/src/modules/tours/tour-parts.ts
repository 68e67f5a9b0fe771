import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  categories,
  hotelTypes,
  roomTypes,
  tourCategories,
  tourHotelPrices,
  tourPrices,
  tourTypeLinks,
  tourTypes,
} from '../../db/schema.ts';
import { expandPriceTiers } from './price-tiers.ts';

/**
 * The parts of a tour that both its page (tour-rows.ts) and the pricing of its bookings
 * (bookings/catalogue.ts) read, in one place.
 */

/** The tour's types (group, private), named, in the tour's order. */
export function tourTypeNames(db: Executor, tourId: string) {
  return db
    .select({ id: tourTypes.id, nameEn: tourTypes.nameEn, nameEs: tourTypes.nameEs })
    .from(tourTypeLinks)
    .innerJoin(tourTypes, eq(tourTypes.id, tourTypeLinks.typeId))
    .where(eq(tourTypeLinks.tourId, tourId))
    .orderBy(asc(tourTypeLinks.sortOrder));
}

/** The tour's categories (guide's language, or hotel category), named, in the tour's order. */
export function tourCategoryNames(db: Executor, tourId: string) {
  return db
    .select({ id: categories.id, nameEn: categories.nameEn, nameEs: categories.nameEs })
    .from(tourCategories)
    .innerJoin(categories, eq(categories.id, tourCategories.categoryId))
    .where(eq(tourCategories.tourId, tourId))
    .orderBy(asc(tourCategories.sortOrder));
}

/** The tour's prices: stored as tiers, answered as a row per group size, smallest first. */
export function tourPriceRows(db: Executor, tourId: string) {
  return db
    .select()
    .from(tourPrices)
    .where(eq(tourPrices.tourId, tourId))
    .orderBy(asc(tourPrices.groupSize))
    .then((tiers) => expandPriceTiers(tiers).sort((a, b) => a.groupSize - b.groupSize));
}

/** The hotel prices of a tour, with their hotel and room names and orders. */
export function tourHotelRows(db: Executor, tourId: string) {
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
