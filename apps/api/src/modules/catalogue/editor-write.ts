import { randomUUID } from 'node:crypto';
import {
  type AdminTourEditor,
  type ChangePolicy,
  type ChangePolicyEntry,
  fromCents,
  type Language,
  type MessageKey,
  policyAudiences,
  toCents,
  type tourActiveRequest,
  type tourHotelsRequest,
  type tourInclusionsRequest,
  type tourItineraryRequest,
  type tourPoliciesRequest,
  type tourPricesRequest,
  type tourPurchaseItemsRequest,
  type tourRelatedRequest,
  type tourRulesRequest,
  type tourServicesRequest,
  type tourTextsRequest,
} from '@cusco/shared';
import { and, eq, exists, inArray, not, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type * as z from 'zod/mini';
import type { Database, Transaction } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import {
  additionalServices,
  bookingServiceLines,
  customerTypes,
  hotelTypes,
  roomTypes,
  tourAdditionalServices,
  tourCategories,
  tourHotelPrices,
  tourInclusions,
  tourItinerary,
  tourPrices,
  tourRelated,
  tours,
  tourTypeLinks,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { bumpCatalogueVersion } from '../../lib/versions.ts';
import { recordAudit } from '../audit/record.ts';
import { writePolicy } from '../lifecycle/policies.ts';
import { savePurchaseItems } from '../operations/items.ts';
import { writeTourSlugs } from '../public-pages/slugs.ts';
import { offeredBy, offerOrder } from '../tours/service-offers.ts';
import { tourRulesOf } from '../tours/tour-parts.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';
import {
  editorHotelPrice,
  editorInclusions,
  editorItinerary,
  editorOffer,
  editorPolicies,
  editorPolicy,
  editorRelated,
  loadEditableTour,
} from './editor-read.ts';

/**
 * The catalogue editor's writes (issue 14, administrators). Each saves one section of a tour in
 * one transaction that also moves the tour's revision, writes the audit entry (what the section
 * was and what it became) and bumps the catalogue's version, so that every node drops its cached
 * answers of the tour. An edit made from an older revision than the tour's is refused (409).
 */

export interface EditCall {
  staff: AuthenticatedUser;
  code: string;
  language: Language;
}

/** The tour's row, locked for the edit. */
type LockedTour = typeof tours.$inferSelect;

/** A refusal of a value the schema could not judge alone (it depends on the tour or the lists). */
const refuse = (messageKey: MessageKey, field: string, params?: Record<string, string | number>) =>
  new AppError('BUSINESS_RULE', messageKey, { field, ...(params ? { params } : {}) });

/**
 * Runs one section's edit: locks the tour's row (FOR NO KEY UPDATE: bookings that name the tour
 * are not held up), refuses a stale revision, applies the edit, moves the revision, audits and
 * bumps the catalogue's version, all in one transaction; answers the tour as it now is.
 */
async function editTour(
  db: Database,
  call: EditCall,
  revision: number,
  section: string,
  apply: (tx: Transaction, tour: LockedTour) => Promise<Change>,
): Promise<AdminTourEditor> {
  try {
    return await db.transaction(async (tx) => {
      const [tour] = await tx
        .select()
        .from(tours)
        .where(eq(tours.code, call.code))
        .for('no key update');
      if (!tour) throw notFound('tourNotFound');
      if (tour.revision !== revision) {
        throw new AppError('CONFLICT', 'catalogueStale', {
          details: { revision: tour.revision },
        });
      }
      const change = await apply(tx, tour);
      await tx
        .update(tours)
        .set({ revision: sql`${tours.revision} + 1`, updatedAt: sql`now()` })
        .where(eq(tours.id, tour.id));
      await recordAudit(tx, {
        staffUserId: call.staff.userId,
        action: `tour.${section}`,
        subjectId: tour.id,
        before: { code: tour.code, ...(change.before as object) },
        after: { code: tour.code, ...(change.after as object) },
      });
      await bumpCatalogueVersion(tx);
      return loadEditableTour(tx, tour.code, call.language);
    });
  } catch (error) {
    // An offer being removed was bought by a booking saved meanwhile: nothing was saved.
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', 'catalogueRetry');
    throw error;
  }
}

/** What a section's edit was and became, for the audit. */
interface Change {
  before: unknown;
  after: unknown;
}

/**
 * A section's save (db, call, input): editTour, from the revision the input names, applying
 * `apply` to the locked tour.
 */
function sectionSave<Input extends { revision: number }>(
  section: string,
  apply: (tx: Transaction, tour: LockedTour, input: Input) => Promise<Change>,
) {
  return (db: Database, call: EditCall, input: Input) =>
    editTour(db, call, input.revision, section, (tx, tour) => apply(tx, tour, input));
}

/** The ids a reference table holds among `ids` (lowercase). */
async function knownIds(
  tx: Transaction,
  table: typeof customerTypes | typeof hotelTypes | typeof roomTypes | typeof additionalServices,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((row) => row.id));
}

const lower = (id: string) => id.toLowerCase();

/** The tables of a tour's parts that a section's save writes again whole. */
type TourPartTable =
  | typeof tourItinerary
  | typeof tourInclusions
  | typeof tourPrices
  | typeof tourHotelPrices
  | typeof tourRelated;

/** Replaces the tour's rows of a table of its parts with `rows` (each given the tour's id). */
async function replaceTourRows<Table extends TourPartTable>(
  tx: Transaction,
  table: Table,
  tourId: string,
  rows: Omit<Table['$inferInsert'], 'tourId'>[],
) {
  await tx.delete(table).where(eq(table.tourId, tourId));
  if (rows.length > 0) {
    await tx
      .insert(table)
      .values(rows.map((row) => ({ ...row, tourId })) as PgInsertValue<Table>[]);
  }
}

/** A price row as stored: its price in cents. */
const inCents = <Row extends { price: number }>({ price, ...row }: Row) => ({
  ...row,
  priceCents: toCents(price),
});

/**
 * What changed between two keyed lists of prices: `before` the entries that went or changed,
 * `after` those that came or changed (the audit keeps the difference, not two whole grids).
 */
function priceChanges<T>(
  before: T[],
  after: T[],
  keyOf: (row: T) => string,
  priceOf: (row: T) => number,
) {
  const was = new Map(before.map((row) => [keyOf(row), row]));
  const is = new Map(after.map((row) => [keyOf(row), row]));
  return {
    before: before.filter((row) => {
      const now = is.get(keyOf(row));
      return !now || priceOf(now) !== priceOf(row);
    }),
    after: after.filter((row) => {
      const then = was.get(keyOf(row));
      return !then || priceOf(then) !== priceOf(row);
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------

/** PUT admin/tours/{code}/texts: the tour's name in English and Spanish. */
export const saveTourTexts = sectionSave(
  'texts',
  async (tx, tour, input: z.output<typeof tourTextsRequest>) => {
    const { revision: _, ...names } = input;
    await tx.update(tours).set(names).where(eq(tours.id, tour.id));
    // The new name's public addresses (issue 33); the old ones stay and redirect to them.
    await writeTourSlugs(tx, [tour.id]);
    return { before: { nameEn: tour.nameEn, nameEs: tour.nameEs }, after: names };
  },
);

// ---------------------------------------------------------------------------------------------
// Itinerary and inclusions
// ---------------------------------------------------------------------------------------------

/** PUT admin/tours/{code}/itinerary: the events, each on a day of the tour. */
export const saveTourItinerary = sectionSave(
  'itinerary',
  async (tx, tour, input: z.output<typeof tourItineraryRequest>) => {
    for (const [index, entry] of input.itinerary.entries()) {
      if (entry.day > tour.days) {
        throw refuse('itineraryDayOverDays', `itinerary.${index}.day`, { count: tour.days });
      }
    }
    const before = await editorItinerary(tx, tour.id);
    await replaceTourRows(
      tx,
      tourItinerary,
      tour.id,
      input.itinerary.map((entry, index) => ({
        day: entry.day,
        sortOrder: index,
        nameEn: entry.nameEn,
        nameEs: entry.nameEs,
      })),
    );
    return { before: { itinerary: before }, after: { itinerary: input.itinerary } };
  },
);

/** PUT admin/tours/{code}/inclusions: what the price includes and what it does not. */
export const saveTourInclusions = sectionSave(
  'inclusions',
  async (tx, tour, input: z.output<typeof tourInclusionsRequest>) => {
    const before = await editorInclusions(tx, tour.id);
    const entries = [
      ...input.included.map((entry) => ({ ...entry, included: true })),
      ...input.notIncluded.map((entry) => ({ ...entry, included: false })),
    ];
    await replaceTourRows(
      tx,
      tourInclusions,
      tour.id,
      entries.map((entry, index) => ({ ...entry, sortOrder: index })),
    );
    return {
      before,
      after: { included: input.included, notIncluded: input.notIncluded },
    };
  },
);

// ---------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------

type PriceRow = {
  typeId: string;
  categoryId: string;
  customerTypeId: string;
  groupSize: number;
  price: number;
};

const priceKey = (row: PriceRow) =>
  `${row.typeId}|${row.categoryId}|${row.customerTypeId}|${row.groupSize}`;

/**
 * PUT admin/tours/{code}/prices: every series of the tour, stored as tiers (ADR 0010: a tier
 * applies from its group size to the next tier's). Types and categories must be the tour's.
 */
export const saveTourPrices = sectionSave(
  'prices',
  async (tx, tour, input: z.output<typeof tourPricesRequest>) => {
    const [typeRows, categoryRows] = [
      await tx
        .select({ id: tourTypeLinks.typeId })
        .from(tourTypeLinks)
        .where(eq(tourTypeLinks.tourId, tour.id)),
      await tx
        .select({ id: tourCategories.categoryId })
        .from(tourCategories)
        .where(eq(tourCategories.tourId, tour.id)),
    ];
    const tourTypes = new Set(typeRows.map((row) => row.id));
    const tourCategoryIds = new Set(categoryRows.map((row) => row.id));
    const customers = await knownIds(tx, customerTypes, [
      ...new Set(
        input.prices.flatMap((series) =>
          series.tiers.flatMap((tier) => tier.prices.map((price) => lower(price.customerTypeId))),
        ),
      ),
    ]);
    const rows: PriceRow[] = [];
    for (const [s, series] of input.prices.entries()) {
      const typeId = lower(series.typeId);
      const categoryId = lower(series.categoryId);
      if (!tourTypes.has(typeId)) throw refuse('catalogueUnknownOption', `prices.${s}.typeId`);
      if (!tourCategoryIds.has(categoryId)) {
        throw refuse('catalogueUnknownOption', `prices.${s}.categoryId`);
      }
      for (const [t, tier] of series.tiers.entries()) {
        for (const [p, price] of tier.prices.entries()) {
          const customerTypeId = lower(price.customerTypeId);
          if (!customers.has(customerTypeId)) {
            throw refuse(
              'catalogueUnknownOption',
              `prices.${s}.tiers.${t}.prices.${p}.customerTypeId`,
            );
          }
          rows.push({
            typeId,
            categoryId,
            customerTypeId,
            groupSize: tier.groupSize,
            price: price.price,
          });
        }
      }
    }
    const stored = await tx.select().from(tourPrices).where(eq(tourPrices.tourId, tour.id));
    const before: PriceRow[] = stored.map((row) => ({
      typeId: row.typeId,
      categoryId: row.categoryId,
      customerTypeId: row.customerTypeId,
      groupSize: row.groupSize,
      price: fromCents(row.priceCents),
    }));
    await replaceTourRows(tx, tourPrices, tour.id, rows.map(inCents));
    const changes = priceChanges(before, rows, priceKey, (row) => row.price);
    return { before: { prices: changes.before }, after: { prices: changes.after } };
  },
);

// ---------------------------------------------------------------------------------------------
// Hotels
// ---------------------------------------------------------------------------------------------

type HotelRow = { hotelTypeId: string; roomTypeId: string; price: number };

/** PUT admin/tours/{code}/hotels: the nights per room, and each hotel and room's price a night. */
export const saveTourHotels = sectionSave(
  'hotels',
  async (tx, tour, input: z.output<typeof tourHotelsRequest>) => {
    if (input.hotelNights > tour.nights) {
      throw refuse('hotelNightsOverNights', 'hotelNights', { count: tour.nights });
    }
    const hotels = await knownIds(
      tx,
      hotelTypes,
      input.prices.map((row) => lower(row.hotelTypeId)),
    );
    const rooms = await knownIds(
      tx,
      roomTypes,
      input.prices.map((row) => lower(row.roomTypeId)),
    );
    const rows: HotelRow[] = input.prices.map((row, index) => {
      const hotelTypeId = lower(row.hotelTypeId);
      const roomTypeId = lower(row.roomTypeId);
      if (!hotels.has(hotelTypeId))
        throw refuse('catalogueUnknownOption', `prices.${index}.hotelTypeId`);
      if (!rooms.has(roomTypeId))
        throw refuse('catalogueUnknownOption', `prices.${index}.roomTypeId`);
      return { hotelTypeId, roomTypeId, price: row.price };
    });
    const stored = await tx
      .select()
      .from(tourHotelPrices)
      .where(eq(tourHotelPrices.tourId, tour.id));
    const before: HotelRow[] = stored.map(editorHotelPrice);
    await replaceTourRows(tx, tourHotelPrices, tour.id, rows.map(inCents));
    await tx.update(tours).set({ hotelNights: input.hotelNights }).where(eq(tours.id, tour.id));
    const changes = priceChanges(
      before,
      rows,
      (row) => `${row.hotelTypeId}|${row.roomTypeId}`,
      (row) => row.price,
    );
    return {
      before: { hotelNights: tour.hotelNights, prices: changes.before },
      after: { hotelNights: input.hotelNights, prices: changes.after },
    };
  },
);

// ---------------------------------------------------------------------------------------------
// Additional services
// ---------------------------------------------------------------------------------------------

/**
 * PUT admin/tours/{code}/services: the offers, in order. Existing ones (by id) take their new
 * labels and price (bookings keep the price they paid); new ones are added; one left out is
 * deleted, or withdrawn when bookings bought it.
 */
export const saveTourServices = sectionSave(
  'services',
  async (tx, tour, input: z.output<typeof tourServicesRequest>) => {
    const offered = await tx
      .select()
      .from(tourAdditionalServices)
      .where(offeredBy(tour.id))
      .orderBy(...offerOrder);
    const existing = new Map(offered.map((row) => [row.id, row]));
    const services = await knownIds(
      tx,
      additionalServices,
      input.offers.map((offer) => lower(offer.serviceId)),
    );
    const offers = input.offers.map((offer, index) => {
      const serviceId = lower(offer.serviceId);
      if (!services.has(serviceId))
        throw refuse('catalogueUnknownOption', `offers.${index}.serviceId`);
      const id = offer.id ? lower(offer.id) : null;
      const current = id ? existing.get(id) : undefined;
      if (id && !current) throw refuse('catalogueUnknownOption', `offers.${index}.id`);
      if (current && current.serviceId !== serviceId) {
        throw refuse('offerServiceFixed', `offers.${index}.serviceId`);
      }
      return {
        id: id ?? randomUUID(),
        tourId: tour.id,
        serviceId,
        labelEn: offer.labelEn,
        labelEs: offer.labelEs,
        priceCents: toCents(offer.price),
        sortOrder: index,
      };
    });
    const kept = offers.map((offer) => offer.id);
    const leaving = offered.filter((row) => !kept.includes(row.id)).map((row) => row.id);
    if (leaving.length > 0) {
      const bought = exists(
        tx
          .select({ one: sql`1` })
          .from(bookingServiceLines)
          .where(eq(bookingServiceLines.offerId, tourAdditionalServices.id)),
      );
      await tx
        .delete(tourAdditionalServices)
        .where(and(inArray(tourAdditionalServices.id, leaving), not(bought)));
      await tx
        .update(tourAdditionalServices)
        .set({ withdrawnAt: sql`now()` })
        .where(inArray(tourAdditionalServices.id, leaving));
    }
    if (offers.length > 0) {
      await tx
        .insert(tourAdditionalServices)
        .values(offers)
        .onConflictDoUpdate({
          target: tourAdditionalServices.id,
          set: {
            labelEn: sql`excluded.label_en`,
            labelEs: sql`excluded.label_es`,
            priceCents: sql`excluded.price_cents`,
            sortOrder: sql`excluded.sort_order`,
          },
        });
    }
    return {
      before: { offers: offered.map(editorOffer) },
      after: { offers: offers.map(editorOffer), withdrawnOrDeleted: leaving },
    };
  },
);

// ---------------------------------------------------------------------------------------------
// Related tours and the active flag
// ---------------------------------------------------------------------------------------------

/** PUT admin/tours/{code}/related: the tours offered beside this one, in order. */
export const saveTourRelated = sectionSave(
  'related',
  async (tx, tour, input: z.output<typeof tourRelatedRequest>) => {
    const found =
      input.related.length === 0
        ? []
        : await tx
            .select({ id: tours.id, code: tours.code })
            .from(tours)
            .where(inArray(tours.code, input.related));
    const idOf = new Map(found.map((row) => [row.code, row.id]));
    const ids = input.related.map((code, index) => {
      if (code === tour.code) throw refuse('relatedSelf', `related.${index}`);
      const id = idOf.get(code);
      if (!id) throw refuse('tourNotFound', `related.${index}`);
      return id;
    });
    const before = await editorRelated(tx, tour.id);
    await replaceTourRows(
      tx,
      tourRelated,
      tour.id,
      ids.map((id, index) => ({ relatedTourId: id, sortOrder: index })),
    );
    return {
      before: { related: before },
      after: { related: input.related },
    };
  },
);

/**
 * PUT admin/tours/{code}/active: an inactive tour leaves the catalogue, the related lists and
 * new bookings; the bookings it has keep working.
 */
export const saveTourActive = sectionSave(
  'active',
  async (tx, tour, input: z.output<typeof tourActiveRequest>) => {
    await tx.update(tours).set({ isActive: input.active }).where(eq(tours.id, tour.id));
    return { before: { active: tour.isActive }, after: { active: input.active } };
  },
);

/**
 * PUT admin/tours/{code}/rules (issue 14): when the tour runs (lead time, closed months, days of
 * the week) and how many it takes (seats of each group and private groups on dates not
 * scheduled, staff per traveller on the permits, the most passengers one booking carries).
 * Departures the agency scheduled keep their own seats.
 */
export const saveTourRules = sectionSave(
  'rules',
  async (tx, tour, input: z.output<typeof tourRulesRequest>) => {
    const { revision: _, ...rules } = input;
    const sorted = {
      ...rules,
      // The crew rule (issue 29): left out, it stays as it was.
      guideEvery: rules.guideEvery ?? tour.guideEvery,
      cooks: rules.cooks ?? tour.cooks,
      portersPerTraveller: rules.portersPerTraveller ?? tour.portersPerTraveller,
      closedMonths: rules.closedMonths.toSorted((a, b) => a - b),
      weekdays: rules.weekdays.toSorted((a, b) => a - b),
    };
    await tx.update(tours).set(sorted).where(eq(tours.id, tour.id));
    return { before: tourRulesOf(tour), after: sorted };
  },
);

// ---------------------------------------------------------------------------------------------
// Change policies
// ---------------------------------------------------------------------------------------------

/** A policy as the editor sends it (dollars) as the rules and the table hold it (cents). */
const policyInCents = (entry: ChangePolicyEntry): ChangePolicy => ({
  // The widest window first, as the spec's terms read; the rule does not depend on the order.
  windows: entry.windows
    .map(({ daysBefore, keepPercent }) => ({ daysBefore, keepPercent }))
    .toSorted((a, b) => b.daysBefore - a.daysBefore),
  keepDeposit: entry.keepDeposit,
  permitCents: toCents(entry.permitCost),
  entranceCents: toCents(entry.entranceCost),
  trainCents: toCents(entry.trainCost),
  dateChangeFeeCents: toCents(entry.dateChangeFee),
  nameChangeFeeCents: toCents(entry.nameChangeFee),
  lastChangeDays: entry.lastChangeDays,
});

/**
 * PUT admin/tours/{code}/policies (issue 27): the tour's change policies, for its public and its
 * corporate bookings; each row of change_policies is written (inserted for a tour that followed
 * the spec's terms until now). Quotes and changes made from then on follow them; a booking's
 * change already made keeps what it was.
 */
export const saveTourPolicies = sectionSave(
  'policies',
  async (tx, tour, input: z.output<typeof tourPoliciesRequest>) => {
    const before = await editorPolicies(tx, tour.id);
    const after = {
      standard: policyInCents(input.standard),
      corporate: policyInCents(input.corporate),
    };
    for (const audience of policyAudiences)
      await writePolicy(tx, tour.id, audience, after[audience]);
    return {
      before,
      after: { standard: editorPolicy(after.standard), corporate: editorPolicy(after.corporate) },
    };
  },
);

// ---------------------------------------------------------------------------------------------
// What is bought per person (issue 29)
// ---------------------------------------------------------------------------------------------

/**
 * PUT admin/tours/{code}/purchase-items: the items bought per person for each departure (the
 * permit, the Machu Picchu entry, a train, the bus), their details, buy-by days and the crew
 * roles that need them (modules/operations/items.ts).
 */
export const saveTourPurchaseItems = sectionSave(
  'purchase-items',
  async (tx, tour, input: z.output<typeof tourPurchaseItemsRequest>) =>
    savePurchaseItems(tx, tour.id, input),
);
