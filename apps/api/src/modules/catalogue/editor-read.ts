import {
  type AdminTourEditor,
  type AdminTourListItem,
  type AdminTourQuery,
  type ChangePolicy,
  type ChangePolicyView,
  CustomerTypeId,
  fromCents,
  type Language,
  nameIn,
} from '@cusco/shared';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, readEach } from '../../db/client.ts';
import {
  additionalServices,
  bookingServiceLines,
  customerTypes,
  hotelTypes,
  roomTypes,
  tourAdditionalServices,
  tourFamilies,
  tourHotelPrices,
  tourPrices,
  tourRelated,
  tours,
} from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { limitOffset, type Page } from '../../lib/pagination.ts';
import { containing } from '../../lib/search.ts';
import { policyFor } from '../lifecycle/policies.ts';
import { editorPurchaseItems } from '../operations/items.ts';
import { offeredBy, offerOrder } from '../tours/service-offers.ts';
import {
  tourCategoryNames,
  tourNameColumns,
  tourRuleColumns,
  tourTypeNames,
} from '../tours/tour-parts.ts';
import { tourInclusionRows, tourItineraryRows } from '../tours/tour-rows.ts';

/**
 * The catalogue editor's reads (issue 14): every tour, offered or not, and one tour as the editor
 * shows it: its stored rows (price tiers as tiers, not expanded), both languages of its texts,
 * and the choices of each section named in the reader's language.
 */

const lowestAdultPrice = sql<number | null>`(select min(${tourPrices.priceCents})
  from ${tourPrices}
  where ${tourPrices.tourId} = ${tours.id}
    and ${tourPrices.customerTypeId} = ${CustomerTypeId.adult})`;

function listFilter(query: AdminTourQuery): SQL | undefined {
  const q = query.q ? containing(query.q) : null;
  return and(
    query.active === 'active' ? eq(tours.isActive, true) : undefined,
    query.active === 'inactive' ? eq(tours.isActive, false) : undefined,
    q ? or(ilike(tours.code, q), ilike(tours.nameEn, q), ilike(tours.nameEs, q)) : undefined,
  );
}

/** GET admin/tours: the tours in the catalogue's order, searched and filtered, one page. */
export async function listEditableTours(
  db: Executor,
  query: AdminTourQuery,
  language: Language,
): Promise<Page<AdminTourListItem>> {
  const rows = await db
    .select({
      ...tourNameColumns,
      familyEn: tourFamilies.nameEn,
      familyEs: tourFamilies.nameEs,
      days: tours.days,
      nights: tours.nights,
      active: tours.isActive,
      revision: tours.revision,
      from: lowestAdultPrice,
      all: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(tours)
    .innerJoin(tourFamilies, eq(tourFamilies.id, tours.familyId))
    .where(listFilter(query))
    .orderBy(asc(tourFamilies.sortOrder), asc(tours.sortOrder), asc(tours.code))
    .limit(limitOffset(query).limit)
    .offset(limitOffset(query).offset);
  return {
    total: rows[0]?.all ?? 0,
    items: rows.map((row) => ({
      code: row.code,
      name: nameIn(row, language),
      nameEn: row.nameEn,
      nameEs: row.nameEs,
      family: nameIn({ nameEn: row.familyEn, nameEs: row.familyEs }, language),
      days: row.days,
      nights: row.nights,
      active: row.active,
      fromPrice: row.from == null ? null : fromCents(Number(row.from)),
      revision: row.revision,
    })),
  };
}

/** Booking lines that bought the outer query's offer (its table named: drizzle leaves a lone table's columns bare). */
const bookedLines = sql<number>`(select count(*) from ${bookingServiceLines}
  where ${bookingServiceLines.offerId} = "tour_additional_services"."id")`.mapWith(Number);

/** A reference list's rows, named, in their order. */
function namedList(
  db: Executor,
  table: typeof customerTypes | typeof hotelTypes | typeof roomTypes,
) {
  return db
    .select({ id: table.id, nameEn: table.nameEn, nameEs: table.nameEs })
    .from(table)
    .orderBy(asc(table.sortOrder));
}

/** The tour's itinerary as the editor shows it (and the audit of its edit records it). */
export async function editorItinerary(db: Executor, tourId: string) {
  const rows = await tourItineraryRows(db, tourId);
  return rows.map((row) => ({ day: row.day, nameEn: row.nameEn, nameEs: row.nameEs }));
}

/** What the tour's price includes and what it does not, as the editor shows them. */
export async function editorInclusions(db: Executor, tourId: string) {
  const rows = await tourInclusionRows(db, tourId);
  const inclusion = (row: (typeof rows)[number]) => ({
    nameEn: row.nameEn,
    nameEs: row.nameEs,
    observationEn: row.observationEn,
    observationEs: row.observationEs,
  });
  return {
    included: rows.filter((row) => row.included).map(inclusion),
    notIncluded: rows.filter((row) => !row.included).map(inclusion),
  };
}

/** The codes of the tours offered beside this one, in order. */
export async function editorRelated(db: Executor, tourId: string) {
  const rows = await db
    .select({ code: tours.code })
    .from(tourRelated)
    .innerJoin(tours, eq(tours.id, tourRelated.relatedTourId))
    .where(eq(tourRelated.tourId, tourId))
    .orderBy(asc(tourRelated.sortOrder));
  return rows.map((row) => row.code);
}

/** A hotel and room's price a night, as the editor shows it. */
export const editorHotelPrice = (row: typeof tourHotelPrices.$inferSelect) => ({
  hotelTypeId: row.hotelTypeId,
  roomTypeId: row.roomTypeId,
  price: fromCents(row.priceCents),
});

/** An offer of an additional service, as the editor shows it. */
export const editorOffer = (
  row: Pick<
    typeof tourAdditionalServices.$inferSelect,
    'id' | 'serviceId' | 'labelEn' | 'labelEs' | 'priceCents'
  >,
) => ({
  id: row.id,
  serviceId: row.serviceId,
  labelEn: row.labelEn,
  labelEs: row.labelEs,
  price: fromCents(row.priceCents),
});

/** A change policy as the editor shows it (and the audit of its edit records it): dollars. */
export const editorPolicy = (policy: ChangePolicy): ChangePolicyView => ({
  windows: policy.windows.map(({ daysBefore, keepPercent }) => ({ daysBefore, keepPercent })),
  keepDeposit: policy.keepDeposit,
  permitCost: fromCents(policy.permitCents),
  entranceCost: fromCents(policy.entranceCents),
  trainCost: fromCents(policy.trainCents),
  dateChangeFee: fromCents(policy.dateChangeFeeCents),
  nameChangeFee: fromCents(policy.nameChangeFeeCents),
  lastChangeDays: policy.lastChangeDays,
});

/** The tour's two change policies as the editor shows them: its rows, or the spec's terms. */
export async function editorPolicies(db: Executor, tourId: string) {
  const { standard, corporate } = await readEach(db, {
    standard: () => policyFor(db, tourId, 'standard'),
    corporate: () => policyFor(db, tourId, 'corporate'),
  });
  return { standard: editorPolicy(standard), corporate: editorPolicy(corporate) };
}

/** The tour's head row by code, offered or not; 404 when there is none. */
export async function editableTourHead(db: Executor, code: string) {
  const [tour] = await db
    .select({
      id: tours.id,
      ...tourNameColumns,
      days: tours.days,
      nights: tours.nights,
      hotelNights: tours.hotelNights,
      isActive: tours.isActive,
      revision: tours.revision,
      rules: tourRuleColumns,
      familyEn: tourFamilies.nameEn,
      familyEs: tourFamilies.nameEs,
    })
    .from(tours)
    .innerJoin(tourFamilies, eq(tourFamilies.id, tours.familyId))
    .where(eq(tours.code, code));
  if (!tour) throw notFound('tourNotFound');
  return tour;
}

/** What the editor shows besides the tour's head: its parts and the choices, read at once. */
function readEditorParts(db: Executor, tourId: string) {
  return readEach(db, {
    types: () => tourTypeNames(db, tourId),
    categories: () => tourCategoryNames(db, tourId),
    customerTypes: () => namedList(db, customerTypes),
    hotelTypes: () => namedList(db, hotelTypes),
    roomTypes: () => namedList(db, roomTypes),
    tiers: () =>
      db
        .select()
        .from(tourPrices)
        .where(eq(tourPrices.tourId, tourId))
        .orderBy(asc(tourPrices.groupSize)),
    hotelPrices: () =>
      db
        .select()
        .from(tourHotelPrices)
        .innerJoin(hotelTypes, eq(hotelTypes.id, tourHotelPrices.hotelTypeId))
        .innerJoin(roomTypes, eq(roomTypes.id, tourHotelPrices.roomTypeId))
        .where(eq(tourHotelPrices.tourId, tourId))
        .orderBy(asc(hotelTypes.sortOrder), asc(roomTypes.sortOrder)),
    offers: () =>
      db
        .select({ offer: tourAdditionalServices, booked: bookedLines })
        .from(tourAdditionalServices)
        .where(offeredBy(tourId))
        .orderBy(...offerOrder),
    services: () =>
      db
        .select({
          id: additionalServices.id,
          nameEn: additionalServices.nameEn,
          nameEs: additionalServices.nameEs,
          isTour: additionalServices.isTour,
          perPerson: additionalServices.perPerson,
        })
        .from(additionalServices)
        .orderBy(asc(additionalServices.isTour), asc(additionalServices.nameEn)),
    itinerary: () => editorItinerary(db, tourId),
    inclusions: () => editorInclusions(db, tourId),
    related: () => editorRelated(db, tourId),
    policies: () => editorPolicies(db, tourId),
    allTours: () =>
      db
        .select({ ...tourNameColumns, active: tours.isActive })
        .from(tours)
        .innerJoin(tourFamilies, eq(tourFamilies.id, tours.familyId))
        .orderBy(asc(tourFamilies.sortOrder), asc(tours.sortOrder), asc(tours.code)),
  });
}

type EditorParts = Awaited<ReturnType<typeof readEditorParts>>;

/** What the editor's lists offer to choose from, named in `language`; never the tour itself. */
function editorChoices(
  parts: EditorParts,
  language: Language,
  tourCode: string,
): AdminTourEditor['choices'] {
  const name = (row: { id: string; nameEn: string; nameEs: string }) => ({
    id: row.id,
    name: nameIn(row, language),
  });
  return {
    types: parts.types.map(name),
    categories: parts.categories.map(name),
    customerTypes: parts.customerTypes.map(name),
    hotelTypes: parts.hotelTypes.map(name),
    roomTypes: parts.roomTypes.map(name),
    services: parts.services.map((row) => ({
      ...name(row),
      isTour: row.isTour,
      perPerson: row.perPerson,
    })),
    tours: parts.allTours
      .filter((row) => row.code !== tourCode)
      .map((row) => ({ code: row.code, name: nameIn(row, language), active: row.active })),
  };
}

/** GET admin/tours/{code}: the tour as the editor shows it; 404 for an unknown code. */
export async function loadEditableTour(
  db: Executor,
  code: string,
  language: Language,
): Promise<AdminTourEditor> {
  const tour = await editableTourHead(db, code);
  const parts = await readEditorParts(db, tour.id);
  return {
    code: tour.code,
    revision: tour.revision,
    active: tour.isActive,
    nameEn: tour.nameEn,
    nameEs: tour.nameEs,
    family: nameIn({ nameEn: tour.familyEn, nameEs: tour.familyEs }, language),
    days: tour.days,
    nights: tour.nights,
    hotelNights: tour.hotelNights,
    rules: tour.rules,
    policies: parts.policies,
    purchaseItems: await editorPurchaseItems(db, tour.id),
    itinerary: parts.itinerary,
    ...parts.inclusions,
    prices: priceSeriesOf(parts.types, parts.categories, parts.customerTypes, parts.tiers),
    hotelPrices: parts.hotelPrices.map((row) => editorHotelPrice(row.tour_hotel_prices)),
    offers: parts.offers.map((row) => ({ ...editorOffer(row.offer), booked: row.booked })),
    related: parts.related,
    choices: editorChoices(parts, language, tour.code),
  };
}

/**
 * The stored tiers as series: one for every type and category of the tour, in the tour's order,
 * each tier with its prices in the customer types' order.
 */
function priceSeriesOf(
  types: { id: string }[],
  categories: { id: string }[],
  customerTypeRows: { id: string }[],
  tiers: (typeof tourPrices.$inferSelect)[],
): AdminTourEditor['prices'] {
  const customerOrder = new Map(customerTypeRows.map((row, index) => [row.id, index]));
  return types.flatMap((type) =>
    categories.map((category) => {
      const rows = tiers.filter((row) => row.typeId === type.id && row.categoryId === category.id);
      const sizes = [...new Set(rows.map((row) => row.groupSize))].sort((a, b) => a - b);
      return {
        typeId: type.id,
        categoryId: category.id,
        tiers: sizes.map((groupSize) => ({
          groupSize,
          prices: rows
            .filter((row) => row.groupSize === groupSize)
            .sort(
              (a, b) =>
                (customerOrder.get(a.customerTypeId) ?? 99) -
                (customerOrder.get(b.customerTypeId) ?? 99),
            )
            .map((row) => ({
              customerTypeId: row.customerTypeId,
              price: fromCents(row.priceCents),
            })),
        })),
      };
    }),
  );
}
