import {
  type ChangeBooking,
  type ChangePolicy,
  partialAmountCents,
  todayInLima,
} from '@cusco/shared';
import { and, eq, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, departures, ledgerEntries, passengerSlots } from '../../db/schema.ts';
import { confirmedOf } from '../departures/holdings.ts';
import { ledgerTotals } from '../ledger/ledger.ts';
import { policyFor } from '../lifecycle/policies.ts';
import { statusOf } from '../lifecycle/status.ts';

export type BookingRow = typeof bookings.$inferSelect;

/** What a change is decided on: the booking as shared's `quoteChange` sees it, and its policy. */
export interface ChangeContext {
  booking: BookingRow;
  facts: ChangeBooking;
  policy: ChangePolicy;
  /** The agency's today (Cusco). */
  today: string;
  /** The agency called the booking's departure off: its customer's cancellation is the agency's. */
  calledOff: boolean;
}

/** The booking's departure: whether it needs permits (it has some allotted), and is called off. */
async function departureOf(db: Executor, booking: BookingRow) {
  const [day] = await db
    .select({ permits: departures.permits, status: departures.status })
    .from(departures)
    .where(and(eq(departures.tourId, booking.tourId), eq(departures.date, booking.travelDate)));
  return {
    permitBound: day?.permits !== null && day?.permits !== undefined,
    calledOff: day?.status === 'cancelled',
  };
}

/**
 * What earlier changes charged and kept for good: a removed passenger's share, the fees (a date
 * change's, a document change's).
 */
async function retainedCents(db: Executor, bookingId: string): Promise<number> {
  const [row] = await db
    .select({
      sum: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.bookingId, bookingId),
        eq(ledgerEntries.kind, 'addition'),
        or(
          like(ledgerEntries.description, 'change-kept|%'),
          like(ledgerEntries.description, 'change-fee|%'),
          // A document change's fee paid for a permit bought again (issue 29).
          like(ledgerEntries.description, 'document-change|%'),
        ),
      ),
    );
  return row?.sum ?? 0;
}

/** Whether the booking is confirmed now (ADR 0035). */
async function confirmedNow(db: Executor, bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ confirmed: confirmedOf(bookings) })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.confirmed ?? false;
}

/**
 * Reads what a change of `booking` is decided on, from the database alone: its status, its
 * ledger, its travellers, its tour's policy for its audience. Call it with the booking locked.
 */
export async function changeContext(db: Executor, booking: BookingRow): Promise<ChangeContext> {
  const onCredit = booking.corporateClientId !== null;
  // One after the other: a transaction's statements share its one connection.
  const status = await statusOf(db, booking.id);
  const totals = await ledgerTotals(db, booking.id);
  const travellers = await db.$count(passengerSlots, eq(passengerSlots.bookingId, booking.id));
  const departure = await departureOf(db, booking);
  const policy = await policyFor(db, booking.tourId, onCredit ? 'corporate' : 'standard');
  const bought = booking.confirmedAt !== null || (await confirmedNow(db, booking.id));
  const retained = await retainedCents(db, booking.id);
  return {
    booking,
    facts: {
      status,
      travelDate: booking.travelDate,
      onCredit,
      costCents: totals.purchases + totals.additions - totals.discounts,
      paidCents: totals.payments,
      depositCents: partialAmountCents(booking.passengersCents, booking.hotelsCents),
      travellers,
      permitBound: departure.permitBound,
      bought,
      retainedCents: retained,
      lockedKeepPercent: booking.lockedKeepPercent,
    },
    policy,
    today: todayInLima(),
    calledOff: departure.calledOff,
  };
}
