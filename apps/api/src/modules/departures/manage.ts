import {
  AVAILABILITY_MAX_DAYS,
  type AvailabilityDay,
  addYears,
  BOOKING_DATE_RANGE_YEARS,
  closureReason,
  DEPARTURE_BULK_MAX_DAYS,
  type DepartureBulkRequest,
  type DepartureBulkResult,
  type DepartureCalendar,
  type DepartureUpdateRequest,
  type Language,
  type ManagedDeparture,
  nameIn,
  permitsUsed,
  SEATS_DISPLAY_MAX,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { bookings, categories, departures, passengerSlots, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { bumpCatalogueVersion } from '../../lib/versions.ts';
import { recordAudit } from '../audit/record.ts';
import { customerColumns } from '../users/customers.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';
import { type DayHolding, emptyHolding, holdingsOn, holdsSeats } from './holdings.ts';
import {
  type AvailabilityTour,
  availabilityTour,
  dayPlan,
  departureKind,
  departureRows,
  roomOn,
  ruleClosure,
} from './plan.ts';

/** The days from `from` to `to`, inclusive; 400 at most, else the range is refused (400). */
function daysOf(range: { from: string; to: string }, max: number, field = 'to'): string[] {
  const count = dayjs(range.to).diff(dayjs(range.from), 'day');
  if (count < 0 || count > max) throw new AppError('VALIDATION', 'invalidInput', { field });
  return Array.from({ length: count + 1 }, (_, index) =>
    dayjs(range.from).add(index, 'day').format('YYYY-MM-DD'),
  );
}

/** A tour's days in a range: their plan and what the bookings holding seats take of each. */
export async function tourDays(
  db: Executor,
  tour: AvailabilityTour,
  range: { from: string; to: string },
) {
  const rows = await departureRows(db, tour.id, range);
  const holdings = await holdingsOn(db, tour.id, range);
  return (date: string) => ({
    plan: dayPlan(tour, rows.get(date)),
    holding: holdings.get(date) ?? emptyHolding(),
  });
}

/**
 * GET tour/{code}/availability: every date of the range for the departure of a type and a
 * category (by default the tour's first): closed by the tour's rules or by the agency (with why,
 * in the caller's language), sold out, or open with its seats left (shown up to
 * SEATS_DISPLAY_MAX; `more` above).
 */
export async function availabilityOf(
  db: Executor,
  code: string,
  query: { from: string; to: string; type?: string | undefined; category?: string | undefined },
  language: Language,
  today = todayInLima(),
): Promise<AvailabilityDay[]> {
  const dates = daysOf(query, AVAILABILITY_MAX_DAYS);
  const tour = await availabilityTour(db, { code });
  const kind = departureKind(tour, { typeId: query.type, categoryId: query.category });
  const dayOf = await tourDays(db, tour, query);
  return dates.map((date) => {
    const closure = ruleClosure(tour, date, today);
    if (closure) {
      const reason = closureReason(closure, date, tour, language);
      return { date, status: 'closed', seatsLeft: 0, more: false, reason };
    }
    const { plan, holding } = dayOf(date);
    if (plan.status !== 'open') {
      return { date, status: plan.status, seatsLeft: 0, more: false, reason: plan.reason };
    }
    const room = roomOn(tour, plan, holding, kind);
    return {
      date,
      status: room < 1 ? 'soldOut' : 'open',
      seatsLeft: Math.min(room, SEATS_DISPLAY_MAX),
      more: room > SEATS_DISPLAY_MAX,
      reason: '',
    };
  });
}

/** The bookings holding seats on a tour's dates, for the agency to contact. */
async function bookingsOn(db: Executor, tourId: string, dates: string[]) {
  if (dates.length === 0) return [];
  return db
    .select({
      code: bookings.code,
      date: bookings.travelDate,
      ...customerColumns,
      passengers:
        sql<number>`(select count(*) from ${passengerSlots} where ${passengerSlots.bookingId} = ${bookings.id})`.mapWith(
          Number,
        ),
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.tourId, tourId), inArray(bookings.travelDate, dates), holdsSeats))
    .orderBy(asc(bookings.travelDate), asc(bookings.code));
}

/**
 * The columns a request changes: those it names (null: the tour's own figure, no permit cap, no
 * reason); a field it leaves out keeps what the departure had.
 */
function changedColumns(body: DepartureUpdateRequest) {
  return {
    ...(body.capacity !== undefined && { capacity: body.capacity }),
    ...(body.permits !== undefined && { permits: body.permits }),
    ...(body.privateGroups !== undefined && { privateGroups: body.privateGroups }),
    ...(body.status !== undefined && { status: body.status }),
    ...(body.reason !== undefined && { reason: body.reason ?? '' }),
  };
}

/** A date not yet scheduled: the tour's own figures, open, no reason, and what the request sets. */
const unscheduled = {
  capacity: null,
  permits: null,
  privateGroups: null,
  status: 'open',
  reason: '',
};

/** Writes a tour's departures on `dates`; the availability every node holds is dropped. */
async function writeDepartures(
  tx: Transaction,
  tour: AvailabilityTour,
  dates: string[],
  body: DepartureUpdateRequest,
) {
  const set = { ...changedColumns(body), updatedAt: sql`now()` };
  for (let start = 0; start < dates.length; start += 500) {
    await tx
      .insert(departures)
      .values(
        dates
          .slice(start, start + 500)
          .map((date) => ({ tourId: tour.id, date, ...unscheduled, ...set })),
      )
      .onConflictDoUpdate({ target: [departures.tourId, departures.date], set });
  }
  await bumpCatalogueVersion(tx);
}

/**
 * What a write of departures must leave true (issue 28), checked after it in its transaction
 * (a refusal rolls it back): a closed or cancelled date says why (customers read the reason, 422);
 * and a capacity the request sets is at least what each group departure already has booked
 * (409, with those bookings listed, to move or contact first).
 */
async function guardDepartures(
  tx: Transaction,
  tour: AvailabilityTour,
  dates: string[],
  body: DepartureUpdateRequest,
) {
  if (dates.length === 0) return;
  const from = dates[0] ?? '';
  const to = dates[dates.length - 1] ?? '';
  const rows = await departureRows(tx, tour.id, { from, to });
  const wanted = new Set(dates);
  const silent = [...rows.values()].filter(
    (row) => wanted.has(row.date) && row.status !== 'open' && row.reason.trim() === '',
  );
  if (silent.length > 0) {
    throw new AppError('BUSINESS_RULE', 'departureReasonRequired', { field: 'reason' });
  }
  if (body.capacity === undefined) return;
  const dayOf = await tourDays(tx, tour, { from, to });
  const over: { date: string; booked: number; capacity: number }[] = [];
  for (const date of dates) {
    const { plan, holding } = dayOf(date);
    if (plan.capacity === null || plan.capacity === undefined) continue;
    const booked = Math.max(0, ...holding.byCategory.values());
    if (booked > plan.capacity) over.push({ date, booked, capacity: plan.capacity });
  }
  const first = over[0];
  if (!first) return;
  const listed = await bookingsOn(
    tx,
    tour.id,
    over.map((day) => day.date),
  );
  throw new AppError('CONFLICT', 'capacityBelowBooked', {
    field: 'capacity',
    params: {
      date: first.date,
      booked: first.booked,
      capacity: first.capacity,
      codes: listed.map((booking) => booking.code).join(', '),
    },
    details: {
      days: over,
      bookings: listed.map(({ code, date, customerName, passengers }) => ({
        code,
        date,
        customerName,
        passengers,
      })),
    },
  });
}

/**
 * The dates a departure can be set on: from the agency's today to the furthest a booking may be
 * made for (BOOKING_DATE_RANGE_YEARS ahead); a day in the past, or in the year 9999, is refused
 * (422) rather than written and audited.
 */
function withinBookableDates(from: string, to: string, field: string) {
  const today = todayInLima();
  const last = addYears(today, BOOKING_DATE_RANGE_YEARS);
  if (from < today || to > last) {
    throw new AppError('BUSINESS_RULE', 'departureDateOutOfRange', {
      field,
      params: { from: today, to: last },
    });
  }
}

/**
 * PUT admin/departures/{tourCode}/{date} (administrators): sets a departure's seats, permits,
 * private groups and status, audited (as it was and as it is); what the request leaves out stays
 * as it was. Closing one never drops its bookings: the answer lists
 * them, to be contacted.
 */
export async function updateDeparture(
  db: Database,
  staff: AuthenticatedUser,
  target: { tourCode: string; date: string },
  body: DepartureUpdateRequest,
): Promise<ManagedDeparture> {
  withinBookableDates(target.date, target.date, 'date');
  return db.transaction(async (tx) => {
    const tour = await availabilityTour(tx, { code: target.tourCode });
    const [before] = await tx
      .select()
      .from(departures)
      .where(and(eq(departures.tourId, tour.id), eq(departures.date, target.date)))
      .for('update');
    await writeDepartures(tx, tour, [target.date], body);
    await guardDepartures(tx, tour, [target.date], body);
    const day = { from: target.date, to: target.date };
    const rows = await departureRows(tx, tour.id, day);
    const stored = figuresOf(rows.get(target.date));
    await recordAudit(tx, {
      staffUserId: staff.userId,
      action: 'departure.update',
      before: before ? figuresOf(before) : null,
      after: { tourCode: tour.code, date: target.date, ...stored },
    });
    const { plan, holding } = (await tourDays(tx, tour, day))(target.date);
    return {
      tourCode: tour.code,
      date: target.date,
      capacity: stored.capacity,
      permits: plan.permits,
      privateGroups: stored.privateGroups,
      status: plan.status,
      reason: plan.reason,
      booked: holding.travellers,
      seatsLeft: openSeats(tour, plan, holding),
      bookings: (await bookingsOn(tx, tour.id, [target.date])).map(({ date: _, ...row }) => row),
    };
  });
}

/** A departure's own figures (null: the tour's), as audited and answered. */
function figuresOf(row: typeof departures.$inferSelect | undefined) {
  return {
    capacity: row?.capacity ?? null,
    permits: row?.permits ?? null,
    privateGroups: row?.privateGroups ?? null,
    status: row?.status ?? 'open',
    reason: row?.reason ?? '',
  };
}

/** Seats the day still sells to its first category's group (what staff read as "seats left"). */
function openSeats(tour: AvailabilityTour, plan: ReturnType<typeof dayPlan>, holding: DayHolding) {
  const room = roomOn(tour, plan, holding, departureKind(tour, {}));
  return Number.isFinite(room) ? room : SEATS_DISPLAY_MAX;
}

/**
 * POST admin/tours/{code}/departures (administrators): the same seats, permits, private groups
 * and status for every date of a range on the chosen days of the week, in one transaction, with
 * one audit entry. The bookings on dates it closes or cancels are listed, to be contacted.
 */
export async function bulkDepartures(
  db: Database,
  staff: AuthenticatedUser,
  tourCode: string,
  body: DepartureBulkRequest,
): Promise<DepartureBulkResult> {
  withinBookableDates(body.from, body.to, 'from');
  const dates = daysOf(body, DEPARTURE_BULK_MAX_DAYS).filter((date) =>
    body.weekdays.includes(dayjs(date).day()),
  );
  return db.transaction(async (tx) => {
    const tour = await availabilityTour(tx, { code: tourCode });
    await writeDepartures(tx, tour, dates, body);
    await guardDepartures(tx, tour, dates, body);
    await recordAudit(tx, {
      staffUserId: staff.userId,
      action: 'departure.bulk',
      before: null,
      after: { tourCode: tour.code, dates: dates.length, ...body },
    });
    const closing = body.status !== 'open';
    return {
      tourCode: tour.code,
      dates,
      bookings: closing ? await bookingsOn(tx, tour.id, dates) : [],
    };
  });
}

/**
 * GET admin/tours/{code}/departures: the tour's calendar as staff see it, day by day: scheduled
 * or following the tour's defaults, open or why not, seats and permits, and each group
 * departure's (by category) travellers and seats left, and the private groups booked.
 */
export async function tourCalendar(
  db: Executor,
  code: string,
  range: { from: string; to: string },
  language: Language,
  today = todayInLima(),
): Promise<DepartureCalendar> {
  const dates = daysOf(range, AVAILABILITY_MAX_DAYS);
  const tour = await availabilityTour(db, { code });
  const dayOf = await tourDays(db, tour, range);
  const names = await db
    .select({ id: categories.id, nameEn: categories.nameEn, nameEs: categories.nameEs })
    .from(categories)
    .where(inArray(categories.id, tour.categories.length ? tour.categories : ['']));
  const nameOf = (id: string) => {
    const row = names.find((candidate) => candidate.id === id);
    return row ? nameIn(row, language) : id;
  };
  return {
    tourCode: tour.code,
    tour: nameIn(tour, language),
    days: dates.map((date) => {
      const { plan, holding } = dayOf(date);
      const closure = ruleClosure(tour, date, today);
      const open = plan.status === 'open' && !closure;
      return {
        date,
        scheduled: plan.scheduled,
        status: closure ? 'closed' : plan.status,
        reason: closure ? closureReason(closure, date, tour, language) : plan.reason,
        capacity: plan.capacity,
        permits: plan.permits,
        privateGroups: plan.privateGroups,
        booked: holding.travellers,
        crew: holding.crew,
        permitsUsed: permitsUsed(holding.travellers, tour.staffRatio, holding.crew),
        groups: tour.categories.map((categoryId) => {
          const room = roomOn(tour, plan, holding, { isPrivate: false, categoryId });
          return {
            categoryId,
            category: nameOf(categoryId),
            booked: holding.byCategory.get(categoryId) ?? 0,
            seatsLeft: !open ? 0 : Number.isFinite(room) ? room : null,
          };
        }),
        privateBooked: holding.privateGroups,
      };
    }),
  };
}
