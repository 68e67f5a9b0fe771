import { asc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
  return linkedNames(db, tourId, tourTypes, tourTypeLinks, tourTypeLinks.typeId);
}

/** The tour's categories (guide's language, or hotel category), named, in the tour's order. */
export function tourCategoryNames(db: Executor, tourId: string) {
  return linkedNames(db, tourId, categories, tourCategories, tourCategories.categoryId);
}

/** The rows of a reference list that a link table gives the tour, named, in the tour's order. */
function linkedNames(
  db: Executor,
  tourId: string,
  list: typeof tourTypes | typeof categories,
  link: typeof tourTypeLinks | typeof tourCategories,
  listId: AnyPgColumn,
) {
  return db
    .select({ id: list.id, nameEn: list.nameEn, nameEs: list.nameEs })
    .from(link)
    .innerJoin(list, eq(list.id, listId))
    .where(eq(link.tourId, tourId))
    .orderBy(asc(link.sortOrder));
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
