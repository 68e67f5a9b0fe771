import {
  GUIDE_DAYS_AHEAD,
  type GuideDeparture,
  type GuideManifest,
  inLanguage,
  isCancelled,
  type Language,
  nameIn,
  TRAIL_KEEP_DAYS,
  trailDeleteAfter,
  translate,
} from '@cusco/shared';
import { and, asc, count, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  crewAssignments,
  departures,
  passengerSlots,
  personPurchases,
  tourItinerary,
  tourPurchaseItems,
  tours,
  trailActions,
  trailSyncs,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { readManifest } from '../admin/departures.ts';
import { roleNames } from '../admin/guide-manifest.ts';
import { holdsSeats } from '../departures/holdings.ts';
import { bookingStatusSql } from '../lifecycle/status.ts';
import { detailFields } from '../operations/items.ts';
import { publishedVoucherKeys } from './keys.ts';
import {
  assignedDeparture,
  attendanceBySlot,
  endDateOf,
  notesOf,
  plusDays,
  travellerName,
} from './read.ts';

/**
 * The guide's app (issue 32, ADR 0051): the departures a guide's crew member is assigned to, and
 * each one's download for the trail.
 */

/**
 * GET guide/departures: the departures the guide is assigned to, not cancelled, whose data a
 * phone still keeps (deleteAfter on or after today) up to GUIDE_DAYS_AHEAD days ahead, soonest
 * first, with their travellers and how many are checked in.
 */
export async function guideDepartures(
  db: Executor,
  crewMemberId: string,
  language: Language,
  today: string,
): Promise<GuideDeparture[]> {
  const rows = await db
    .select({
      tourId: tours.id,
      tourCode: tours.code,
      nameEn: tours.nameEn,
      nameEs: tours.nameEs,
      days: tours.days,
      date: crewAssignments.date,
      role: crewAssignments.role,
      status: departures.status,
    })
    .from(crewAssignments)
    .innerJoin(tours, eq(tours.id, crewAssignments.tourId))
    .innerJoin(
      departures,
      and(eq(departures.tourId, crewAssignments.tourId), eq(departures.date, crewAssignments.date)),
    )
    .where(
      and(
        eq(crewAssignments.crewMemberId, crewMemberId),
        ne(departures.status, 'cancelled'),
        lte(crewAssignments.date, plusDays(today, GUIDE_DAYS_AHEAD)),
        // Its last day plus the days a phone keeps it: not before today.
        sql`${crewAssignments.date} + (greatest(${tours.days}, 1) - 1 + ${TRAIL_KEEP_DAYS}) >= ${today}::date`,
      ),
    )
    .orderBy(asc(crewAssignments.date), asc(tours.code));
  if (rows.length === 0) return [];
  const counts = await travellerCounts(
    db,
    rows.map((row) => ({ tourId: row.tourId, date: row.date })),
  );
  return rows.map((row) => {
    const endDate = endDateOf(row.date, row.days);
    const key = `${row.tourId}|${row.date}`;
    return {
      tourCode: row.tourCode,
      tour: inLanguage(language, row.nameEn, row.nameEs),
      date: row.date,
      endDate,
      days: row.days,
      role: row.role,
      roleName: translate(roleNames[row.role], language),
      travellers: counts.travellers.get(key) ?? 0,
      checkedIn: counts.checkedIn.get(key) ?? 0,
      status: row.status,
      deleteAfter: trailDeleteAfter(endDate),
    };
  });
}

/** Travellers (slots of bookings holding seats) and applied check-ins per departure. */
async function travellerCounts(db: Executor, list: { tourId: string; date: string }[]) {
  const tourIds = [...new Set(list.map((item) => item.tourId))];
  const dates = [...new Set(list.map((item) => item.date))];
  const [slots, checkIns] = await Promise.all([
    db
      .select({ tourId: bookings.tourId, date: bookings.travelDate, n: count() })
      .from(passengerSlots)
      .innerJoin(bookings, eq(bookings.id, passengerSlots.bookingId))
      .where(
        and(inArray(bookings.tourId, tourIds), inArray(bookings.travelDate, dates), holdsSeats),
      )
      .groupBy(bookings.tourId, bookings.travelDate),
    db
      .select({ tourId: trailActions.tourId, date: trailActions.date, n: count() })
      .from(trailActions)
      .where(
        and(
          inArray(trailActions.tourId, tourIds),
          inArray(trailActions.date, dates),
          eq(trailActions.kind, 'check_in'),
          eq(trailActions.outcome, 'applied'),
        ),
      )
      .groupBy(trailActions.tourId, trailActions.date),
  ]);
  const byKey = (rows: { tourId: string; date: string; n: number }[]) =>
    new Map(rows.map((row) => [`${row.tourId}|${row.date}`, Number(row.n)]));
  return { travellers: byKey(slots), checkedIn: byKey(checkIns) };
}

/** The purchase item's name on the trail: its kind, and its details (circuit, route, hour…). */
const itemKinds = {
  permit: 'trailItemPermit',
  entry: 'trailItemEntry',
  train: 'trailItemTrain',
  bus: 'trailItemBus',
} as const;

function itemName(
  item: { kind: keyof typeof itemKinds; details: Record<string, string> },
  language: Language,
) {
  // In the editor's order (circuit, route, hour…): jsonb keeps its keys in an order of its own.
  const details = detailFields[item.kind]
    .map((field) => String(item.details[field] ?? '').trim())
    .filter(Boolean);
  return [translate(itemKinds[item.kind], language), ...details].join(' · ');
}

/** The permits and tickets bought for the departure's people (status bought), by person. */
async function referencesOf(
  db: Executor,
  tourId: string,
  date: string,
  slotIds: readonly string[],
  language: Language,
) {
  const rows = await db
    .select({
      slotId: personPurchases.passengerSlotId,
      crewMemberId: personPurchases.crewMemberId,
      reference: personPurchases.reference,
      kind: tourPurchaseItems.kind,
      details: tourPurchaseItems.details,
    })
    .from(personPurchases)
    .innerJoin(tourPurchaseItems, eq(tourPurchaseItems.id, personPurchases.itemId))
    .where(
      and(
        eq(personPurchases.status, 'bought'),
        eq(personPurchases.tourId, tourId),
        eq(personPurchases.date, date),
      ),
    )
    .orderBy(asc(tourPurchaseItems.sortOrder), asc(tourPurchaseItems.id));
  const wanted = new Set(slotIds);
  const bySlot = new Map<string, { item: string; reference: string }[]>();
  const byCrew = new Map<string, { item: string; reference: string }[]>();
  for (const row of rows) {
    const entry = { item: itemName(row, language), reference: row.reference };
    if (row.slotId && wanted.has(row.slotId)) {
      bySlot.set(row.slotId, [...(bySlot.get(row.slotId) ?? []), entry]);
    } else if (row.crewMemberId) {
      byCrew.set(row.crewMemberId, [...(byCrew.get(row.crewMemberId) ?? []), entry]);
    }
  }
  return { bySlot, byCrew };
}

/** The tour's itinerary day by day: each day's events, the first its title, the rest its text. */
async function itineraryOf(db: Executor, tourId: string, language: Language) {
  const rows = await db
    .select({ day: tourItinerary.day, nameEn: tourItinerary.nameEn, nameEs: tourItinerary.nameEs })
    .from(tourItinerary)
    .where(eq(tourItinerary.tourId, tourId))
    .orderBy(asc(tourItinerary.day), asc(tourItinerary.sortOrder));
  const days = new Map<number, string[]>();
  for (const row of rows) days.set(row.day, [...(days.get(row.day) ?? []), nameIn(row, language)]);
  return [...days].map(([day, events]) => ({
    day,
    title: events[0] ?? '',
    description: events.slice(1).join('\n'),
  }));
}

/** Every booking of the departure, cancelled ones too, with its travellers. */
async function bookingsOf(db: Executor, tourId: string, date: string) {
  const rows = await db
    .select({
      code: bookings.code,
      status: bookingStatusSql,
      passengers: count(passengerSlots.id),
    })
    .from(bookings)
    .leftJoin(passengerSlots, eq(passengerSlots.bookingId, bookings.id))
    .where(and(eq(bookings.tourId, tourId), eq(bookings.travelDate, date)))
    .groupBy(bookings.id)
    .orderBy(asc(bookings.code));
  return rows.map((row) => ({
    code: row.code,
    passengers: Number(row.passengers),
    cancelled: isCancelled(row.status),
  }));
}

/** The agency's emergency numbers: the configured list, or the agency's phone and Peru's. */
export function emergencyNumbers(
  configured: { name: string; phone: string }[] | undefined,
  agencyPhone: string,
  language: Language,
) {
  if (configured && configured.length > 0) return configured;
  return [
    { name: translate('trailEmergencyAgency', language), phone: agencyPhone },
    { name: translate('trailEmergencyPolice', language), phone: '105' },
    { name: translate('trailEmergencyFire', language), phone: '116' },
  ];
}

/**
 * GET guide/departures/{tourCode}/{date}: everything the guide takes to the trail (the manifest
 * with each traveller's slot, references and attendance; the crew with theirs; the itinerary;
 * the emergency numbers; every booking; the voucher keys; the notes). 404 when the guide is not
 * assigned to it. With a device id, the download is recorded (the back office's "last sync").
 */
export async function guideManifest(
  db: Executor,
  guide: { userId: string; crewMemberId: string },
  params: { tourCode: string; date: string },
  options: {
    language: Language;
    deviceId: string | undefined;
    emergency: { name: string; phone: string }[];
  },
): Promise<GuideManifest> {
  const { language } = options;
  const departure = await assignedDeparture(db, guide.crewMemberId, params.tourCode, params.date);
  if (!departure) throw new AppError('NOT_FOUND', 'notFound');
  const { manifest, slotIds } = await readManifest(
    db,
    departure.tourCode,
    departure.date,
    language,
  );
  const [attendance, references, itinerary, bookingList, voucherKeys] = await Promise.all([
    attendanceBySlot(db, slotIds),
    referencesOf(db, departure.tourId, departure.date, slotIds, language),
    itineraryOf(db, departure.tourId, language),
    bookingsOf(db, departure.tourId, departure.date),
    publishedVoucherKeys(db),
  ]);
  const travellers = manifest.passengers.map((passenger, index) => {
    const slotId = slotIds[index] ?? '';
    return {
      ...passenger,
      slotId,
      references: references.bySlot.get(slotId) ?? [],
      attendance: attendance.get(slotId) ?? null,
    };
  });
  const names = new Map(
    travellers.map((traveller) => [traveller.slotId, travellerName(traveller)]),
  );
  const notes = await notesOf(db, departure.tourId, departure.date, names);
  if (options.deviceId) {
    await recordSync(db, {
      tourId: departure.tourId,
      date: departure.date,
      userId: guide.userId,
      deviceId: options.deviceId,
      kind: 'download',
    });
  }
  return {
    tourCode: manifest.tourCode,
    tour: manifest.tour,
    date: manifest.date,
    endDate: departure.endDate,
    days: departure.days,
    meeting: manifest.meeting,
    generatedAt: new Date().toISOString(),
    deleteAfter: departure.deleteAfter,
    travellers,
    crew: manifest.crew.map((member) => ({
      ...member,
      references: references.byCrew.get(member.id) ?? [],
    })),
    itinerary,
    emergency: options.emergency,
    bookings: bookingList,
    voucherKeys,
    notes,
  };
}

/** Records a phone's sync of a departure: one row per guide and phone, the latest kept. */
export async function recordSync(
  db: Executor,
  sync: {
    tourId: string;
    date: string;
    userId: string;
    deviceId: string;
    kind: 'download' | 'actions';
  },
) {
  await db
    .insert(trailSyncs)
    .values(sync)
    .onConflictDoUpdate({
      target: [trailSyncs.tourId, trailSyncs.date, trailSyncs.userId, trailSyncs.deviceId],
      set: { kind: sync.kind, syncedAt: sql`now()` },
    });
}
