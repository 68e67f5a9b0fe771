import { and, between, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { bookings, crewAssignments, passengerSlots, tourTypes } from '../../db/schema.ts';
import { ledgerCondition } from '../ledger/ledger.ts';

/**
 * When a booking holds its seats (ADR 0035): the one definition, in SQL, that everything counting
 * or listing seats reads (the availability, the save's and a payment's seat check, the agency's
 * departures and manifests, the customer's "hold ended"), built of the booking's own columns so
 * that a query reading the booking under another name (the detail's relational query) can use it.
 */
export interface HoldColumns {
  id: AnyPgColumn;
  cancelledBy: SQLWrapper;
  corporateClientId: SQLWrapper;
  passengersCents: SQLWrapper;
  hotelsCents: SQLWrapper;
  holdUntil: SQLWrapper;
  /** A reseller's OCTO hold not yet confirmed: on credit, yet holding its seats only until `holdUntil`. */
  octoHold: SQLWrapper;
}

/**
 * The deposit of a booking as it stands (spec §9): half of its passengers and hotels, services
 * excluded, in whole dollars: `partialAmountCents` of shared's pricing rules, in SQL (integer
 * division of non-negative amounts is its floor; seat-holds.test pins the two together).
 */
export function depositOf(booking: Pick<HoldColumns, 'passengersCents' | 'hotelsCents'>): SQL {
  return sql`((${booking.passengersCents} + ${booking.hotelsCents}) / 200 * 100)`;
}

/**
 * Whether a booking is confirmed: it keeps its seats for good, whatever the time. It is on credit
 * (a corporate client's; a reseller's OCTO hold only once the reseller confirms it), or the money it has paid, net of refunds, covers its deposit (the
 * terms: "an initial deposit of 50% of the trek price confirms the reservation"), or it owes
 * nothing.
 *
 * A discount is not money paid: it never pays the deposit. The deposit is the customer's stake in
 * the seats (spec §9: non-refundable), which the agency keeps if they do not travel; a discount
 * only lowers the price, and a booking whose price was lowered by half still puts down its
 * deposit in money before its seats are kept. But a booking that owes nothing is settled: one
 * discounted below its deposit and paid in full, a trip given free, is confirmed, so that a paid
 * booking always holds its seats.
 */
export function confirmedOf(booking: HoldColumns): SQL<boolean> {
  return sql<boolean>`((${booking.corporateClientId} is not null and not ${booking.octoHold}) or ${ledgerCondition(
    booking.id,
    ({ payments, debt }) => sql`${payments} >= ${depositOf(booking)} or ${debt} <= 0`,
  )})`;
}

/**
 * Whether a booking holds its passengers' seats now: it is not cancelled (ADR 0037), and it is
 * confirmed, or its unpaid hold has not ended (`hold_until`, fixed when it was saved or took its
 * seats back; no payment attempt moves it). A booking that is neither gave its seats back:
 * paying it takes them again only if they remain (`holdSeatsAgain`). A refund that leaves the
 * deposit unpaid ends its hold the same way.
 */
export function holdsSeatsOf(booking: HoldColumns): SQL<boolean> {
  return sql<boolean>`(${booking.cancelledBy} is null and (${booking.holdUntil} > now() or ${confirmedOf(booking)}))`;
}

/** `holdsSeatsOf` the `bookings` table of the query. */
export const holdsSeats = holdsSeatsOf(bookings);

const held = alias(bookings, 'held_booking');

/**
 * `holdsSeats` of the booking whose id is `bookingId` (a column of the outer query), as a scalar
 * subquery built apart: a relational query renames every column of its extras to its own table,
 * which would send the ledger's columns to the booking (see ledgerSumsOf).
 */
export function holdsSeatsById(bookingId: AnyPgColumn): SQL<boolean> {
  const query = new QueryBuilder()
    .select({ holds: holdsSeatsOf(held) })
    .from(held)
    .where(eq(held.id, bookingId));
  return sql<boolean>`(${query})`;
}

/** What the bookings holding seats take of a tour's day. */
export interface DayHolding {
  /** Travellers of group bookings, by category (each category is a departure of its own). */
  byCategory: Map<string, number>;
  /** Private groups booked. */
  privateGroups: number;
  /** Every traveller of the day: they all use its permits. */
  travellers: number;
  /**
   * The crew assigned to the departure (issue 29): they use its permits too, from the same pool
   * (where they are more than the tour's staff ratio of the travellers).
   */
  crew: number;
}

export const emptyHolding = (): DayHolding => ({
  byCategory: new Map(),
  privateGroups: 0,
  travellers: 0,
  crew: 0,
});

/** The crew assigned to a tour's departures from `from` to `to`, by date (issue 29). */
export async function crewOn(
  db: Executor,
  tourId: string,
  range: { from: string; to: string },
): Promise<Map<string, number>> {
  const rows = await db
    .select({ date: crewAssignments.date, crew: sql<number>`count(*)`.mapWith(Number) })
    .from(crewAssignments)
    .where(
      and(eq(crewAssignments.tourId, tourId), between(crewAssignments.date, range.from, range.to)),
    )
    .groupBy(crewAssignments.date);
  return new Map(rows.map((row) => [row.date, row.crew]));
}

/**
 * The holdings of a tour's days from `from` to `to`, by date, with the crew assigned to each (two
 * queries, one after the other); `except` leaves out one booking (the one being paid again, whose
 * own seats are not counted against it).
 */
export async function holdingsOn(
  db: Executor,
  tourId: string,
  range: { from: string; to: string },
  except?: string,
): Promise<Map<string, DayHolding>> {
  const rows = await db
    .select({
      date: bookings.travelDate,
      isPrivate: tourTypes.isPrivate,
      categoryId: bookings.categoryId,
      bookings: sql<number>`count(distinct ${bookings.id})`.mapWith(Number),
      travellers: sql<number>`count(*)`.mapWith(Number),
    })
    .from(passengerSlots)
    .innerJoin(bookings, eq(bookings.id, passengerSlots.bookingId))
    .innerJoin(tourTypes, eq(tourTypes.id, bookings.typeId))
    .where(
      and(
        eq(bookings.tourId, tourId),
        between(bookings.travelDate, range.from, range.to),
        holdsSeats,
        except ? sql`${bookings.id} <> ${except}` : undefined,
      ),
    )
    .groupBy(bookings.travelDate, tourTypes.isPrivate, bookings.categoryId);
  const days = new Map<string, DayHolding>();
  for (const row of rows) {
    const day = days.get(row.date) ?? emptyHolding();
    day.travellers += row.travellers;
    if (row.isPrivate) day.privateGroups += row.bookings;
    else
      day.byCategory.set(
        row.categoryId,
        (day.byCategory.get(row.categoryId) ?? 0) + row.travellers,
      );
    days.set(row.date, day);
  }
  for (const [date, crew] of await crewOn(db, tourId, range)) {
    const day = days.get(date) ?? emptyHolding();
    day.crew = crew;
    days.set(date, day);
  }
  return days;
}
