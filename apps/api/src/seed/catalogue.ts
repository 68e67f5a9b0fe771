import {
  CustomerTypeId,
  type CustomerTypeKey,
  EVERY_WEEKDAY,
  TourFamilyId,
  toCents,
} from '@cusco/shared';
import { eq, gt } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { categoryIds, hotelTypeIds, roomTypeIds, tourTypeIds } from './reference.ts';
import type { HotelTypeKey, RoomTypeKey, ServiceSeed, TourSeed } from './schemas.ts';
import { stableId } from './stable-id.ts';

export const tourId = (code: string) => stableId('tour', code);
export const serviceId = (key: string) => stableId('service', key);

const customerTypeKeys = Object.keys(CustomerTypeId) as CustomerTypeKey[];

/** A series' tiers, smallest first: each applies from its group size on (ADR 0010). */
function tiersOf<T>(tiers: Record<number, T>): { groupSize: number; tier: T }[] {
  return Object.entries(tiers)
    .map(([size, tier]) => ({ groupSize: Number(size), tier }))
    .sort((a, b) => a.groupSize - b.groupSize);
}

/** Every price tier of a tour: each category × type × customer type × tier. */
export function priceRows(tour: TourSeed) {
  return tour.categories.flatMap((category) =>
    tour.types.flatMap((type) =>
      tiersOf(tour.prices[type] ?? {}).flatMap(({ groupSize, tier }) =>
        customerTypeKeys.map((customerType) => ({
          tourId: tourId(tour.code),
          categoryId: categoryIds[category],
          typeId: tourTypeIds[type],
          customerTypeId: CustomerTypeId[customerType],
          groupSize,
          // Babies travel free of the category's surcharge (it pays for seats, beds and meals).
          priceCents: toCents(
            tier[customerType] +
              (customerType === 'baby' ? 0 : (tour.categorySurcharge?.[category] ?? 0)),
          ),
        })),
      ),
    ),
  );
}

/** The catalogue's rows, table by table (tour prices apart: see priceRows). */
function catalogueRows(services: ServiceSeed[], catalogue: TourSeed[]) {
  /** The rows a table takes from each tour, in catalogue order. */
  const fromEachTour = <T>(rows: (tour: TourSeed, id: string) => T[]) =>
    catalogue.flatMap((tour) => rows(tour, tourId(tour.code)));
  return {
    services: services.map((service) => ({
      id: serviceId(service.key),
      nameEn: service.name.en,
      nameEs: service.name.es,
      descriptionEn: service.description.en,
      descriptionEs: service.description.es,
      isTour: service.isTour,
      exportEligible: service.isTour,
    })),
    tours: catalogue.map((tour, index) => ({
      id: tourId(tour.code),
      code: tour.code,
      familyId: TourFamilyId[tour.family],
      nameEn: tour.name.en,
      nameEs: tour.name.es,
      days: tour.days,
      nights: tour.nights,
      hotelNights: tour.hotelNights ?? 0,
      maxGroupSize: tour.maxGroupSize,
      sortOrder: index,
      ...tourRules(tour),
    })),
    types: fromEachTour((tour, id) =>
      tour.types.map((type, index) => ({
        tourId: id,
        typeId: tourTypeIds[type],
        sortOrder: index,
      })),
    ),
    categories: fromEachTour((tour, id) =>
      tour.categories.map((category, index) => ({
        tourId: id,
        categoryId: categoryIds[category],
        sortOrder: index,
      })),
    ),
    hotelPrices: fromEachTour((tour, id) =>
      Object.entries(tour.hotels ?? {}).flatMap(([hotel, rooms]) =>
        Object.entries(rooms ?? {}).map(([room, price]) => ({
          tourId: id,
          hotelTypeId: hotelTypeIds[hotel as HotelTypeKey],
          roomTypeId: roomTypeIds[room as RoomTypeKey],
          priceCents: toCents(price),
        })),
      ),
    ),
    offers: fromEachTour((tour, id) =>
      tour.services.map((offer, index) => ({
        id: stableId('tour-service', `${tour.code}:${offer.service}:${index}`),
        tourId: id,
        serviceId: serviceId(offer.service),
        labelEn: offer.label.en,
        labelEs: offer.label.es,
        priceCents: toCents(offer.price),
        sortOrder: index,
      })),
    ),
    itinerary: fromEachTour((tour, id) =>
      tour.itinerary.map((entry, index) => ({
        tourId: id,
        day: entry.day,
        sortOrder: index,
        nameEn: entry.name.en,
        nameEs: entry.name.es,
      })),
    ),
    inclusions: fromEachTour((tour, id) =>
      [
        ...tour.included.map((name) => ({ name, included: true })),
        ...tour.notIncluded.map((name) => ({ name, included: false })),
      ].map((item, index) => ({
        id: stableId('inclusion', `${tour.code}:${index}`),
        tourId: id,
        included: item.included,
        nameEn: item.name.en,
        nameEs: item.name.es,
        sortOrder: index,
      })),
    ),
    purchaseItems: fromEachTour((tour, id) =>
      (tour.purchaseItems ?? []).map((item, index) => ({
        id: stableId('purchase-item', `${tour.code}:${index}`),
        tourId: id,
        kind: item.kind,
        details: item.details ?? {},
        buyDaysBefore: item.buyDaysBefore,
        crewRoles: item.crewRoles ?? [],
        sortOrder: index,
      })),
    ),
    related: fromEachTour((tour, id) =>
      tour.related.map((code, index) => ({
        tourId: id,
        relatedTourId: tourId(code),
        sortOrder: index,
      })),
    ),
  };
}

/** A tour's running rules (issue 14), as its row holds them. */
export function tourRules(tour: TourSeed) {
  const rules = tour.availability;
  if (!rules) return {};
  return {
    leadDays: rules.leadDays,
    closedMonths: rules.closedMonths ?? [],
    weekdays: rules.weekdays ?? [...EVERY_WEEKDAY],
    capacity: rules.capacity,
    privateGroups: rules.privateGroups,
    staffRatio: rules.staffRatio ?? 0,
    guideEvery: rules.guideEvery ?? 0,
    cooks: rules.cooks ?? 0,
    portersPerTraveller: rules.portersPerTraveller ?? 0,
  };
}

/** Inserts rows that are not there yet (by their keys); rows that exist are left as they are. */
async function insertMissing<T extends PgTable>(db: Executor, table: T, rows: PgInsertValue<T>[]) {
  if (rows.length > 0) await db.insert(table).values(rows).onConflictDoNothing();
}

/**
 * Inserts the services catalogue and the tours: one statement a table, in the order of their
 * foreign keys (related tours last: every tour they point at exists by then).
 */
export async function seedCatalogue(db: Executor, services: ServiceSeed[], catalogue: TourSeed[]) {
  const rows = catalogueRows(services, catalogue);
  // A tour an administrator has edited (issue 14) is the agency's: the demo seed adds none of its
  // parts back (a price tier, an itinerary event or an offer they removed stays removed).
  const edited = new Set(
    (
      await db
        .select({ id: schema.tours.id })
        .from(schema.tours)
        .where(gt(schema.tours.revision, 0))
    ).map((row) => row.id),
  );
  const ours = <T extends { tourId: string }>(parts: T[]) =>
    parts.filter((part) => !edited.has(part.tourId));
  await insertMissing(db, schema.additionalServices, rows.services);
  await insertMissing(db, schema.tours, rows.tours);
  // Tours seeded before their rules existed (issue 14) receive them, once, with this seed; a
  // tour the agency has edited keeps its own.
  for (const tour of catalogue) {
    const rules = tourRules(tour);
    if (Object.keys(rules).length > 0 && !edited.has(tourId(tour.code))) {
      await db
        .update(schema.tours)
        .set(rules)
        .where(eq(schema.tours.id, tourId(tour.code)));
    }
  }
  await insertMissing(db, schema.tourTypeLinks, rows.types);
  await insertMissing(db, schema.tourCategories, rows.categories);
  await insertMissing(db, schema.tourPrices, ours(catalogue.flatMap(priceRows)));
  await insertMissing(db, schema.tourHotelPrices, ours(rows.hotelPrices));
  await insertMissing(db, schema.tourAdditionalServices, ours(rows.offers));
  await insertMissing(db, schema.tourItinerary, ours(rows.itinerary));
  await insertMissing(db, schema.tourInclusions, ours(rows.inclusions));
  await insertMissing(db, schema.tourRelated, ours(rows.related));
  // Issue 29: what the Inca Trail needs bought per person, added once to tours not yet edited.
  await insertMissing(db, schema.tourPurchaseItems, ours(rows.purchaseItems));
}
