import { todayInLima } from '@cusco/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { toBookingDetail } from '../bookings/detail-answer.ts';
import { loadBookingDetail } from '../bookings/detail-rows.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';

/** Balance reminders go 30, 14 and 7 days before travel, while a balance is due. */
export const BALANCE_REMINDER_DAYS = [30, 14, 7] as const;
/** The passenger-data reminder goes 21 days before travel, while a passenger is incomplete. */
export const PASSENGER_DATA_DAYS = 21;

export interface ReminderReport {
  balance: number;
  passengerData: number;
}

/**
 * The debt of booking `b` (DESIGN.md: purchases + additions − discounts − payments + refunds),
 * in SQL, for the scan's filter.
 */
const debtOfBooking = sql`(select coalesce(sum(case l.kind
    when 'purchase' then l.amount_cents when 'addition' then l.amount_cents
    when 'refund' then l.amount_cents else -l.amount_cents end), 0)
  from ledger_entries l where l.booking_id = b.id)`;

/** A booking saved before the agency's today: the day it is booked, the confirmation says it all. */
const bookedBefore = (today: string) =>
  sql`(b.created_at at time zone 'America/Lima')::date < ${today}::date`;

/**
 * Balance reminders due today: for each booking paid online (not on credit, not cancelled)
 * travelling in 1 to 30 days with a balance due, the reminder of its window (30: 15–30 days
 * left, 14: 8–14, 7: 1–7), once per window (the outbox's unique key) and never two on one day.
 * A scan that missed a day catches up with the window's reminder the next.
 */
async function balanceReminders(db: Executor, today: string): Promise<number> {
  const [first, second, third] = BALANCE_REMINDER_DAYS;
  const result = await db.execute(sql`
    insert into outbox (kind, subject_id, reason, user_id, booking_id, data)
    select 'balance_reminder', b.id, w.days::text, b.user_id, b.id,
      jsonb_build_object('days', w.days, 'day', ${today}::text)
    from bookings b
    cross join lateral (
      select case
        when b.travel_date - ${today}::date <= ${third}::int then ${third}::int
        when b.travel_date - ${today}::date <= ${second}::int then ${second}::int
        else ${first}::int end as days
    ) w
    where b.travel_date between ${today}::date + 1 and ${today}::date + ${first}::int
      and b.corporate_client_id is null
      and ${bookedBefore(today)}
      and exists (select 1 from passenger_slots s where s.booking_id = b.id)
      and ${debtOfBooking} > 0
      and not exists (
        select 1 from outbox o
        where o.kind = 'balance_reminder' and o.subject_id = b.id
          and o.data->>'day' = ${today}::text
      )
    on conflict (kind, subject_id, reason) do nothing
    returning id`);
  return rowsOf(result).length;
}

/**
 * Passenger-data reminders due today: bookings travelling within 21 days (and not yet reminded)
 * with a passenger whose data is under 100 %, once each. The completeness is the booking
 * detail's own (one rule, in shared), read for the candidates only.
 */
async function passengerDataReminders(db: Executor, today: string): Promise<number> {
  const candidates = rowsOf<{ id: string; code: string; user_id: string; company: string | null }>(
    await db.execute(sql`
      select b.id, b.code, b.user_id, b.corporate_client_id as company
      from bookings b
      where b.travel_date between ${today}::date + 1 and ${today}::date + ${PASSENGER_DATA_DAYS}::int
        and ${bookedBefore(today)}
        and exists (select 1 from passenger_slots s where s.booking_id = b.id)
        and not exists (
          select 1 from outbox o
          where o.kind = 'passenger_data_reminder' and o.subject_id = b.id
        )
      order by b.travel_date
      limit 1000`),
  );
  let added = 0;
  for (const booking of candidates) {
    const owner = {
      userId: booking.user_id,
      corporateClientId: booking.company,
    } as AuthenticatedUser;
    const detail = toBookingDetail(await loadBookingDetail(db, owner, booking.code), 'en');
    if (detail.passangerRegistry.every((slot) => slot.percentage >= 100)) continue;
    added += await enqueueMail(db, {
      kind: 'passenger_data_reminder',
      subjectId: booking.id,
      reason: String(PASSENGER_DATA_DAYS),
      userId: booking.user_id,
      bookingId: booking.id,
    });
  }
  return added;
}

/**
 * The daily scan: adds today's reminders to the outbox under their unique keys, so that running
 * it again (every hour, on every node) adds nothing more. The worker checks again when it sends:
 * a balance paid or data completed meanwhile is not reminded.
 */
export async function scanReminders(
  db: Executor,
  options: { today?: string } = {},
): Promise<ReminderReport> {
  const today = options.today ?? todayInLima();
  return {
    balance: await balanceReminders(db, today),
    passengerData: await passengerDataReminders(db, today),
  };
}
