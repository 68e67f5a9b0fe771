import type { CustomerTypeKey, TourFamilyKey } from '@cusco/shared';

/** A text in both languages of the product. */
export interface Bilingual {
  en: string;
  es: string;
}

export type TourTypeKey = 'group' | 'private';
/** Guide languages for treks and trails; hotel categories for the Machu Picchu family. */
export type CategoryKey = 'english' | 'spanish' | 'touristHotel' | 'superiorHotel';
export type HotelTypeKey = 'tourist3' | 'superior4' | 'luxury5';
export type RoomTypeKey = 'single' | 'double' | 'triple';

/** Price per passenger in whole US dollars, by customer type. */
export type PassengerPrices = Record<CustomerTypeKey, number>;

export interface TourSeed {
  /** Six digits, unique. */
  code: string;
  family: TourFamilyKey;
  name: Bilingual;
  days: number;
  nights: number;
  /** The most passengers one booking may carry. */
  maxGroupSize: number;
  types: TourTypeKey[];
  categories: CategoryKey[];
  /**
   * Group-size price tiers per tour type: `{ group: { 1: {...}, 4: {...}, 8: {...} } }`. A tier
   * applies from its size up to the next tier's (groups of 1–3 pay the first here); the seed
   * stores one row per group size up to the largest tier, and larger groups pay the largest
   * tier (spec §9: the row whose quantity equals the group size, else the largest one).
   */
  prices: Partial<Record<TourTypeKey, Record<number, PassengerPrices>>>;
  /** Extra dollars per passenger for a category (e.g. the superior hotel), added to every row but babies'. */
  categorySurcharge?: Partial<Record<CategoryKey, number>>;
  /** Nights of hotel per room booked (spec "hotelNight"). */
  hotelNights?: number;
  /** Price per room and night, by hotel category and room type, in whole US dollars. */
  hotels?: Partial<Record<HotelTypeKey, Partial<Record<RoomTypeKey, number>>>>;
  /** Additional services offered with this tour: keys of the services catalogue, with prices. */
  services: { service: string; label: Bilingual; price: number }[];
  /** Codes of related tours. */
  related: string[];
  /** Day-by-day programme; several entries may share a day. */
  itinerary: { day: number; name: Bilingual }[];
  included: Bilingual[];
  notIncluded: Bilingual[];
}

export interface ServiceSeed {
  key: string;
  name: Bilingual;
  description: Bilingual;
  /** Shown among "other tours" rather than additional services. */
  isTour: boolean;
}
