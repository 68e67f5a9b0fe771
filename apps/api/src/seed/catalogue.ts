import { CustomerTypeId, type CustomerTypeKey, TourFamilyId, toCents } from '@cusco/shared';
import type { Executor } from '../db/client.ts';
import {
  additionalServices,
  tourAdditionalServices,
  tourCategories,
  tourHotelPrices,
  tourInclusions,
  tourItinerary,
  tourPrices,
  tourRelated,
  tours,
  tourTypeLinks,
} from '../db/schema.ts';
import { categoryIds, hotelTypeIds, roomTypeIds, tourTypeIds } from './reference.ts';
import { stableId } from './stable-id.ts';
import type { HotelTypeKey, RoomTypeKey, ServiceSeed, TourSeed } from './types.ts';

export const tourId = (code: string) => stableId('tour', code);
export const serviceId = (key: string) => stableId('service', key);

const customerTypeKeys = Object.keys(CustomerTypeId) as CustomerTypeKey[];

/**
 * The group sizes a set of tiers covers, each with the tier it pays: tiers {1, 4, 8} give sizes
 * 1–3 the first tier, 4–7 the second and 8 the third. A row per size is stored because the
 * spec's rule takes the row whose quantity equals the group size, else the largest one (§9).
 */
export function expandTiers<T>(tiers: Record<number, T>): { groupSize: number; tier: T }[] {
  const sizes = Object.keys(tiers)
    .map(Number)
    .sort((a, b) => a - b);
  const largest = sizes.at(-1) ?? 0;
  const rows: { groupSize: number; tier: T }[] = [];
  for (let groupSize = 1; groupSize <= largest; groupSize++) {
    const applicable = sizes.filter((size) => size <= groupSize).at(-1);
    const tier = applicable === undefined ? undefined : tiers[applicable];
    if (tier !== undefined) rows.push({ groupSize, tier });
  }
  return rows;
}

/** Every price row of a tour: each category × type × customer type × group size. */
export function priceRows(tour: TourSeed) {
  return tour.categories.flatMap((category) =>
    tour.types.flatMap((type) =>
      expandTiers(tour.prices[type] ?? {}).flatMap(({ groupSize, tier }) =>
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

/** Inserts the services catalogue and the tours; rows that exist already are left as they are. */
export async function seedCatalogue(db: Executor, services: ServiceSeed[], catalogue: TourSeed[]) {
  await db
    .insert(additionalServices)
    .values(
      services.map((service) => ({
        id: serviceId(service.key),
        nameEn: service.name.en,
        nameEs: service.name.es,
        descriptionEn: service.description.en,
        descriptionEs: service.description.es,
        isTour: service.isTour,
      })),
    )
    .onConflictDoNothing();

  await db
    .insert(tours)
    .values(
      catalogue.map((tour, index) => ({
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
      })),
    )
    .onConflictDoNothing();

  for (const tour of catalogue) {
    const id = tourId(tour.code);
    await db
      .insert(tourTypeLinks)
      .values(
        tour.types.map((type, index) => ({
          tourId: id,
          typeId: tourTypeIds[type],
          sortOrder: index,
        })),
      )
      .onConflictDoNothing();
    await db
      .insert(tourCategories)
      .values(
        tour.categories.map((category, index) => ({
          tourId: id,
          categoryId: categoryIds[category],
          sortOrder: index,
        })),
      )
      .onConflictDoNothing();
    await db.insert(tourPrices).values(priceRows(tour)).onConflictDoNothing();

    const hotelRows = Object.entries(tour.hotels ?? {}).flatMap(([hotel, rooms]) =>
      Object.entries(rooms ?? {}).map(([room, price]) => ({
        tourId: id,
        hotelTypeId: hotelTypeIds[hotel as HotelTypeKey],
        roomTypeId: roomTypeIds[room as RoomTypeKey],
        priceCents: toCents(price),
      })),
    );
    if (hotelRows.length > 0)
      await db.insert(tourHotelPrices).values(hotelRows).onConflictDoNothing();

    if (tour.services.length > 0) {
      await db
        .insert(tourAdditionalServices)
        .values(
          tour.services.map((offer, index) => ({
            id: stableId('tour-service', `${tour.code}:${offer.service}:${index}`),
            tourId: id,
            serviceId: serviceId(offer.service),
            labelEn: offer.label.en,
            labelEs: offer.label.es,
            priceCents: toCents(offer.price),
            sortOrder: index,
          })),
        )
        .onConflictDoNothing();
    }

    await db
      .insert(tourItinerary)
      .values(
        tour.itinerary.map((entry, index) => ({
          tourId: id,
          day: entry.day,
          sortOrder: index,
          nameEn: entry.name.en,
          nameEs: entry.name.es,
        })),
      )
      .onConflictDoNothing();

    const inclusions = [
      ...tour.included.map((name) => ({ name, included: true })),
      ...tour.notIncluded.map((name) => ({ name, included: false })),
    ];
    await db
      .insert(tourInclusions)
      .values(
        inclusions.map((item, index) => ({
          id: stableId('inclusion', `${tour.code}:${index}`),
          tourId: id,
          included: item.included,
          nameEn: item.name.en,
          nameEs: item.name.es,
          sortOrder: index,
        })),
      )
      .onConflictDoNothing();
  }

  // Related tours last: every tour they point at exists by now.
  const related = catalogue.flatMap((tour) =>
    tour.related.map((code, index) => ({
      tourId: tourId(tour.code),
      relatedTourId: tourId(code),
      sortOrder: index,
    })),
  );
  if (related.length > 0) await db.insert(tourRelated).values(related).onConflictDoNothing();
}
