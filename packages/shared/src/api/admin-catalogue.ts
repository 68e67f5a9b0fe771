import * as z from 'zod/mini';
import type { MessageKey } from '../messages.ts';
import { namedItem, pageQuery } from './common.ts';
import { key, trimmedText } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';
import { purchaseItemView } from './purchases.ts';

/**
 * The back office's catalogue editor (issue 14, administrators; agents read it): a tour's names,
 * itinerary, included and not included services, price tiers, hotel prices, additional services,
 * related tours and whether it is offered. Each section is saved by its own call, which names the
 * tour's `revision` it was edited from: an older one is refused (409), so that two administrators
 * never silently overwrite each other. Every call answers the whole editable tour again, with its
 * new revision. Prices are US dollars with at most two decimals.
 */

export const CATALOGUE_LIMITS = {
  /** Names and labels. */
  shortText: 120,
  /** Itinerary events, inclusions and their observations. */
  longText: 500,
  /** The most a price may be, in dollars: anything above is a typing mistake. */
  maxPrice: 100_000,
  /** The largest group a price tier may start at (a booking carries at most 99 passengers). */
  maxGroupSize: 99,
  /** The last day an itinerary event may fall on (the tour's own days are checked by the API). */
  maxDay: 60,
  /** Hotel nights per room (the tour's own nights are checked by the API). */
  maxHotelNights: 30,
  itinerary: 100,
  inclusions: 60,
  series: 40,
  tiers: 30,
  hotelPrices: 100,
  offers: 60,
  related: 20,
} as const;

/** A required text: trimmed, not empty, at most `max` characters. */
function requiredField(max: number, tooLong: MessageKey) {
  return z
    .string({ error: key('fieldRequired') })
    .check(
      z.trim(),
      z.minLength(1, { error: key('fieldRequired') }),
      z.maxLength(max, { error: tooLong }),
    );
}

const shortText = lazySchema(() => requiredField(CATALOGUE_LIMITS.shortText, 'tooLong120'));
const longText = lazySchema(() => requiredField(CATALOGUE_LIMITS.longText, 'tooLong500'));
const optionalLongText = lazySchema(() =>
  z._default(
    z.optional(
      z
        .string({ error: key('invalidInput') })
        .check(z.trim(), z.maxLength(CATALOGUE_LIMITS.longText, { error: key('tooLong500') })),
    ),
    '',
  ),
);

/** One of the choices the editor offers (a type, a category, a customer type, a service…). */
const choice = lazySchema(() => z.uuid({ error: key('catalogueUnknownOption') }));

/** A price in US dollars: from 0 to 100,000, in whole cents. */
export const cataloguePrice = lazySchema(() =>
  z.number({ error: key('priceInvalid') }).check(
    z.minimum(0, { error: key('priceInvalid') }),
    z.maximum(CATALOGUE_LIMITS.maxPrice, { error: key('priceInvalid') }),
    z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: key('priceInvalid'),
    }),
  ),
);

/** The group size from which a tier's prices apply: a whole number from 1 to 99. */
export const tierGroupSize = lazySchema(() =>
  z
    .number({ error: key('groupSizeInvalid') })
    .check(
      z.int({ error: key('groupSizeInvalid') }),
      z.minimum(1, { error: key('groupSizeInvalid') }),
      z.maximum(CATALOGUE_LIMITS.maxGroupSize, { error: key('groupSizeInvalid') }),
    ),
);

/** The tour's revision an edit was made from (every answer gives the current one). */
const revision = lazySchema(() =>
  z
    .number({ error: key('invalidInput') })
    .check(
      z.int({ error: key('invalidInput') }),
      z.minimum(0, { error: key('invalidInput') }),
      z.maximum(2_147_483_647, { error: key('invalidInput') }),
    ),
);

const list = <T extends z.core.$ZodType>(item: T, max: number) =>
  z
    .array(item, { error: key('invalidInput') })
    .check(z.maxLength(max, { error: key('catalogueTooMany') }));

/**
 * Reports each item whose `keyOf` was seen before ('listedTwice'), at `path(index)`; an item
 * without a key (null) is not compared.
 */
function refuseRepeats<T>(
  items: readonly T[],
  keyOf: (item: T) => string | null,
  ctx: z.core.$RefinementCtx,
  path: (index: number) => (string | number)[],
) {
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    const itemKey = keyOf(item);
    if (itemKey === null) continue;
    if (seen.has(itemKey)) {
      ctx.addIssue({ code: 'custom', message: key('listedTwice'), path: path(index) });
    }
    seen.add(itemKey);
  }
}

/**
 * A list of at most `max` items in which each is listed once by `keyOf`: a repeat is reported
 * ('listedTwice') at its index, on its `field` when one is named.
 */
const listOnce = <T extends z.core.$ZodType>(
  item: T,
  max: number,
  keyOf: (item: z.output<T>) => string | null,
  field?: string,
) =>
  list(item, max).check(
    z.superRefine((items, ctx) =>
      refuseRepeats(items, keyOf, ctx, (index) => (field ? [index, field] : [index])),
    ),
  );

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

export const adminTourActiveFilters = ['all', 'active', 'inactive'] as const;

/** GET admin/tours: every tour, offered or not; `q` is part of its code or name. */
export const adminTourQuery = lazySchema(() =>
  z.extend(pageQuery, {
    q: z.optional(trimmedText(100)),
    active: z._default(z.optional(z.enum(adminTourActiveFilters)), 'all'),
  }),
);
export type AdminTourQuery = z.output<typeof adminTourQuery>;

/** A tour as the list and the editor show it: its names, its family and its length. */
const adminTourFields = {
  nameEn: z.string(),
  nameEs: z.string(),
  /** The family (Inka Trail, Alternative Trek…), in the request's language. */
  family: z.string(),
  days: z.number().check(z.int()),
  nights: z.number().check(z.int()),
};

export const adminTourListItem = lazySchema(() =>
  z.object({
    code: z.string(),
    /** The name in the request's language. */
    name: z.string(),
    ...adminTourFields,
    active: z.boolean(),
    /** The lowest adult price, in dollars; null without prices. */
    fromPrice: z.nullable(z.number()),
    revision: z.number().check(z.int()),
  }),
);
export type AdminTourListItem = z.infer<typeof adminTourListItem>;
export const adminTourList = lazySchema(() => z.array(adminTourListItem));

// ---------------------------------------------------------------------------------------------
// The sections, as the editor shows them and as their calls take them
// ---------------------------------------------------------------------------------------------

export const itineraryEntry = lazySchema(() =>
  z.object({
    day: z
      .number({ error: key('itineraryDayInvalid') })
      .check(
        z.int({ error: key('itineraryDayInvalid') }),
        z.minimum(1, { error: key('itineraryDayInvalid') }),
        z.maximum(CATALOGUE_LIMITS.maxDay, { error: key('itineraryDayInvalid') }),
      ),
    nameEn: longText,
    nameEs: longText,
  }),
);
export type ItineraryEntry = z.output<typeof itineraryEntry>;

export const inclusionEntry = lazySchema(() =>
  z.object({
    nameEn: longText,
    nameEs: longText,
    /** Shown beside the service on a booking's detail. */
    observationEn: optionalLongText,
    observationEs: optionalLongText,
  }),
);
export type InclusionEntry = z.output<typeof inclusionEntry>;

/** One customer type's price in a tier. */
export const tierPrice = lazySchema(() =>
  z.object({ customerTypeId: choice, price: cataloguePrice }),
);

/** A tier: the prices per customer type that apply from `groupSize` passengers on. */
export const priceTier = lazySchema(() =>
  z
    .object({
      groupSize: tierGroupSize,
      prices: list(tierPrice, 10),
    })
    .check(
      z.superRefine((tier, ctx) =>
        refuseRepeats(
          tier.prices,
          (price) => price.customerTypeId.toLowerCase(),
          ctx,
          (index) => ['prices', index, 'customerTypeId'],
        ),
      ),
    ),
);
export type PriceTier = z.output<typeof priceTier>;

/**
 * A price series: a type and a category of the tour, and its tiers. Spec §9 takes the tier of the
 * exact group size, else the largest (ADR 0010: every size from one tier up to the next pays that
 * tier), so a series starts at 1 passenger: a smaller group would otherwise pay the largest tier.
 */
export const priceSeries = lazySchema(() =>
  z
    .object({
      typeId: choice,
      categoryId: choice,
      tiers: list(priceTier, CATALOGUE_LIMITS.tiers),
    })
    .check(
      z.superRefine((series, ctx) => {
        refuseRepeats(
          series.tiers,
          (tier) => String(tier.groupSize),
          ctx,
          (index) => ['tiers', index, 'groupSize'],
        );
        if (series.tiers.length > 0 && !series.tiers.some((tier) => tier.groupSize === 1)) {
          const smallest = series.tiers.reduce(
            (best, tier, index) =>
              tier.groupSize < (series.tiers[best]?.groupSize ?? Number.POSITIVE_INFINITY)
                ? index
                : best,
            0,
          );
          ctx.addIssue({
            code: 'custom',
            message: key('tierFromOne'),
            path: ['tiers', smallest, 'groupSize'],
          });
        }
      }),
    ),
);
export type PriceSeries = z.output<typeof priceSeries>;

export const hotelPriceEntry = lazySchema(() =>
  z.object({
    hotelTypeId: choice,
    roomTypeId: choice,
    /** Per room and night. */
    price: cataloguePrice,
  }),
);
export type HotelPriceEntry = z.output<typeof hotelPriceEntry>;

export const serviceOfferEntry = lazySchema(() =>
  z.object({
    /** The offer's id when it exists already (bookings name it); none for a new one. */
    id: z.optional(z.nullable(z.uuid({ error: key('catalogueUnknownOption') }))),
    serviceId: choice,
    labelEn: shortText,
    labelEs: shortText,
    price: cataloguePrice,
  }),
);
export type ServiceOfferEntry = z.output<typeof serviceOfferEntry>;

const tourCode = lazySchema(() =>
  z.string({ error: key('invalidTourCode') }).check(
    z.regex(/^\d{6}$/, {
      error: key('invalidTourCode'),
    }),
  ),
);

// ---------------------------------------------------------------------------------------------
// The calls: PUT admin/tours/{code}/<section>
// ---------------------------------------------------------------------------------------------

/** PUT admin/tours/{code}/texts: the tour's name in both languages. */
export const tourTextsRequest = lazySchema(() =>
  z.object({ revision, nameEn: shortText, nameEs: shortText }),
);
export type TourTextsRequest = z.input<typeof tourTextsRequest>;

/** PUT admin/tours/{code}/itinerary: the events, day by day, in their order. */
export const tourItineraryRequest = lazySchema(() =>
  z.object({
    revision,
    itinerary: list(itineraryEntry, CATALOGUE_LIMITS.itinerary),
  }),
);
export type TourItineraryRequest = z.input<typeof tourItineraryRequest>;

/** PUT admin/tours/{code}/inclusions: what the price includes, and what it does not. */
export const tourInclusionsRequest = lazySchema(() =>
  z.object({
    revision,
    included: list(inclusionEntry, CATALOGUE_LIMITS.inclusions),
    notIncluded: list(inclusionEntry, CATALOGUE_LIMITS.inclusions),
  }),
);
export type TourInclusionsRequest = z.input<typeof tourInclusionsRequest>;

/**
 * PUT admin/tours/{code}/prices: every price series of the tour (a series left out, or without
 * tiers, has no prices: the booking page says so for that type and category).
 */
export const tourPricesRequest = lazySchema(() =>
  z.object({
    revision,
    prices: list(priceSeries, CATALOGUE_LIMITS.series).check(
      z.refine((series) => series.some((one) => one.tiers.length > 0), {
        error: key('pricesEmpty'),
      }),
      z.superRefine((series, ctx) =>
        refuseRepeats(
          series,
          (one) => `${one.typeId}|${one.categoryId}`.toLowerCase(),
          ctx,
          (index) => [index, 'categoryId'],
        ),
      ),
    ),
  }),
);
export type TourPricesRequest = z.input<typeof tourPricesRequest>;

/** PUT admin/tours/{code}/hotels: nights per room booked, and the price per room and night. */
export const tourHotelsRequest = lazySchema(() =>
  z.object({
    revision,
    hotelNights: z
      .number({ error: key('hotelNightsInvalid') })
      .check(
        z.int({ error: key('hotelNightsInvalid') }),
        z.minimum(0, { error: key('hotelNightsInvalid') }),
        z.maximum(CATALOGUE_LIMITS.maxHotelNights, { error: key('hotelNightsInvalid') }),
      ),
    prices: listOnce(
      hotelPriceEntry,
      CATALOGUE_LIMITS.hotelPrices,
      (price) => `${price.hotelTypeId}|${price.roomTypeId}`.toLowerCase(),
      'roomTypeId',
    ),
  }),
);
export type TourHotelsRequest = z.input<typeof tourHotelsRequest>;

/**
 * PUT admin/tours/{code}/services: the additional services the tour sells, in their order. An
 * offer left out is deleted, or, when bookings bought it, withdrawn: no longer sold, kept on
 * those bookings. An existing offer keeps its service.
 */
export const tourServicesRequest = lazySchema(() =>
  z.object({
    revision,
    offers: listOnce(
      serviceOfferEntry,
      CATALOGUE_LIMITS.offers,
      (offer) => offer.id?.toLowerCase() ?? null,
      'id',
    ),
  }),
);
export type TourServicesRequest = z.input<typeof tourServicesRequest>;

/** PUT admin/tours/{code}/related: the tours offered beside this one, by code, in order. */
export const tourRelatedRequest = lazySchema(() =>
  z.object({
    revision,
    related: listOnce(tourCode, CATALOGUE_LIMITS.related, (code) => code),
  }),
);
export type TourRelatedRequest = z.input<typeof tourRelatedRequest>;

/**
 * PUT admin/tours/{code}/active: an inactive tour leaves the catalogue and its booking page says
 * it is not offered; its bookings keep working.
 */
export const tourActiveRequest = lazySchema(() =>
  z.object({
    revision,
    active: z.boolean({ error: key('invalidInput') }),
  }),
);
export type TourActiveRequest = z.input<typeof tourActiveRequest>;

/** A whole number from `min` to `max`, with one message for anything else. */
const wholeFrom = (min: number, max: number) =>
  z
    .number({ error: key('wholeNumberInvalid') })
    .check(
      z.int({ error: key('wholeNumberInvalid') }),
      z.minimum(min, { error: key('wholeNumberInvalid') }),
      z.maximum(max, { error: key('wholeNumberInvalid') }),
    );

/** Numbers listed once each, from `min` to `max`. */
const distinctNumbers = (min: number, max: number) =>
  z.array(wholeFrom(min, max)).check(
    z.maxLength(max - min + 1),
    z.refine((values) => new Set(values).size === values.length, { error: key('listedTwice') }),
  );

/** Porters per traveller: 0 to 10, to a tenth (1.5: three porters for two travellers). */
const porterRatio = lazySchema(() =>
  z.number({ error: key('crewRuleInvalid') }).check(
    z.minimum(0, { error: key('crewRuleInvalid') }),
    z.maximum(10, { error: key('crewRuleInvalid') }),
    z.refine((value) => Number.isInteger(Math.round(value * 1e6) / 1e5), {
      error: key('crewRuleInvalid'),
    }),
  ),
);

/**
 * PUT admin/tours/{code}/rules: when the tour runs and how many it takes (issue 14): the lead
 * time in days, the months it does not run, the days of the week it runs, the seats of each
 * group departure and the private groups a day on dates the agency has not scheduled (null: no
 * limit), the staff walking with each traveller (trail permits), and the most passengers one
 * booking carries.
 */
export const tourRulesRequest = lazySchema(() =>
  z.object({
    revision,
    leadDays: wholeFrom(0, 365),
    closedMonths: distinctNumbers(1, 12),
    weekdays: distinctNumbers(0, 6).check(z.minLength(1, { error: key('weekdaysRequired') })),
    capacity: z.nullable(wholeFrom(0, 999)),
    privateGroups: z.nullable(wholeFrom(0, 99)),
    staffRatio: z.number({ error: key('staffRatioInvalid') }).check(
      z.minimum(0, { error: key('staffRatioInvalid') }),
      z.maximum(10, { error: key('staffRatioInvalid') }),
      z.refine((value) => Number.isInteger(value * 10), { error: key('staffRatioInvalid') }),
    ),
    maxGroupSize: wholeFrom(1, 99),
    /**
     * The crew rule (issue 29), what a departure's crew should be: one guide for every
     * `guideEvery` travellers (0: no guide), `cooks` cooks, `portersPerTraveller` porters per
     * traveller (to a tenth). Left out, each keeps what the tour had.
     */
    guideEvery: z.optional(wholeFrom(0, 99)),
    cooks: z.optional(wholeFrom(0, 20)),
    portersPerTraveller: z.optional(porterRatio),
  }),
);
export type TourRulesRequest = z.input<typeof tourRulesRequest>;

/** The tour's rules, as the editor shows them (its crew rule always there). */
export const tourRules = lazySchema(() =>
  z.extend(z.omit(tourRulesRequest, { revision: true }), {
    guideEvery: wholeFrom(0, 99),
    cooks: wholeFrom(0, 20),
    portersPerTraveller: porterRatio,
  }),
);

// ---------------------------------------------------------------------------------------------
// The change policies (issue 27): PUT admin/tours/{code}/policies
// ---------------------------------------------------------------------------------------------

export const POLICY_LIMITS = {
  /** Windows of one policy. */
  windows: 10,
  /** The most days before travel a window or the last day for changes may name. */
  maxDays: 365,
} as const;

/** Days before travel: a whole number from 0 (the travel date) to 365. */
const policyDays = lazySchema(() =>
  z
    .number({ error: key('policyDaysInvalid') })
    .check(
      z.int({ error: key('policyDaysInvalid') }),
      z.minimum(0, { error: key('policyDaysInvalid') }),
      z.maximum(POLICY_LIMITS.maxDays, { error: key('policyDaysInvalid') }),
    ),
);

/**
 * A window of a policy: cancelling with `daysBefore` days or fewer left keeps `keepPercent` % of
 * the price (the narrowest window that holds the day applies; none further ahead).
 */
export const policyWindowEntry = lazySchema(() =>
  z.object({
    daysBefore: policyDays,
    keepPercent: z
      .number({ error: key('policyPercentInvalid') })
      .check(
        z.int({ error: key('policyPercentInvalid') }),
        z.minimum(0, { error: key('policyPercentInvalid') }),
        z.maximum(100, { error: key('policyPercentInvalid') }),
      ),
  }),
);
export type PolicyWindowEntry = z.output<typeof policyWindowEntry>;

/**
 * A tour's change policy for one audience, as the editor shows and saves it (docs/changes.md):
 * the windows (each `daysBefore` once), whether the deposit is kept, what the agency buys per
 * traveller and cannot get back (the permit, on a permit-bound date; entrance and train tickets),
 * the fees of a date change and of a permit holder's name or passport change, and the last day
 * before travel a change other than a cancellation is taken. Money in US dollars, 0 to 100,000,
 * in whole cents.
 */
export const changePolicyEntry = lazySchema(() =>
  z.object({
    windows: listOnce(
      policyWindowEntry,
      POLICY_LIMITS.windows,
      (window) => String(window.daysBefore),
      'daysBefore',
    ),
    keepDeposit: z.boolean({ error: key('invalidInput') }),
    permitCost: cataloguePrice,
    entranceCost: cataloguePrice,
    trainCost: cataloguePrice,
    dateChangeFee: cataloguePrice,
    nameChangeFee: cataloguePrice,
    lastChangeDays: policyDays,
  }),
);
export type ChangePolicyEntry = z.output<typeof changePolicyEntry>;

/**
 * PUT admin/tours/{code}/policies: the tour's two policies, for its public bookings (`standard`)
 * and for corporate bookings on credit (`corporate`). Both are saved; a tour that had none has
 * them from then on (until then it follows the spec's terms).
 */
export const tourPoliciesRequest = lazySchema(() =>
  z.object({
    revision,
    standard: changePolicyEntry,
    corporate: changePolicyEntry,
  }),
);
export type TourPoliciesRequest = z.input<typeof tourPoliciesRequest>;

/** A policy as the editor's answer carries it (what the request takes, read back). */
const changePolicyView = lazySchema(() =>
  z.object({
    windows: z.array(
      z.object({ daysBefore: z.number().check(z.int()), keepPercent: z.number().check(z.int()) }),
    ),
    keepDeposit: z.boolean(),
    permitCost: z.number(),
    entranceCost: z.number(),
    trainCost: z.number(),
    dateChangeFee: z.number(),
    nameChangeFee: z.number(),
    lastChangeDays: z.number().check(z.int()),
  }),
);
export type ChangePolicyView = z.infer<typeof changePolicyView>;

// ---------------------------------------------------------------------------------------------
// The editable tour: GET admin/tours/{code}, and the answer of every save
// ---------------------------------------------------------------------------------------------

/** An included or not included service, as the editor shows it. */
const inclusionView = lazySchema(() =>
  z.object({
    nameEn: z.string(),
    nameEs: z.string(),
    observationEn: z.string(),
    observationEs: z.string(),
  }),
);

export const adminTourEditor = lazySchema(() =>
  z.object({
    code: z.string(),
    revision: z.number().check(z.int()),
    active: z.boolean(),
    ...adminTourFields,
    hotelNights: z.number().check(z.int()),
    itinerary: z.array(
      z.object({ day: z.number().check(z.int()), nameEn: z.string(), nameEs: z.string() }),
    ),
    included: z.array(inclusionView),
    notIncluded: z.array(inclusionView),
    /** A series for every type and category of the tour, in the tour's order (tiers may be none). */
    prices: z.array(
      z.object({
        typeId: z.string(),
        categoryId: z.string(),
        tiers: z.array(
          z.object({
            groupSize: z.number().check(z.int()),
            prices: z.array(z.object({ customerTypeId: z.string(), price: z.number() })),
          }),
        ),
      }),
    ),
    hotelPrices: z.array(
      z.object({ hotelTypeId: z.string(), roomTypeId: z.string(), price: z.number() }),
    ),
    offers: z.array(
      z.object({
        id: z.string(),
        serviceId: z.string(),
        labelEn: z.string(),
        labelEs: z.string(),
        price: z.number(),
        /** Booking lines that bought it: removed, it is withdrawn rather than deleted. */
        booked: z.number().check(z.int()),
      }),
    ),
    /** The related tours' codes, in order. */
    related: z.array(z.string()),
    /** When it runs and how many it takes (issue 14). */
    rules: tourRules,
    /**
     * Its change policies (issue 27): the stored ones, or the spec's terms while it has none.
     */
    policies: z.object({ standard: changePolicyView, corporate: changePolicyView }),
    /** What is bought per person for each departure (issue 29), in order (always sent). */
    purchaseItems: z.optional(z.array(purchaseItemView)),
    /** The choices of the sections, named in the request's language. */
    choices: z.object({
      types: z.array(namedItem),
      categories: z.array(namedItem),
      customerTypes: z.array(namedItem),
      hotelTypes: z.array(namedItem),
      roomTypes: z.array(namedItem),
      services: z.array(z.extend(namedItem, { isTour: z.boolean(), perPerson: z.boolean() })),
      tours: z.array(z.object({ code: z.string(), name: z.string(), active: z.boolean() })),
    }),
  }),
);
export type AdminTourEditor = z.infer<typeof adminTourEditor>;

/** admin/tours/{code}: a tour's six digits. */
export const adminTourParams = lazySchema(() => z.object({ code: tourCode }));
