import { dollarsText, todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { bookings, departures, passengerSlots } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { ledgerTotals } from '../ledger/ledger.ts';
import { confirmedOf, depositOf, emptyHolding, holdingsOn, holdsSeats } from './holdings.ts';
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
 * The day's row, locked for the rest of the transaction: bookings racing for its last seats, and
 * crew assignments racing for its last permits (issue 29), are taken one at a time. A tour with
 * limits on every date (its own seats or private groups) gets the row made, following its
 * defaults, the first time one of its dates is booked; a date with no limit at all is not locked,
 * unless `always` (a crew assignment, which the row holds): then it is made too.
 */
export async function lockDay(
  tx: Transaction,
  tour: AvailabilityTour,
  date: string,
  options: { always?: boolean } = {},
) {
  const locked = () =>
    tx
      .select()
      .from(departures)
      .where(and(eq(departures.tourId, tour.id), eq(departures.date, date)))
      .for('update');
  const [row] = await locked();
  if (row || (!options.always && tour.capacity === null && tour.privateGroups === null)) return row;
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
 * when the day does not run (with the next dates with room), 409 with the seats left and the next dates with room when it has
 * too few (for a private group: when no private group is left, or its travellers do not fit the
 * day's permits). `known`: the tour, when the caller has it (the save's cached catalogue).
 */
export async function holdSeats(tx: Transaction, request: SeatRequest, known?: AvailabilityTour) {
  const tour = known ?? (await availabilityTour(tx, { id: request.tourId }));
  const row = await lockDay(tx, tour, request.date);
  const plan = dayPlan(tour, row);
  const kind = departureKind(tour, request);
  if (plan.status !== 'open') {
    // Closed or cancelled by the agency (perhaps while the customer was booking it): the next
    // dates with room come with the refusal, as they do with a sold-out date's.
    throw new AppError('BUSINESS_RULE', 'departureNotRunning', {
      field: 'startDate',
      params: { reason: plan.reason || plan.status },
      details: {
        nextDates: await nextDatesWithRoom(tx, tour, kind, request.date, request.passengers),
      },
    });
  }
  const day = { from: request.date, to: request.date };
  const holding =
    (await holdingsOn(tx, tour.id, day, request.bookingId)).get(request.date) ?? emptyHolding();
  const room = roomOn(tour, plan, holding, kind);
  if (request.passengers <= room) return;
  const left = Number.isFinite(room) ? room : 0;
  const message = kind.isPrivate ? 'privateSoldOut' : left === 0 ? 'soldOut' : 'notEnoughSeats';
  throw new AppError('CONFLICT', message, {
    field: 'startDate',
    params: { count: left },
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

/** Where a booking stands with its seats (holdings.ts), and what taking them again asks for. */
async function seatHoldOf(tx: Executor, bookingId: string) {
  const [row] = await tx
    .select({
      holds: holdsSeats,
      confirmed: confirmedOf(bookings),
      holdUntil: bookings.holdUntil,
      tourId: bookings.tourId,
      date: bookings.travelDate,
      typeId: bookings.typeId,
      categoryId: bookings.categoryId,
      passengers: tx.$count(passengerSlots, eq(passengerSlots.bookingId, bookings.id)),
      deposit: depositOf(bookings).mapWith(Number),
      comebacks: bookings.seatComebacks,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row;
}

/** How many times a customer's card payment may take back a booking's seats after its hold. */
export const MAX_CUSTOMER_COMEBACKS = 1;

/**
 * Before a booking is paid (by card, or at the agency's desk), it must hold its seats: one that
 * gave them back (its unpaid hold ended, or a refund left its deposit unpaid) takes them again,
 * or the payment is refused as a new booking would be (409 without room, 422 when the day no
 * longer runs), and a new unpaid hold of its length starts. The customer's own card payment
 * (`customerPays`, its amount in cents) takes them back only for at least the rest of the
 * deposit, and once: a checkout of a dollar opened each time a hold ends would otherwise keep
 * the seats for ever (422 `holdNeedsDeposit`, `holdEndedBookAgain`). Answers when the booking's
 * unpaid hold ends, which no payment attempt opened now may outlive, or null when it is confirmed
 * and keeps its seats whatever the time. Runs with the booking locked.
 */
export async function holdSeatsAgain(
  tx: Transaction,
  booking: { id: string },
  options: { customerPays?: number } = {},
): Promise<Date | null> {
  const hold = await seatHoldOf(tx, booking.id);
  if (!hold || hold.confirmed) return null;
  if (hold.holds) return hold.holdUntil;
  const byCustomer = options.customerPays !== undefined;
  if (byCustomer) {
    if (hold.comebacks >= MAX_CUSTOMER_COMEBACKS) {
      throw new AppError('BUSINESS_RULE', 'holdEndedBookAgain');
    }
    const rest = hold.deposit - (await ledgerTotals(tx, booking.id)).payments;
    if ((options.customerPays ?? 0) < rest) {
      throw new AppError('BUSINESS_RULE', 'holdNeedsDeposit', {
        field: 'amount',
        params: { amount: dollarsText(rest) },
      });
    }
  }
  await holdSeats(tx, { ...hold, bookingId: booking.id });
  const [taken] = await tx
    .update(bookings)
    .set({
      holdUntil: sql`now() + make_interval(mins => ${bookings.holdMinutes})`,
      ...(byCustomer ? { seatComebacks: sql`${bookings.seatComebacks} + 1` } : {}),
    })
    .where(eq(bookings.id, booking.id))
    .returning({ holdUntil: bookings.holdUntil });
  return taken?.holdUntil ?? null;
}

/**
 * For a write that may confirm a booking without a payment (a discount that leaves nothing owed,
 * an accepted removal that lowers its deposit): call it before the write, and what it answers
 * after. A booking that had given its seats back and is confirmed by the write must find
 * them free, or the write is refused (409/422; the caller's transaction rolls back): a booking
 * coming back never oversells its departure.
 */
export async function guardComeback(tx: Transaction, bookingId: string) {
  const before = await seatHoldOf(tx, bookingId);
  return async () => {
    if (!before || before.holds) return;
    const after = await seatHoldOf(tx, bookingId);
    if (after?.holds) await holdSeats(tx, { ...after, bookingId });
  };
}
