import type { Language, Option, Tour, TourListItem } from '@cusco/shared';
import { CustomerTypeId, fromCents } from '@cusco/shared';
import { and, asc, eq, inArray, min } from 'drizzle-orm';
import { type Executor, readAll } from '../../db/client.ts';
import {
  categories,
  countries,
  customerTypes,
  hotelTypes,
  roomTypes,
  tourCategories,
  tourFamilies,
  tourHotelPrices,
  tourInclusions,
  tourItinerary,
  tourPrices,
  tourRelated,
  tours,
  tourTypeLinks,
  tourTypes,
} from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { loadServiceOffers, withoutKind } from './service-offers.ts';

const text = (language: Language) => (row: { nameEn: string; nameEs: string }) =>
  language === 'en' ? row.nameEn : row.nameEs;

/** The whole tour as the booking page needs it (spec §3 "Tour"). */
export async function getTour(db: Executor, code: string, language: Language): Promise<Tour> {
  const name = text(language);
  const [tour] = await db
    .select()
    .from(tours)
    .where(and(eq(tours.code, code), eq(tours.isActive, true)));
  if (!tour) throw notFound('tourNotFound');

  const [
    typeRows,
    categoryRows,
    customerTypeRows,
    priceRows,
    hotelRows,
    serviceOffers,
    relatedRows,
    itineraryRows,
    inclusionRows,
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
        .orderBy(asc(tourPrices.groupSize)),
    () =>
      db
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
        .where(eq(tourHotelPrices.tourId, tour.id)),
    () => loadServiceOffers(db, tour.id, language),
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

  const uniqueOptions = (pairs: { value: string; label: string; sort: number }[]): Option[] => {
    const seen = new Map<string, { value: string; label: string; sort: number }>();
    for (const pair of pairs) if (!seen.has(pair.value)) seen.set(pair.value, pair);
    return [...seen.values()]
      .sort((a, b) => a.sort - b.sort)
      .map(({ value, label }) => ({ value, label }));
  };

  return {
    id: tour.id,
    code: tour.code,
    name: name(tour),
    days: tour.days,
    nights: tour.nights,
    types: typeRows.map((row) => ({ value: row.id, label: name(row) })),
    categories: categoryRows.map((row) => ({ value: row.id, label: name(row) })),
    categoryPrincipal: tour.familyId,
    customerTypes: customerTypeRows.map((row) => ({
      value: row.id,
      label: name(row),
      description: language === 'en' ? row.descriptionEn : row.descriptionEs,
    })),
    prices: priceRows.map((row) => ({
      categoryId: row.categoryId,
      typeId: row.typeId,
      customerTypeId: row.customerTypeId,
      quantity: row.groupSize,
      price: fromCents(row.priceCents),
    })),
    hotel:
      hotelRows.length === 0
        ? null
        : {
            types: uniqueOptions(
              hotelRows.map((row) => ({
                value: row.hotelTypeId,
                label: language === 'en' ? row.hotelEn : row.hotelEs,
                sort: row.hotelSort,
              })),
            ),
            rooms: uniqueOptions(
              hotelRows.map((row) => ({
                value: row.roomTypeId,
                label: language === 'en' ? row.roomEn : row.roomEs,
                sort: row.roomSort,
              })),
            ),
            prices: hotelRows.map((row) => ({
              roomId: row.roomTypeId,
              typeId: row.hotelTypeId,
              price: fromCents(row.priceCents),
            })),
          },
    hotelNight: tour.hotelNights,
    maxPassengers: tour.maxGroupSize,
    additionalServices: serviceOffers.map(withoutKind),
    relatedTours: relatedRows.map((row) => ({ value: row.code, label: name(row) })),
    itinerary: itineraryRows.map((row) => ({ day: row.day, name: name(row) })),
    includeServices: inclusionRows
      .filter((row) => row.included)
      .map((row) => ({ name: name(row) })),
    notincludeServices: inclusionRows
      .filter((row) => !row.included)
      .map((row) => ({ name: name(row) })),
  };
}

/** Every active tour, for the tours page (spec §3 "Tour list item"). */
export async function listTours(db: Executor, language: Language): Promise<TourListItem[]> {
  const name = text(language);
  const [tourRows, typeRows, priceRows] = await readAll(db, [
    () =>
      db
        .select({
          id: tours.id,
          code: tours.code,
          nameEn: tours.nameEn,
          nameEs: tours.nameEs,
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
  ]);
  const typesByTour = new Map<string, typeof typeRows>();
  for (const row of typeRows)
    typesByTour.set(row.tourId, [...(typesByTour.get(row.tourId) ?? []), row]);
  const fromByTour = new Map(priceRows.map((row) => [row.tourId, row.from]));
  return tourRows.map((row) => {
    const from = fromByTour.get(row.id);
    return {
      code: row.code,
      name: name(row),
      typename: (typesByTour.get(row.id) ?? []).map(name).join(' · '),
      categoryname: language === 'en' ? row.familyEn : row.familyEs,
      categoryId: row.familyId,
      days: row.days,
      nights: row.nights,
      fromPrice: from == null ? null : fromCents(from),
    };
  });
}

export async function listCountries(db: Executor, language: Language): Promise<Option[]> {
  const rows = await db.select().from(countries);
  const collator = new Intl.Collator(language);
  return rows
    .map((row) => ({ value: row.id, label: language === 'en' ? row.nameEn : row.nameEs }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
