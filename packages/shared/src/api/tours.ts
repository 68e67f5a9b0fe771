import * as z from 'zod/mini';
import type { BookingLimits } from '../rules/limits.ts';
import { toCents } from '../rules/money.ts';
import type { PricingCatalog } from '../rules/pricing.ts';
import { option } from './common.ts';
import { lazySchema } from './lazy-schema.ts';

/** Spec §2: strip dashes, letters and any non-digit; valid only if exactly 6 digits remain. */
export function cleanTourCode(raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

export const tourCodeParams = lazySchema(() =>
  z.object({
    id: z.pipe(
      z.string(),
      z.transform((value: string, payload) => {
        const code = cleanTourCode(value);
        if (!code) {
          payload.issues.push({ code: 'custom', message: 'invalidTourCode', input: value });
          return z.NEVER;
        }
        return code;
      }),
    ),
  }),
);

export const customerTypeOption = lazySchema(() =>
  z.extend(option, {
    /** Who counts as this type of passenger (spec §2 eligibility texts). */
    description: z.string(),
  }),
);

export const tourPrice = lazySchema(() =>
  z.object({
    categoryId: z.string(),
    typeId: z.string(),
    customerTypeId: z.string(),
    /** The group size this price applies to. */
    quantity: z.number().check(z.int()),
    /** Price per passenger in US dollars. */
    price: z.number(),
  }),
);
export type TourPrice = z.infer<typeof tourPrice>;

export const hotelPrice = lazySchema(() =>
  z.object({ roomId: z.string(), typeId: z.string(), price: z.number() }),
);
export type HotelPrice = z.infer<typeof hotelPrice>;

export const tourHotel = lazySchema(() =>
  z.object({
    types: z.array(option),
    rooms: z.array(option),
    prices: z.array(hotelPrice),
  }),
);

export const additionalServicePrice = lazySchema(() =>
  z.object({
    id: z.string(),
    label: z.string(),
    value: z.number(),
    /** Sold per passenger: at most one per passenger of the booking. */
    perPerson: z.boolean(),
  }),
);

export const additionalServiceOffer = lazySchema(() =>
  z.object({
    name: z.string(),
    description: z.string(),
    prices: z.array(additionalServicePrice),
  }),
);
export type AdditionalServiceOffer = z.infer<typeof additionalServiceOffer>;

/** GET tour/{id} and GET tour/private/{tourId} (spec §3 "Tour"). */
export const tour = lazySchema(() =>
  z.object({
    id: z.uuid(),
    code: z.string(),
    name: z.string(),
    days: z.number().check(z.int()),
    nights: z.number().check(z.int()),
    types: z.array(option),
    categories: z.array(option),
    /** The id of the tour's family (Inca Trail, Alternative Trek, Package, Machu Picchu). */
    categoryPrincipal: z.string(),
    customerTypes: z.array(customerTypeOption),
    prices: z.array(tourPrice),
    hotel: z.nullable(tourHotel),
    hotelNight: z.number().check(z.int()),
    /** The most passengers one booking of this tour may carry (the tour's group maximum). */
    maxPassengers: z.number().check(z.int()),
    additionalServices: z.array(additionalServiceOffer),
    relatedTours: z.array(option),
    itinerary: z.array(z.object({ day: z.number().check(z.int()), name: z.string() })),
    includeServices: z.array(z.object({ name: z.string() })),
    notincludeServices: z.array(z.object({ name: z.string() })),
  }),
);
export type Tour = z.infer<typeof tour>;

/** GET tour/list (spec §3 "Tour list item"). */
export const tourListItem = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    /** The modality: the tour types offered, e.g. "Group · Private". */
    typename: z.string(),
    /** The family's name, e.g. "Inka Trail". */
    categoryname: z.string(),
    /** The family's id, which groups the cards into the tabs. */
    categoryId: z.string(),
    days: z.number().check(z.int()),
    nights: z.number().check(z.int()),
    /** The lowest adult price in US dollars, for "from $…". */
    fromPrice: z.nullable(z.number()),
    /** How the tour begins (its itinerary's first event), as a short description; '' when none. */
    summary: z.string(),
  }),
);
export type TourListItem = z.infer<typeof tourListItem>;
export const tourList = lazySchema(() => z.array(tourListItem));

export const countryList = lazySchema(() => z.array(option));

/** GET /api/health (liveness: the process is up). */
export const healthResponse = lazySchema(() => z.object({ status: z.literal('ok') }));
/** GET /api/ready (readiness: the database answers and is migrated). */
export const readyResponse = lazySchema(() => z.object({ status: z.literal('ready') }));

/** A tour's limits on one booking, as the booking page and the API check them. */
export function bookingLimitsOfTour(value: Tour): BookingLimits {
  return {
    maxPassengers: value.maxPassengers,
    perPersonOffers: new Set(
      value.additionalServices.flatMap((service) =>
        service.prices.filter((price) => price.perPerson).map((price) => price.id),
      ),
    ),
  };
}

/** A tour's prices in the pricing rules' terms (cents), as the booking page prices live. */
export function pricingCatalogFromTour(value: Tour): PricingCatalog {
  return {
    prices: value.prices.map((row) => ({
      categoryId: row.categoryId,
      typeId: row.typeId,
      customerTypeId: row.customerTypeId,
      quantity: row.quantity,
      priceCents: toCents(row.price),
    })),
    hotelPrices: (value.hotel?.prices ?? []).map((row) => ({
      hotelTypeId: row.typeId,
      roomTypeId: row.roomId,
      priceCents: toCents(row.price),
    })),
    hotelNights: value.hotelNight,
    services: value.additionalServices.flatMap((service) =>
      service.prices.map((price) => ({ offerId: price.id, priceCents: toCents(price.value) })),
    ),
  };
}
