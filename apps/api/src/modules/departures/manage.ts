import {
  AVAILABILITY_MAX_DAYS,
  type AvailabilityDay,
  type DepartureUpdateRequest,
  type ManagedDeparture,
  SEATS_DISPLAY_MAX,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { bookings, departures, passengerSlots, tours, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import type { AuthenticatedUser } from '../auth/sessions.ts';
import { holdsSeats, seatsOf } from './seats.ts';

/** Travellers holding seats on the outer query's departure (a correlated subquery). */
const bookedOn = sql<number>`(select count(*) from ${passengerSlots}
  join ${bookings} on ${bookings.id} = ${passengerSlots.bookingId}
  where ${bookings.tourId} = ${departures.tourId} and ${bookings.travelDate} = ${departures.date}
    and ${holdsSeats})`.mapWith(Number);

/** A tour by code; 404 when unknown. */
async function tourOf(db: Executor, code: string) {
  const [tour] = await db
    .select({ id: tours.id, code: tours.code })
    .from(tours)
    .where(eq(tours.code, code));
  if (!tour) throw new AppError('NOT_FOUND', 'tourNotFound');
  return tour;
}

/**
 * GET tour/{code}/availability: the dates of the range the agency manages, each open with its
 * seats left (shown up to SEATS_DISPLAY_MAX), sold out, or closed with its reason.
 */
export async function availabilityOf(
  db: Executor,
  code: string,
  range: { from: string; to: string },
): Promise<AvailabilityDay[]> {
  const days = dayjs(range.to).diff(dayjs(range.from), 'day');
  if (days < 0 || days > AVAILABILITY_MAX_DAYS) {
    throw new AppError('VALIDATION', 'invalidInput', { field: 'to' });
  }
  const tour = await tourOf(db, code);
  const rows = await db
    .select({
      date: departures.date,
      capacity: departures.capacity,
      permits: departures.permits,
      status: departures.status,
      reason: departures.reason,
      staffRatio: tours.staffRatio,
      booked: bookedOn,
    })
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(and(eq(departures.tourId, tour.id), between(departures.date, range.from, range.to)))
    .orderBy(asc(departures.date));
  return rows.map((row) => {
    const left = seatsOf(row, row.booked);
    const status = row.status === 'open' && left === 0 ? 'soldOut' : row.status;
    return {
      date: row.date,
      status: status as AvailabilityDay['status'],
      seatsLeft: Math.min(left, SEATS_DISPLAY_MAX),
      more: left > SEATS_DISPLAY_MAX,
      reason: row.status === 'open' ? '' : row.reason,
    };
  });
}

/** The bookings holding seats on a departure, for the agency to contact. */
async function bookingsOn(db: Executor, tourId: string, date: string) {
  return db
    .select({
      code: bookings.code,
      customerName: sql<string>`${users.name} || ' ' || ${users.lastName}`,
      customerEmail: users.email,
      passengers:
        sql<number>`(select count(*) from ${passengerSlots} where ${passengerSlots.bookingId} = ${bookings.id})`.mapWith(
          Number,
        ),
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.tourId, tourId), eq(bookings.travelDate, date), holdsSeats))
    .orderBy(asc(bookings.code));
}

/**
 * PUT admin/departures/{tourCode}/{date} (administrators): sets a departure's seats, permits and
 * status, audited. Closing one never drops its bookings: the answer lists them, to be contacted.
 */
export async function updateDeparture(
  db: Database,
  staff: AuthenticatedUser,
  target: { tourCode: string; date: string },
  body: DepartureUpdateRequest,
): Promise<ManagedDeparture> {
  return db.transaction(async (tx) => {
    const tour = await tourOf(tx, target.tourCode);
    const [before] = await tx
      .select()
      .from(departures)
      .where(and(eq(departures.tourId, tour.id), eq(departures.date, target.date)))
      .for('update');
    const values = {
      capacity: body.capacity,
      permits: body.permits ?? null,
      status: body.status,
      reason: body.reason ?? '',
      updatedAt: sql`now()`,
    };
    await tx
      .insert(departures)
      .values({ tourId: tour.id, date: target.date, ...values })
      .onConflictDoUpdate({ target: [departures.tourId, departures.date], set: values });
    const [row] = await tx
      .select({
        capacity: departures.capacity,
        permits: departures.permits,
        status: departures.status,
        reason: departures.reason,
        staffRatio: tours.staffRatio,
        booked: bookedOn,
      })
      .from(departures)
      .innerJoin(tours, eq(tours.id, departures.tourId))
      .where(and(eq(departures.tourId, tour.id), eq(departures.date, target.date)));
    if (!row) throw new Error('the departure was not written');
    const { updatedAt: _, tourId: __, ...was } = before ?? { updatedAt: null, tourId: null };
    await recordAudit(tx, {
      staffUserId: staff.userId,
      action: 'departure.update',
      before: before ? was : null,
      after: { tourCode: tour.code, date: target.date, ...body },
    });
    return {
      tourCode: tour.code,
      date: target.date,
      capacity: row.capacity,
      permits: row.permits,
      status: row.status as ManagedDeparture['status'],
      reason: row.reason,
      booked: row.booked,
      seatsLeft: seatsOf(row, row.booked),
      bookings: await bookingsOn(tx, tour.id, target.date),
    };
  });
}
