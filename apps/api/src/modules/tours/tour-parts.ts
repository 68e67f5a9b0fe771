import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  categories,
  hotelTypes,
  roomTypes,
  tourCategories,
  tourHotelPrices,
  tourPrices,
  tours,
  tourTypeLinks,
  tourTypes,
} from '../../db/schema.ts';
import { expandPriceTiers } from './price-tiers.ts';

/**
 * The parts of a tour that its page (tour-rows.ts), the pricing of its bookings
 * (bookings/catalogue.ts), availability (departures/plan.ts) and the catalogue editor read, in
 * one place.
 */

/** The columns a tour is known by: its code and its name in both languages. */
export const tourNameColumns = { code: tours.code, nameEn: tours.nameEn, nameEs: tours.nameEs };

/**
 * A tour's running rules and limits (issue 14): when it runs (lead time, closed months, days of
 * the week) and how many it takes (seats, private groups, staff per traveller, passengers per
 * booking); and its crew rule (issue 29: a guide for so many travellers, cooks, porters).
 */
const ruleFields = [
  'leadDays',
  'closedMonths',
  'weekdays',
  'capacity',
  'privateGroups',
  'staffRatio',
  'maxGroupSize',
  'guideEvery',
  'cooks',
  'portersPerTraveller',
] as const;

/** The tour's rules, as columns to select. */
export const tourRuleColumns = pick(getTableColumns(tours), ruleFields);

/** The rules of a tour's row, alone. */
export const tourRulesOf = (tour: typeof tours.$inferSelect) => pick(tour, ruleFields);

/** The `keys` of `row`, alone. */
function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;
}

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
