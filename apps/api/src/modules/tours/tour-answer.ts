import {
  fromCents,
  inLanguage,
  type Language,
  nameIn,
  type Option,
  type Tour,
} from '@cusco/shared';
import { groupServiceOffers, withoutKind } from './service-offers.ts';
import type { TourRows } from './tour-rows.ts';

type Sorted = Option & { sort: number };

/** Options in their order, each value once. */
function uniqueOptions(pairs: Sorted[]): Option[] {
  const seen = new Map<string, Sorted>();
  for (const pair of pairs) if (!seen.has(pair.value)) seen.set(pair.value, pair);
  return [...seen.values()]
    .sort((a, b) => a.sort - b.sort)
    .map(({ value, label }) => ({ value, label }));
}

/** The hotel block of the booking page, or null for a tour without hotels (spec §3). */
export function hotelOf(rows: TourRows['hotels'], language: Language): Tour['hotel'] {
  if (rows.length === 0) return null;
  return {
    types: uniqueOptions(
      rows.map((row) => ({
        value: row.hotelTypeId,
        label: inLanguage(language, row.hotelEn, row.hotelEs),
        sort: row.hotelSort,
      })),
    ),
    rooms: uniqueOptions(
      rows.map((row) => ({
        value: row.roomTypeId,
        label: inLanguage(language, row.roomEn, row.roomEs),
        sort: row.roomSort,
      })),
    ),
    prices: rows.map((row) => ({
      roomId: row.roomTypeId,
      typeId: row.hotelTypeId,
      price: fromCents(row.priceCents),
    })),
  };
}

/** The tour as the booking page needs it (spec §3 "Tour"), in a language: a pure mapping. */
export function toTour(rows: TourRows, language: Language): Tour {
  const name = (row: { nameEn: string; nameEs: string }) => nameIn(row, language);
  const { tour } = rows;
  return {
    id: tour.id,
    code: tour.code,
    name: name(tour),
    days: tour.days,
    nights: tour.nights,
    types: rows.types.map((row) => ({ value: row.id, label: name(row) })),
    categories: rows.categories.map((row) => ({ value: row.id, label: name(row) })),
    categoryPrincipal: tour.familyId,
    customerTypes: rows.customerTypes.map((row) => ({
      value: row.id,
      label: name(row),
      description: inLanguage(language, row.descriptionEn, row.descriptionEs),
    })),
    prices: rows.prices.map((row) => ({
      categoryId: row.categoryId,
      typeId: row.typeId,
      customerTypeId: row.customerTypeId,
      quantity: row.groupSize,
      price: fromCents(row.priceCents),
    })),
    hotel: hotelOf(rows.hotels, language),
    hotelNight: tour.hotelNights,
    maxPassengers: tour.maxGroupSize,
    additionalServices: groupServiceOffers(rows.offers, language).map(withoutKind),
    relatedTours: rows.related.map((row) => ({ value: row.code, label: name(row) })),
    itinerary: rows.itinerary.map((row) => ({ day: row.day, name: name(row) })),
    includeServices: rows.inclusions
      .filter((row) => row.included)
      .map((row) => ({ name: name(row) })),
    notincludeServices: rows.inclusions
      .filter((row) => !row.included)
      .map((row) => ({ name: name(row) })),
  };
}
