import { and, between, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  ledgerEntries,
  passengerSlots,
  paymentAttempts,
  tourTypes,
} from '../../db/schema.ts';

/**
 * Seats on departures (issue 14). A booking holds its passengers' seats while it is on credit
 * (corporate), paid in part or in full, or waiting for a payment attempt that has not expired;
 * an unpaid public booking whose attempt expired gives them back.
 */
export const holdsSeats = sql`(
  ${bookings.corporateClientId} is not null
  or exists (select 1 from ${ledgerEntries} where ${ledgerEntries.bookingId} = ${bookings.id}
             and ${ledgerEntries.kind} = 'payment')
  or exists (select 1 from ${paymentAttempts} where ${paymentAttempts.bookingId} = ${bookings.id}
             and ${paymentAttempts.status} = 'pending' and ${paymentAttempts.expiresAt} > now())
)`;

/** What the bookings holding seats take of a tour's day. */
export interface DayHolding {
  /** Travellers of group bookings, by category (each category is a departure of its own). */
  byCategory: Map<string, number>;
  /** Private groups booked. */
  privateGroups: number;
  /** Every traveller of the day: they all use its permits. */
  travellers: number;
}

export const emptyHolding = (): DayHolding => ({
  byCategory: new Map(),
  privateGroups: 0,
  travellers: 0,
});

/**
 * The holdings of a tour's days from `from` to `to`, by date, in one query; `except` leaves out
 * one booking (the one being paid again, whose own seats are not counted against it).
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
  return days;
}
