import { type BookingLimits, type Language, nameIn, type PricingCatalog } from '@cusco/shared';
import { and, eq } from 'drizzle-orm';
import { type Executor, readAll } from '../../db/client.ts';
import { customerTypes, hotelTypes, roomTypes, tours } from '../../db/schema.ts';
import { type AvailabilityTour, availabilityTour } from '../departures/plan.ts';
import { loadServiceOfferRows, type ServiceOfferRow } from '../tours/service-offers.ts';
import {
  tourCategoryNames,
  tourHotelRows,
  tourNameColumns,
  tourPriceRows,
  tourTypeNames,
} from '../tours/tour-parts.ts';

export type Named = { id: string; nameEn: string; nameEs: string };

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
  /** Its running rules and limits (issue 14): the dates it runs, its seats and private groups. */
  availability: AvailabilityTour;
}

/** A tour's pricing head: what a booking needs of the tour itself; null for an unknown tour. */
async function pricingTour(db: Executor, tourId: string) {
  const [tour] = await db
    .select({
      id: tours.id,
      ...tourNameColumns,
      hotelNights: tours.hotelNights,
      maxGroupSize: tours.maxGroupSize,
    })
    .from(tours)
    .where(and(eq(tours.id, tourId), eq(tours.isActive, true)));
  return tour ?? null;
}

/** The names of a reference table's rows (customer, hotel and room types). */
function namesOf(db: Executor, table: typeof customerTypes | typeof hotelTypes | typeof roomTypes) {
  return db.select({ id: table.id, nameEn: table.nameEn, nameEs: table.nameEs }).from(table);
}

/** Everything the server needs to price and check a booking of one tour; null for none. */
export async function loadTourPricing(db: Executor, tourId: string): Promise<TourPricing | null> {
  const tour = await pricingTour(db, tourId);
  if (!tour) return null;
  const [categoryRows, typeRows, customerTypeRows, hotelTypeRows, roomTypeRows, ...lines] =
    await readAll(db, [
      () => tourCategoryNames(db, tour.id),
      () => tourTypeNames(db, tour.id),
      () => namesOf(db, customerTypes),
      () => namesOf(db, hotelTypes),
      () => namesOf(db, roomTypes),
      () => tourPriceRows(db, tour.id),
      () => tourHotelRows(db, tour.id),
      () => loadServiceOfferRows(db, tour.id),
    ]);
  return {
    ...pricingOf(tour, ...lines),
    categories: categoryRows,
    types: typeRows,
    customerTypes: customerTypeRows,
    hotelTypes: hotelTypeRows,
    roomTypes: roomTypeRows,
    availability: await availabilityTour(db, { id: tour.id }),
  };
}

/** The pricing catalogue, limits and offers of a tour, from its price, hotel and offer rows. */
function pricingOf(
  tour: TourPricing['tour'],
  priceRows: Awaited<ReturnType<typeof tourPriceRows>>,
  hotelRows: Awaited<ReturnType<typeof tourHotelRows>>,
  offerRows: ServiceOfferRow[],
) {
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
      hotelPrices: hotelRows.map(({ hotelTypeId, roomTypeId, priceCents }) => ({
        hotelTypeId,
        roomTypeId,
        priceCents,
      })),
      hotelNights: tour.hotelNights,
      services: offerRows.map((row) => ({ offerId: row.offerId, priceCents: row.priceCents })),
    },
    limits: {
      maxPassengers: tour.maxGroupSize,
      perPersonOffers: new Set(offerRows.filter((row) => row.perPerson).map((row) => row.offerId)),
    },
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
