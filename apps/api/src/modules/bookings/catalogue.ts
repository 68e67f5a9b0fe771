import { type BookingLimits, type Language, nameIn, type PricingCatalog } from '@cusco/shared';
import { and, eq } from 'drizzle-orm';
import { type Executor, readAll } from '../../db/client.ts';
import {
  additionalServices,
  categories,
  customerTypes,
  hotelTypes,
  roomTypes,
  tourAdditionalServices,
  tourCategories,
  tourHotelPrices,
  tourPrices,
  tours,
  tourTypeLinks,
  tourTypes,
} from '../../db/schema.ts';
import { expandPriceTiers } from '../tours/price-tiers.ts';

type Named = { id: string; nameEn: string; nameEs: string };

/** Everything the server needs to price and check a booking of one tour, read from the database. */
export interface TourPricing {
  tour: {
    id: string;
    code: string;
    nameEn: string;
    nameEs: string;
    hotelNights: number;
    maxGroupSize: number;
  };
  catalog: PricingCatalog;
  limits: BookingLimits;
  categories: Named[];
  types: Named[];
  customerTypes: Named[];
  hotelTypes: Named[];
  roomTypes: Named[];
  /** The tour's service offers: offer id → service id. */
  offers: Map<string, { serviceId: string; isTour: boolean }>;
  hasHotels: boolean;
}

export async function loadTourPricing(db: Executor, tourId: string): Promise<TourPricing | null> {
  const [tour] = await db
    .select({
      id: tours.id,
      code: tours.code,
      nameEn: tours.nameEn,
      nameEs: tours.nameEs,
      hotelNights: tours.hotelNights,
      maxGroupSize: tours.maxGroupSize,
    })
    .from(tours)
    .where(and(eq(tours.id, tourId), eq(tours.isActive, true)));
  if (!tour) return null;

  const [categoryRows, typeRows, customerTypeRows, priceRows, hotelRows, offerRows] = await readAll(
    db,
    [
      () =>
        db
          .select({ id: categories.id, nameEn: categories.nameEn, nameEs: categories.nameEs })
          .from(tourCategories)
          .innerJoin(categories, eq(categories.id, tourCategories.categoryId))
          .where(eq(tourCategories.tourId, tour.id)),
      () =>
        db
          .select({ id: tourTypes.id, nameEn: tourTypes.nameEn, nameEs: tourTypes.nameEs })
          .from(tourTypeLinks)
          .innerJoin(tourTypes, eq(tourTypes.id, tourTypeLinks.typeId))
          .where(eq(tourTypeLinks.tourId, tour.id)),
      () =>
        db
          .select({
            id: customerTypes.id,
            nameEn: customerTypes.nameEn,
            nameEs: customerTypes.nameEs,
          })
          .from(customerTypes),
      () =>
        db.select().from(tourPrices).where(eq(tourPrices.tourId, tour.id)).then(expandPriceTiers),
      () =>
        db
          .select({
            hotelTypeId: tourHotelPrices.hotelTypeId,
            roomTypeId: tourHotelPrices.roomTypeId,
            priceCents: tourHotelPrices.priceCents,
          })
          .from(tourHotelPrices)
          .where(eq(tourHotelPrices.tourId, tour.id)),
      () =>
        db
          .select({
            offerId: tourAdditionalServices.id,
            priceCents: tourAdditionalServices.priceCents,
            serviceId: tourAdditionalServices.serviceId,
            isTour: additionalServices.isTour,
            perPerson: additionalServices.perPerson,
          })
          .from(tourAdditionalServices)
          .innerJoin(
            additionalServices,
            eq(additionalServices.id, tourAdditionalServices.serviceId),
          )
          .where(eq(tourAdditionalServices.tourId, tour.id)),
    ],
  );
  const [hotelTypeRows, roomTypeRows] = await readAll(db, [
    () =>
      db
        .select({ id: hotelTypes.id, nameEn: hotelTypes.nameEn, nameEs: hotelTypes.nameEs })
        .from(hotelTypes),
    () =>
      db
        .select({ id: roomTypes.id, nameEn: roomTypes.nameEn, nameEs: roomTypes.nameEs })
        .from(roomTypes),
  ]);

  return {
    tour,
    catalog: {
      prices: priceRows.map((row) => ({
        categoryId: row.categoryId,
        typeId: row.typeId,
        customerTypeId: row.customerTypeId,
        quantity: row.groupSize,
        priceCents: row.priceCents,
      })),
      hotelPrices: hotelRows,
      hotelNights: tour.hotelNights,
      services: offerRows.map((row) => ({ offerId: row.offerId, priceCents: row.priceCents })),
    },
    limits: {
      maxPassengers: tour.maxGroupSize,
      perPersonOffers: new Set(offerRows.filter((row) => row.perPerson).map((row) => row.offerId)),
    },
    categories: categoryRows,
    types: typeRows,
    customerTypes: customerTypeRows,
    hotelTypes: hotelTypeRows,
    roomTypes: roomTypeRows,
    offers: new Map(
      offerRows.map((row) => [row.offerId, { serviceId: row.serviceId, isTour: row.isTour }]),
    ),
    hasHotels: hotelRows.length > 0,
  };
}

/** The name of a row in a language, or the id itself when the row is unknown. */
export function nameOf(rows: Named[], id: string, language: Language): string {
  const row = rows.find((candidate) => candidate.id === id);
  return row ? nameIn(row, language) : id;
}
