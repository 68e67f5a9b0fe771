import { todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { bookings, departures, passengerSlots } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { emptyHolding, holdingsOn, holdsSeats } from './holdings.ts';
import {
  type AvailabilityTour,
  availabilityTour,
  type DepartureKind,
  dayPlan,
  departureKind,
  departureRows,
  roomOn,
  ruleClosure,
} from './plan.ts';

/** How far on `nextDatesWithRoom` looks for dates with room. */
const NEXT_DATES_WINDOW_DAYS = 90;

/**
 * The day's row, locked for the rest of the transaction: bookings racing for its last seats are
 * taken one at a time. A tour with limits on every date (its own seats or private groups) gets
 * the row made, following its defaults, the first time one of its dates is booked; a date with
 * no limit at all is not locked.
 */
async function lockDay(tx: Transaction, tour: AvailabilityTour, date: string) {
  const locked = () =>
    tx
      .select()
      .from(departures)
      .where(and(eq(departures.tourId, tour.id), eq(departures.date, date)))
      .for('update');
  const [row] = await locked();
  if (row || (tour.capacity === null && tour.privateGroups === null)) return row;
  // The date's first booking: its row is made (two first bookings at once make one), then locked.
  await tx.insert(departures).values({ tourId: tour.id, date }).onConflictDoNothing();
  return (await locked())[0];
}

export interface SeatRequest {
  tourId: string;
  date: string;
  typeId: string;
  categoryId: string;
  passengers: number;
  /** The booking taking them, when it exists already (paid again): its own seats do not count. */
  bookingId?: string;
}

/**
 * Takes `passengers` seats of a departure for a booking being written in `tx`, or refuses: 422
 * when the day does not run, 409 with the seats left and the next dates with room when it has
 * too few (for a private group: when no private group is left, or its travellers do not fit the
 * day's permits). `known`: the tour, when the caller has it (the save's cached catalogue).
 */
export async function holdSeats(tx: Transaction, request: SeatRequest, known?: AvailabilityTour) {
  const tour = known ?? (await availabilityTour(tx, { id: request.tourId }));
  const row = await lockDay(tx, tour, request.date);
  const plan = dayPlan(tour, row);
  if (plan.status !== 'open') {
    throw new AppError('BUSINESS_RULE', 'departureNotRunning', {
      field: 'startDate',
      params: { reason: plan.reason || plan.status },
    });
  }
  const day = { from: request.date, to: request.date };
  const holding =
    (await holdingsOn(tx, tour.id, day, request.bookingId)).get(request.date) ?? emptyHolding();
  const kind = departureKind(tour, request);
  const room = roomOn(tour, plan, holding, kind);
  if (request.passengers <= room) return;
  const left = Number.isFinite(room) ? room : 0;
  const message = kind.isPrivate ? 'privateSoldOut' : left === 0 ? 'soldOut' : 'notEnoughSeats';
  throw new AppError('CONFLICT', message, {
    field: 'startDate',
    params: { seats: left },
    details: {
      seatsLeft: left,
      nextDates: await nextDatesWithRoom(tx, tour, kind, request.date, request.passengers),
    },
  });
}

/** Up to three later dates of the tour, open by its rules, with room for `passengers`. */
async function nextDatesWithRoom(
  tx: Executor,
  tour: AvailabilityTour,
  kind: DepartureKind,
  after: string,
  passengers: number,
) {
  const range = {
    from: dayjs(after).add(1, 'day').format('YYYY-MM-DD'),
    to: dayjs(after).add(NEXT_DATES_WINDOW_DAYS, 'day').format('YYYY-MM-DD'),
  };
  // One after the other: a transaction never runs two queries at once on its connection.
  const rows = await departureRows(tx, tour.id, range);
  const holdings = await holdingsOn(tx, tour.id, range);
  const today = todayInLima();
  const dates: string[] = [];
  for (
    let day = dayjs(range.from);
    dates.length < 3 && !day.isAfter(range.to);
    day = day.add(1, 'day')
  ) {
    const date = day.format('YYYY-MM-DD');
    if (ruleClosure(tour, date, today)) continue;
    const plan = dayPlan(tour, rows.get(date));
    if (roomOn(tour, plan, holdings.get(date) ?? emptyHolding(), kind) >= passengers) {
      dates.push(date);
    }
  }
  return dates;
}

/** Whether a booking holds its seats now (see holdsSeats). */
export async function bookingHoldsSeats(tx: Executor, bookingId: string): Promise<boolean> {
  const [row] = await tx
    .select({ holds: sql<boolean>`${holdsSeats}` })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.holds ?? false;
}

/**
 * Before a booking that no longer holds its seats (unpaid, its attempt expired) is paid again,
 * its passengers take seats again, or the payment is refused as a new booking would be.
 */
export async function holdSeatsAgain(tx: Transaction, booking: { id: string }) {
  if (await bookingHoldsSeats(tx, booking.id)) return;
  const [row] = await tx
    .select({
      tourId: bookings.tourId,
      date: bookings.travelDate,
      typeId: bookings.typeId,
      categoryId: bookings.categoryId,
    })
    .from(bookings)
    .where(eq(bookings.id, booking.id));
  if (!row) return;
  const [slots] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(passengerSlots)
    .where(eq(passengerSlots.bookingId, booking.id));
  await holdSeats(tx, { ...row, passengers: slots?.n ?? 0, bookingId: booking.id });
}
