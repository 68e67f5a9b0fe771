import {
  CustomerTypeId,
  findPassengerPrice,
  type PageLanguage,
  type PriceRow,
  type Tour,
  type TourListItem,
  toCents,
  todayInLima,
} from '@cusco/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tours } from '../../db/schema.ts';
import { availabilityOf } from '../departures/manage.ts';
import { policyFor } from '../lifecycle/policies.ts';
import { getTour, listTours } from '../tours/service.ts';
import { currentSlugs, type TourSlugs } from './slugs.ts';
import { formatUsd, pageTexts } from './texts.ts';

/** How many open dates a tour page lists, and how far ahead it looks for them. */
export const PAGE_DATES = 8;
export const PAGE_DATES_DAYS = 120;

/** A card of the catalogue: the tour as the app's list gives it, with its addresses. */
export type CatalogueTour = TourListItem & { slugs: TourSlugs };

/** The catalogue page: the active tours, grouped by family in the app's order (its tabs). */
export interface CatalogueData {
  language: PageLanguage;
  families: { id: string; name: string; tours: CatalogueTour[] }[];
}

export async function loadCatalogue(db: Executor, language: PageLanguage): Promise<CatalogueData> {
  const [items, slugs] = await Promise.all([listTours(db, language), currentSlugs(db)]);
  const families: CatalogueData['families'] = [];
  for (const item of items) {
    const tourSlugs = slugs.get(item.code);
    if (!tourSlugs) continue;
    let family = families.find((entry) => entry.id === item.categoryId);
    if (!family) {
      family = { id: item.categoryId, name: item.categoryname, tours: [] };
      families.push(family);
    }
    family.tours.push({ ...item, slugs: tourSlugs });
  }
  return { language, families };
}

/** The prices of a group size range, one per series (type and category), in dollars. */
export interface PriceBand {
  from: number;
  to: number;
  prices: (number | null)[];
}

/** Everything a tour page shows. */
export interface TourPageData {
  language: PageLanguage;
  tour: Tour;
  slugs: TourSlugs;
  familyName: string;
  modality: string;
  /** The lowest adult price per person, and the group size it is charged for. */
  from: { price: number; groupSize: number; typeId: string; categoryId: string } | null;
  priceTable: { series: string[]; bands: PriceBand[] };
  dates: { date: string; seatsLeft: number; more: boolean }[];
  terms: string[];
  /** The tour's last change, ISO (the sitemap's and the page's). */
  updatedAt: string;
}

/** A tour's page without its dates: what changes only with the catalogue (cached with it). */
export type TourPageBase = Omit<TourPageData, 'dates'>;

/**
 * A tour's page without its dates: the booking page's own tour answer (getTour, the same prices
 * the booking charges) and its change policy in short; cached with the catalogue. The dates
 * (nextOpenDates) change with bookings and are read apart.
 */
export async function loadTourBase(
  db: Executor,
  code: string,
  slugs: TourSlugs,
  language: PageLanguage,
): Promise<TourPageBase> {
  const tour = await getTour(db, code, language);
  const [[meta], list, policy] = await Promise.all([
    db.select({ updatedAt: tours.updatedAt }).from(tours).where(eq(tours.id, tour.id)),
    listTours(db, language),
    policyFor(db, tour.id, 'standard'),
  ]);
  const item = list.find((entry) => entry.code === code);
  const texts = pageTexts[language];
  const terms = [
    policy.keepDeposit ? texts.deposit : texts.depositRefundable,
    ...policy.windows
      .toSorted((a, b) => b.daysBefore - a.daysBefore)
      .map((window) => texts.window(window.daysBefore, window.keepPercent)),
    ...(policy.lastChangeDays > 0 ? [texts.lastChange(policy.lastChangeDays)] : []),
    ...(policy.nameChangeFeeCents > 0
      ? [texts.nameChange(formatUsd(language, policy.nameChangeFeeCents / 100))]
      : []),
  ];
  const table = priceTable(tour);
  return {
    language,
    tour,
    slugs,
    familyName: item?.categoryname ?? '',
    modality: item?.typename ?? tour.types.map((type) => type.label).join(' · '),
    from: table.from,
    priceTable: { series: table.series, bands: table.bands },
    terms,
    updatedAt: (meta?.updatedAt ?? new Date()).toISOString(),
  };
}

/** The tour's next PAGE_DATES open dates within PAGE_DATES_DAYS, as its booking calendar has them. */
export async function nextOpenDates(
  db: Executor,
  code: string,
  language: PageLanguage,
  today = todayInLima(),
): Promise<TourPageData['dates']> {
  // A month at a time: most tours fill the list from the first one.
  const day = (offset: number) => {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  const open: TourPageData['dates'] = [];
  for (let start = 0; start < PAGE_DATES_DAYS && open.length < PAGE_DATES; start += 30) {
    const end = Math.min(start + 29, PAGE_DATES_DAYS - 1);
    const days = await availabilityOf(
      db,
      code,
      { from: day(start), to: day(end) },
      language,
      today,
    );
    for (const entry of days) {
      if (entry.status === 'open' && open.length < PAGE_DATES) {
        open.push({ date: entry.date, seatsLeft: entry.seatsLeft, more: entry.more });
      }
    }
  }
  return open;
}

/**
 * The adult price per person for each group size, by the booking's own rule (findPassengerPrice
 * on the tour's answer), for each type and category whose prices differ; equal sizes in a row
 * are one band. The lowest is the "from" price.
 */
export function priceTable(tour: Tour) {
  const rows: PriceRow[] = tour.prices.map((price) => ({
    categoryId: price.categoryId,
    typeId: price.typeId,
    customerTypeId: price.customerTypeId,
    quantity: price.quantity,
    priceCents: toCents(price.price),
  }));
  const adult = rows.filter((row) => row.customerTypeId === CustomerTypeId.adult);
  const sizes = Array.from({ length: Math.max(tour.maxPassengers, 1) }, (_, index) => index + 1);
  const series: { label: string; typeId: string; categoryId: string; prices: (number | null)[] }[] =
    [];
  for (const type of tour.types) {
    const ofType: typeof series = [];
    for (const category of tour.categories) {
      const selection = {
        typeId: type.value,
        categoryId: category.value,
        customerTypeId: CustomerTypeId.adult,
      };
      const prices = sizes.map((size) => {
        const row = findPassengerPrice(adult, selection, size);
        return row ? row.priceCents / 100 : null;
      });
      if (prices.every((price) => price === null)) continue;
      if (ofType.some((other) => other.prices.join() === prices.join())) continue;
      ofType.push({
        label: category.label,
        typeId: type.value,
        categoryId: category.value,
        prices,
      });
    }
    for (const entry of ofType) {
      series.push({
        ...entry,
        label: ofType.length > 1 ? `${type.label} · ${entry.label}` : type.label,
      });
    }
  }
  const bands: PriceBand[] = [];
  for (const [index, size] of sizes.entries()) {
    const prices = series.map((entry) => entry.prices[index] ?? null);
    const last = bands.at(-1);
    if (last && last.prices.join() === prices.join()) last.to = size;
    else bands.push({ from: size, to: size, prices });
  }
  let from: TourPageData['from'] = null;
  for (const entry of series) {
    for (const [index, price] of entry.prices.entries()) {
      if (price !== null && (from === null || price < from.price)) {
        from = {
          price,
          groupSize: sizes[index] ?? 1,
          typeId: entry.typeId,
          categoryId: entry.categoryId,
        };
      }
    }
  }
  return { series: series.map((entry) => entry.label), bands, from };
}
