import type { SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { bookings, categories, tours, tourTypes } from '../../db/schema.ts';

/** A booking's tour (code and name), type and category names, in both languages. */
const nameColumns = {
  tourCode: tours.code,
  tourEn: tours.nameEn,
  tourEs: tours.nameEs,
  typeEn: tourTypes.nameEn,
  typeEs: tourTypes.nameEs,
  categoryEn: categories.nameEn,
  categoryEs: categories.nameEs,
};

/**
 * Bookings with the names the customer reads them by (their tour, type and category), and the
 * given `fields`; add joins and conditions to the answer.
 */
export function bookingsWithNames<
  Fields extends Record<string, PgColumn | SQL.Aliased | typeof bookings>,
>(db: Executor, fields: Fields) {
  return db
    .select({ ...fields, ...nameColumns })
    .from(bookings)
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .innerJoin(tourTypes, eq(tourTypes.id, bookings.typeId))
    .innerJoin(categories, eq(categories.id, bookings.categoryId))
    .$dynamic();
}
