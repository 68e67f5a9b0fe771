import { seatsLeft } from '@cusco/shared';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  bookings,
  departures,
  ledgerEntries,
  passengerSlots,
  paymentAttempts,
  tours,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/**
 * Seats on managed departures (issue 14). A booking holds its passengers' seats while it is on
 * credit (corporate), paid in part or in full, or waiting for a payment attempt that has not
 * expired; an unpaid public booking whose attempt expired gives them back.
 */
export const holdsSeats = sql`(
  ${bookings.corporateClientId} is not null
  or exists (select 1 from ${ledgerEntries} where ${ledgerEntries.bookingId} = ${bookings.id}
             and ${ledgerEntries.kind} = 'payment')
  or exists (select 1 from ${paymentAttempts} where ${paymentAttempts.bookingId} = ${bookings.id}
             and ${paymentAttempts.status} = 'pending' and ${paymentAttempts.expiresAt} > now())
)`;

/** The travellers holding seats on a tour's date (all of them, or but one booking's). */
async function travellersHolding(
  tx: Executor,
  departure: { tourId: string; date: string },
  except?: string,
) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(passengerSlots)
    .innerJoin(bookings, eq(bookings.id, passengerSlots.bookingId))
    .where(
      and(
        eq(bookings.tourId, departure.tourId),
        eq(bookings.travelDate, departure.date),
        holdsSeats,
        except ? sql`${bookings.id} <> ${except}` : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** The departure's row and its tour's staff ratio, locked for the rest of the transaction. */
async function lockDeparture(tx: Transaction, tourId: string, date: string) {
  const [row] = await tx
    .select({
      capacity: departures.capacity,
      permits: departures.permits,
      status: departures.status,
      reason: departures.reason,
      staffRatio: tours.staffRatio,
    })
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(and(eq(departures.tourId, tourId), eq(departures.date, date)))
    .for('update', { of: departures });
  return row;
}

/** The seats a departure still sells, given its row (as lockDeparture reads it). */
export function seatsOf(
  row: { capacity: number; permits: number | null; staffRatio: number; status: string },
  booked: number,
): number {
  if (row.status !== 'open') return 0;
  return seatsLeft({ ...row, booked });
}

/**
 * Takes `passengers` seats of a tour's date for a booking being written in `tx`, or refuses:
 * 422 when the departure does not run, 409 with the seats left and the next dates with room
 * when it has too few. The departure's row is locked first, so that bookings racing for its
 * last seats are taken one at a time. A date the agency does not manage takes any booking.
 */
export async function holdSeats(
  tx: Transaction,
  request: { tourId: string; date: string; passengers: number; bookingId?: string },
) {
  const departure = await lockDeparture(tx, request.tourId, request.date);
  if (!departure) return;
  if (departure.status !== 'open') {
    throw new AppError('BUSINESS_RULE', 'departureNotRunning', {
      field: 'startDate',
      params: { reason: departure.reason || departure.status },
    });
  }
  const booked = await travellersHolding(tx, request, request.bookingId);
  const left = seatsOf(departure, booked);
  if (request.passengers <= left) return;
  throw new AppError('CONFLICT', left === 0 ? 'soldOut' : 'notEnoughSeats', {
    field: 'startDate',
    params: { seats: left },
    details: {
      seatsLeft: left,
      nextDates: await nextDatesWithRoom(tx, request.tourId, request.date, request.passengers),
    },
  });
}

/** Up to three later managed dates of the tour with room for `passengers`. */
async function nextDatesWithRoom(tx: Executor, tourId: string, after: string, passengers: number) {
  const later = await tx
    .select({
      date: departures.date,
      capacity: departures.capacity,
      permits: departures.permits,
      status: departures.status,
      staffRatio: tours.staffRatio,
    })
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(
      and(eq(departures.tourId, tourId), gt(departures.date, after), eq(departures.status, 'open')),
    )
    .orderBy(asc(departures.date))
    .limit(30);
  const dates: string[] = [];
  for (const departure of later) {
    const booked = await travellersHolding(tx, { tourId, date: departure.date });
    if (seatsOf(departure, booked) >= passengers) dates.push(departure.date);
    if (dates.length === 3) break;
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
export async function holdSeatsAgain(
  tx: Transaction,
  booking: { id: string; tourId: string; travelDate: string },
) {
  if (await bookingHoldsSeats(tx, booking.id)) return;
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(passengerSlots)
    .where(eq(passengerSlots.bookingId, booking.id));
  await holdSeats(tx, {
    tourId: booking.tourId,
    date: booking.travelDate,
    passengers: row?.n ?? 0,
    bookingId: booking.id,
  });
}
