import {
  type AdminTourEditor,
  type AdminTourListItem,
  type AdminTourQuery,
  CustomerTypeId,
  fromCents,
  type Language,
  nameIn,
} from '@cusco/shared';
import { and, asc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
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
  tourInclusions,
  tourItinerary,
  tourPrices,
  tourRelated,
  tours,
} from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { limitOffset, type Page } from '../../lib/pagination.ts';
import { containing } from '../admin/customers.ts';
import { tourCategoryNames, tourTypeNames } from '../tours/tour-parts.ts';

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
      code: tours.code,
      nameEn: tours.nameEn,
      nameEs: tours.nameEs,
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

/** The tour's head row by code, offered or not; 404 when there is none. */
export async function editableTourHead(db: Executor, code: string) {
  const [tour] = await db
    .select({
      id: tours.id,
      code: tours.code,
      nameEn: tours.nameEn,
      nameEs: tours.nameEs,
      days: tours.days,
      nights: tours.nights,
      hotelNights: tours.hotelNights,
      isActive: tours.isActive,
      revision: tours.revision,
      leadDays: tours.leadDays,
      closedMonths: tours.closedMonths,
      weekdays: tours.weekdays,
      capacity: tours.capacity,
      privateGroups: tours.privateGroups,
      staffRatio: tours.staffRatio,
      maxGroupSize: tours.maxGroupSize,
      familyEn: tourFamilies.nameEn,
      familyEs: tourFamilies.nameEs,
    })
    .from(tours)
    .innerJoin(tourFamilies, eq(tourFamilies.id, tours.familyId))
    .where(eq(tours.code, code));
  if (!tour) throw notFound('tourNotFound');
  return tour;
}

/** GET admin/tours/{code}: the tour as the editor shows it; 404 for an unknown code. */
export async function loadEditableTour(
  db: Executor,
  code: string,
  language: Language,
): Promise<AdminTourEditor> {
  const tour = await editableTourHead(db, code);
  const parts = await readEach(db, {
    types: () => tourTypeNames(db, tour.id),
    categories: () => tourCategoryNames(db, tour.id),
    customerTypes: () => namedList(db, customerTypes),
    hotelTypes: () => namedList(db, hotelTypes),
    roomTypes: () => namedList(db, roomTypes),
    tiers: () =>
      db
        .select()
        .from(tourPrices)
        .where(eq(tourPrices.tourId, tour.id))
        .orderBy(asc(tourPrices.groupSize)),
    hotelPrices: () =>
      db
        .select()
        .from(tourHotelPrices)
        .innerJoin(hotelTypes, eq(hotelTypes.id, tourHotelPrices.hotelTypeId))
        .innerJoin(roomTypes, eq(roomTypes.id, tourHotelPrices.roomTypeId))
        .where(eq(tourHotelPrices.tourId, tour.id))
        .orderBy(asc(hotelTypes.sortOrder), asc(roomTypes.sortOrder)),
    offers: () =>
      db
        .select({
          id: tourAdditionalServices.id,
          serviceId: tourAdditionalServices.serviceId,
          labelEn: tourAdditionalServices.labelEn,
          labelEs: tourAdditionalServices.labelEs,
          priceCents: tourAdditionalServices.priceCents,
          booked: bookedLines,
        })
        .from(tourAdditionalServices)
        .where(
          and(
            eq(tourAdditionalServices.tourId, tour.id),
            isNull(tourAdditionalServices.withdrawnAt),
          ),
        )
        .orderBy(asc(tourAdditionalServices.sortOrder), asc(tourAdditionalServices.id)),
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
    itinerary: () =>
      db
        .select()
        .from(tourItinerary)
        .where(eq(tourItinerary.tourId, tour.id))
        .orderBy(asc(tourItinerary.day), asc(tourItinerary.sortOrder)),
    inclusions: () =>
      db
        .select()
        .from(tourInclusions)
        .where(eq(tourInclusions.tourId, tour.id))
        .orderBy(asc(tourInclusions.sortOrder)),
    related: () =>
      db
        .select({ code: tours.code })
        .from(tourRelated)
        .innerJoin(tours, eq(tours.id, tourRelated.relatedTourId))
        .where(eq(tourRelated.tourId, tour.id))
        .orderBy(asc(tourRelated.sortOrder)),
    allTours: () =>
      db
        .select({
          code: tours.code,
          nameEn: tours.nameEn,
          nameEs: tours.nameEs,
          active: tours.isActive,
        })
        .from(tours)
        .innerJoin(tourFamilies, eq(tourFamilies.id, tours.familyId))
        .orderBy(asc(tourFamilies.sortOrder), asc(tours.sortOrder), asc(tours.code)),
  });
  const name = (row: { id: string; nameEn: string; nameEs: string }) => ({
    id: row.id,
    name: nameIn(row, language),
  });
  const inclusion = (row: typeof tourInclusions.$inferSelect) => ({
    nameEn: row.nameEn,
    nameEs: row.nameEs,
    observationEn: row.observationEn,
    observationEs: row.observationEs,
  });
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
    rules: {
      leadDays: tour.leadDays,
      closedMonths: tour.closedMonths,
      weekdays: tour.weekdays,
      capacity: tour.capacity,
      privateGroups: tour.privateGroups,
      staffRatio: tour.staffRatio,
      maxGroupSize: tour.maxGroupSize,
    },
    itinerary: parts.itinerary.map((row) => ({
      day: row.day,
      nameEn: row.nameEn,
      nameEs: row.nameEs,
    })),
    included: parts.inclusions.filter((row) => row.included).map(inclusion),
    notIncluded: parts.inclusions.filter((row) => !row.included).map(inclusion),
    prices: priceSeriesOf(parts.types, parts.categories, parts.customerTypes, parts.tiers),
    hotelPrices: parts.hotelPrices.map((row) => ({
      hotelTypeId: row.tour_hotel_prices.hotelTypeId,
      roomTypeId: row.tour_hotel_prices.roomTypeId,
      price: fromCents(row.tour_hotel_prices.priceCents),
    })),
    offers: parts.offers.map((row) => ({
      id: row.id,
      serviceId: row.serviceId,
      labelEn: row.labelEn,
      labelEs: row.labelEs,
      price: fromCents(row.priceCents),
      booked: row.booked,
    })),
    related: parts.related.map((row) => row.code),
    choices: {
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
        .filter((row) => row.code !== tour.code)
        .map((row) => ({ code: row.code, name: nameIn(row, language), active: row.active })),
    },
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
