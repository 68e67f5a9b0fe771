import {
  AGENCY_TIME_ZONE,
  findPassengerPrice,
  type Language,
  nameIn,
  OCTO_UNITS,
  type OctoUnitRule,
  octoAvailabilityId,
  octoAvailabilityStatus,
  octoCancellationCutoffDays,
  octoCutoffAt,
  octoDepartureSpan,
  octoNetCents,
  octoOptionId,
  parseOctoOptionId,
  tierSize,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, asc, eq } from 'drizzle-orm';
import { type Executor, readEach } from '../../db/client.ts';
import { tourFamilies, tours } from '../../db/schema.ts';
import { loadTourPricing, type TourPricing } from '../bookings/catalogue.ts';
import { tourDays } from '../departures/manage.ts';
import { departureKind, roomOn, ruleClosure } from '../departures/plan.ts';
import { policyFor } from '../lifecycle/policies.ts';
import { tourInclusionRows, tourItineraryRows } from '../tours/tour-rows.ts';
import { invalidOption, invalidProduct } from './errors.ts';
import type {
  Availability,
  AvailabilityCalendar,
  Option,
  Pricing,
  Product,
  Unit,
} from './types.ts';

/**
 * The agency's catalogue as OCTO products (issue 31, ADR 0050): a product is a tour, an option one
 * of its types with one of its categories, a unit one of its customer types (with its ages), an
 * availability a departure date. Prices, seats and rules are the site's own.
 */

/** What a request asked for: the capabilities it named, its language, the reseller's discount. */
export interface OctoView {
  pricing: boolean;
  content: boolean;
  language: Language;
  netDiscountBps: number;
}

/** A tour as OCTO sells it: its pricing and rules, its content, its cancellation cutoff. */
export interface OctoTour {
  pricing: TourPricing;
  familyEn: string;
  familyEs: string;
  days: number;
  itinerary: { day: number; nameEn: string; nameEs: string }[];
  inclusions: { included: boolean; nameEn: string; nameEs: string }[];
  cutoffDays: number;
}

/**
 * The codes of the tours sold through OCTO, in the site's order: active tours without a hotel
 * (an OCTO booking chooses no rooms; a tour with hotels is booked on the site or the portal).
 */
export async function octoTourCodes(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: tours.id, code: tours.code, hotelNights: tours.hotelNights })
    .from(tours)
    .innerJoin(tourFamilies, eq(tourFamilies.id, tours.familyId))
    .where(eq(tours.isActive, true))
    .orderBy(asc(tourFamilies.sortOrder), asc(tours.sortOrder), asc(tours.code));
  return rows.filter((row) => row.hotelNights === 0).map((row) => row.code);
}

/** A tour sold through OCTO, by code; null when there is none (or it has hotels). */
export async function loadOctoTour(db: Executor, code: string): Promise<OctoTour | null> {
  const [tour] = await db
    .select({
      id: tours.id,
      days: tours.days,
      familyEn: tourFamilies.nameEn,
      familyEs: tourFamilies.nameEs,
    })
    .from(tours)
    .innerJoin(tourFamilies, eq(tourFamilies.id, tours.familyId))
    .where(and(eq(tours.code, code), eq(tours.isActive, true)));
  if (!tour) return null;
  const pricing = await loadTourPricing(db, tour.id);
  if (!pricing || pricing.hasHotels) return null;
  const parts = await readEach(db, {
    itinerary: () => tourItineraryRows(db, tour.id),
    inclusions: () => tourInclusionRows(db, tour.id),
    policy: () => policyFor(db, tour.id, 'corporate'),
  });
  return {
    pricing,
    familyEn: tour.familyEn,
    familyEs: tour.familyEs,
    days: tour.days,
    itinerary: parts.itinerary,
    inclusions: parts.inclusions,
    cutoffDays: octoCancellationCutoffDays(parts.policy),
  };
}

/** The option (type and category) an id names on a tour; INVALID_OPTION_ID otherwise. */
export function optionOf(tour: OctoTour, optionId: string) {
  const parsed = parseOctoOptionId(optionId);
  if (!parsed) throw invalidOption(optionId);
  const option = optionsOf(tour).find(
    (candidate) => candidate.typeId === parsed.typeId && candidate.categoryId === parsed.categoryId,
  );
  if (!option) throw invalidOption(optionId);
  return option;
}

/** Every type and category of the tour with at least one price: its options. */
export function optionsOf(tour: OctoTour) {
  const { pricing } = tour;
  const options: { typeId: string; categoryId: string; units: OctoUnitRule[] }[] = [];
  for (const type of pricing.types) {
    for (const category of pricing.categories) {
      const units = OCTO_UNITS.filter((unit) =>
        pricing.catalog.prices.some(
          (row) =>
            row.typeId === type.id &&
            row.categoryId === category.id &&
            row.customerTypeId === unit.customerTypeId,
        ),
      );
      if (units.length > 0) options.push({ typeId: type.id, categoryId: category.id, units });
    }
  }
  return options;
}

/** OCTO's price object for an amount in cents, with the reseller's net. */
export function priceOf(
  retailCents: number,
  view: Pick<OctoView, 'netDiscountBps'>,
  netCents?: number,
): Pricing {
  return {
    original: retailCents,
    retail: retailCents,
    net: netCents ?? octoNetCents(retailCents, view.netDiscountBps),
    currency: 'USD',
    currencyPrecision: 2,
    includedTaxes: [],
  };
}

/** A unit's price for a group of `groupSize` paying travellers (the tour's tiers); null without one. */
export function unitPriceCents(
  tour: OctoTour,
  option: { typeId: string; categoryId: string },
  unit: OctoUnitRule,
  groupSize: number,
): number | null {
  const row = findPassengerPrice(
    tour.pricing.catalog.prices,
    { ...option, customerTypeId: unit.customerTypeId },
    groupSize,
  );
  return row?.priceCents ?? null;
}

/** A unit's lowest price of every group size: its "from" price. */
function unitFromCents(
  tour: OctoTour,
  option: { typeId: string; categoryId: string },
  unit: OctoUnitRule,
): number {
  const prices = tour.pricing.catalog.prices
    .filter(
      (row) =>
        row.typeId === option.typeId &&
        row.categoryId === option.categoryId &&
        row.customerTypeId === unit.customerTypeId,
    )
    .map((row) => row.priceCents);
  return Math.min(...prices);
}

const name = (row: { nameEn: string; nameEs: string }, view: OctoView) =>
  nameIn(row, view.language);

function unitOf(
  tour: OctoTour,
  option: { typeId: string; categoryId: string },
  rule: OctoUnitRule,
  view: OctoView,
): Unit {
  const customerType = tour.pricing.customerTypes.find((row) => row.id === rule.customerTypeId);
  const unit: Unit = {
    id: rule.id,
    internalName: customerType?.nameEn ?? rule.id,
    reference: null,
    type: rule.type,
    restrictions: {
      minAge: rule.minAge,
      maxAge: rule.maxAge,
      // The Inca Trail's permits are bought with each traveller's passport.
      idRequired: true,
      minQuantity: null,
      maxQuantity: null,
      paxCount: 1,
      accompaniedBy: rule.id === 'child' || rule.id === 'baby' ? ['adult', 'student'] : [],
    },
    requiredContactFields: [],
  };
  if (view.pricing) unit.pricingFrom = [priceOf(unitFromCents(tour, option, rule), view)];
  if (view.content) unit.title = customerType ? name(customerType, view) : rule.id;
  return unit;
}

function optionAnswer(
  tour: OctoTour,
  option: ReturnType<typeof optionsOf>[number],
  index: number,
  view: OctoView,
): Option {
  const type = tour.pricing.types.find((row) => row.id === option.typeId);
  const category = tour.pricing.categories.find((row) => row.id === option.categoryId);
  const answer: Option = {
    id: octoOptionId(option.typeId, option.categoryId),
    default: index === 0,
    internalName: `${type?.nameEn ?? ''} · ${category?.nameEn ?? ''}`,
    reference: null,
    availabilityLocalStartTimes: ['00:00'],
    cancellationCutoff: `${tour.cutoffDays} days`,
    cancellationCutoffAmount: tour.cutoffDays,
    cancellationCutoffUnit: 'day',
    requiredContactFields: [],
    restrictions: { minUnits: 1, maxUnits: tour.pricing.tour.maxGroupSize },
    units: option.units.map((unit) => unitOf(tour, option, unit, view)),
  };
  if (view.content) {
    answer.title = `${type ? name(type, view) : ''} · ${category ? name(category, view) : ''}`;
    answer.shortDescription = null;
  }
  return answer;
}

/** A tour as an OCTO product, with the capabilities' fields the request asked for. */
export function productOf(tour: OctoTour, view: OctoView): Product {
  const { pricing } = tour;
  const availability = pricing.availability;
  const product: Product = {
    id: pricing.tour.code,
    internalName: pricing.tour.nameEn,
    reference: pricing.tour.code,
    locale: view.language,
    timeZone: AGENCY_TIME_ZONE,
    // No seat or permit limit on the tour's own dates: it may be sold without counting.
    allowFreesale: availability.capacity === null && availability.privateGroups === null,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: 'START_TIME',
    deliveryFormats: ['QRCODE'],
    deliveryMethods: ['VOUCHER'],
    redemptionMethod: 'DIGITAL',
    options: optionsOf(tour).map((option, index) => optionAnswer(tour, option, index, view)),
  };
  if (view.pricing) {
    product.defaultCurrency = 'USD';
    product.availableCurrencies = ['USD'];
    product.pricingPer = 'UNIT';
  }
  if (view.content) {
    const first = tour.itinerary[0];
    product.title = name(pricing.tour, view);
    product.shortDescription = first ? name(first, view) : null;
    product.description = tour.itinerary
      .map(
        (event) => `${view.language === 'es' ? 'Día' : 'Day'} ${event.day}: ${name(event, view)}`,
      )
      .join('\n');
    product.features = tour.inclusions.map((row) => ({
      type: row.included ? 'INCLUSION' : 'EXCLUSION',
      shortDescription: name(row, view),
    }));
    product.categoryLabels = [];
    product.durationMinutesFrom = tour.days * 24 * 60;
    product.durationMinutesTo = tour.days * 24 * 60;
  }
  return product;
}

/** OCTO's UTC instants: whole seconds, as its validator reads them. */
export const utc = (instant: Date | string | number) =>
  new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The days from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = dayjs(from); !day.isAfter(to); day = day.add(1, 'day')) {
    dates.push(day.format('YYYY-MM-DD'));
  }
  return dates;
}

/** A departure date of an option: its status and room now (the site's seats-left rule). */
export interface OctoDay {
  date: string;
  status: ReturnType<typeof octoAvailabilityStatus>;
  room: number;
  capacity: number | null;
}

/** The departures of an option from `from` to `to`, as the booking page's calendar sees them. */
export async function octoDays(
  db: Executor,
  tour: OctoTour,
  option: { typeId: string; categoryId: string },
  range: { from: string; to: string },
  today: string,
): Promise<OctoDay[]> {
  const availability = tour.pricing.availability;
  const kind = departureKind(availability, option);
  const dayOf = await tourDays(db, availability, range);
  return daysBetween(range.from, range.to).map((date) => {
    const { plan, holding } = dayOf(date);
    const open = ruleClosure(availability, date, today) === null && plan.status === 'open';
    const room = open ? roomOn(availability, plan, holding, kind) : 0;
    return {
      date,
      status: octoAvailabilityStatus(open, room),
      room,
      capacity: kind.isPrivate ? availability.maxGroupSize : plan.capacity,
    };
  });
}

const isAvailable = (status: OctoDay['status']) =>
  status === 'AVAILABLE' || status === 'LIMITED' || status === 'FREESALE';

/** The units asked about and their prices at the group size they make together. */
function unitPricing(
  tour: OctoTour,
  option: ReturnType<typeof optionsOf>[number],
  units: { id: string; quantity: number }[] | undefined,
  view: OctoView,
) {
  const asked = (units ?? []).filter((unit) => unit.quantity > 0);
  const rules = option.units.filter(
    (rule) => asked.length === 0 || asked.some((unit) => unit.id === rule.id),
  );
  const groupSize = Math.max(
    1,
    tierSize(
      asked.flatMap((unit) => {
        const rule = option.units.find((candidate) => candidate.id === unit.id);
        return rule ? [{ customerTypeId: rule.customerTypeId, quantity: unit.quantity }] : [];
      }),
    ),
  );
  const lines = rules.map((rule) => {
    const cents =
      asked.length === 0
        ? unitFromCents(tour, option, rule)
        : (unitPriceCents(tour, option, rule, groupSize) ?? 0);
    return { unitId: rule.id, ...priceOf(cents, view) };
  });
  const total = asked.reduce((sum, unit) => {
    const line = lines.find((candidate) => candidate.unitId === unit.id);
    return sum + (line?.retail ?? 0) * unit.quantity;
  }, 0);
  const net = asked.reduce((sum, unit) => {
    const line = lines.find((candidate) => candidate.unitId === unit.id);
    return sum + (line?.net ?? 0) * unit.quantity;
  }, 0);
  return { lines, total: priceOf(total, view, net) };
}

/** POST /octo/availability: one answer per departure date. */
export function availabilityAnswers(
  tour: OctoTour,
  option: ReturnType<typeof optionsOf>[number],
  days: OctoDay[],
  units: { id: string; quantity: number }[] | undefined,
  view: OctoView,
): Availability[] {
  const availability = tour.pricing.availability;
  const prices = view.pricing ? unitPricing(tour, option, units, view) : null;
  return days.map((day) => {
    const span = octoDepartureSpan(day.date, tour.days);
    const finite = Number.isFinite(day.room);
    const answer: Availability = {
      id: octoAvailabilityId(day.date),
      localDateTimeStart: span.start,
      localDateTimeEnd: span.end,
      allDay: true,
      available: isAvailable(day.status),
      status: day.status,
      vacancies: finite ? day.room : null,
      capacity: day.capacity,
      maxUnits: finite
        ? Math.min(day.room, tour.pricing.tour.maxGroupSize)
        : tour.pricing.tour.maxGroupSize,
      utcCutoffAt: utc(octoCutoffAt(day.date, availability.leadDays)),
      openingHours: [],
    };
    if (prices) {
      answer.unitPricing = prices.lines;
      answer.pricing = prices.total;
    }
    return answer;
  });
}

/** POST /octo/availability/calendar: one answer per day. */
export function calendarAnswers(
  tour: OctoTour,
  option: ReturnType<typeof optionsOf>[number],
  days: OctoDay[],
  units: { id: string; quantity: number }[] | undefined,
  view: OctoView,
): AvailabilityCalendar[] {
  const prices = view.pricing ? unitPricing(tour, option, units, view) : null;
  return days.map((day) => {
    const answer: AvailabilityCalendar = {
      localDate: day.date,
      available: isAvailable(day.status),
      status: day.status,
      vacancies: Number.isFinite(day.room) ? day.room : null,
      capacity: day.capacity,
      openingHours: [],
    };
    if (prices) {
      answer.unitPricingFrom = prices.lines;
      answer.pricingFrom = prices.total;
    }
    return answer;
  });
}

/** The tour a product id names; INVALID_PRODUCT_ID otherwise. */
export async function tourOf(
  load: (code: string) => Promise<OctoTour | null>,
  productId: string,
): Promise<OctoTour> {
  const tour = /^\d{6}$/.test(productId) ? await load(productId) : null;
  if (!tour) throw invalidProduct(productId);
  return tour;
}
