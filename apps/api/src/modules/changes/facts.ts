import {
  type ChangeBooking,
  type ChangePolicy,
  partialAmountCents,
  todayInLima,
} from '@cusco/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type bookings, departures, passengerSlots } from '../../db/schema.ts';
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
}

/** Whether the booking's departure needs Inca Trail permits (its day has permits allotted). */
async function permitBound(db: Executor, booking: BookingRow): Promise<boolean> {
  const [day] = await db
    .select({ permits: departures.permits })
    .from(departures)
    .where(and(eq(departures.tourId, booking.tourId), eq(departures.date, booking.travelDate)));
  return day?.permits !== null && day?.permits !== undefined;
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
  const bound = await permitBound(db, booking);
  const policy = await policyFor(db, booking.tourId, onCredit ? 'corporate' : 'standard');
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
      permitBound: bound,
    },
    policy,
    today: todayInLima(),
  };
}
