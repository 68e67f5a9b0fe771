import { todayInLima } from '@cusco/shared';
import { and, asc, between, eq, gt, isNull, not, notExists, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, outbox } from '../../db/schema.ts';
import { toBookingDetail } from '../bookings/detail-answer.ts';
import { loadBookingDetail } from '../bookings/detail-rows.ts';
import { holdsSeats } from '../departures/holdings.ts';
import { debtSql, ledgerTotalsLateral } from '../ledger/ledger.ts';
import { isCancelledSql } from '../ledger/money-status.ts';
import { longestBuyDaysOf } from '../operations/deadlines.ts';
import { enqueueMail } from '../outbox/outbox.ts';

/** Balance reminders go 30, 14 and 7 days before travel, while a balance is due. */
export const BALANCE_REMINDER_DAYS = [30, 14, 7] as const;
/** The passenger-data reminder goes 21 days before travel, while a passenger is incomplete. */
export const PASSENGER_DATA_DAYS = 21;

export interface ReminderReport {
  balance: number;
  passengerData: number;
}

/**
 * The bookings a reminder may go to today: booked before the agency's today (the day it is
 * booked, the confirmation says it all), travelling from tomorrow to `days` ahead, with
 * passengers (not cancelled) and holding their seats (an unpaid hold that ended is not chased).
 */
function remindable(today: string, days: number | SQL<number>): SQL {
  return and(
    between(bookings.travelDate, sql`${today}::date + 1`, sql`${today}::date + (${days})::int`),
    sql`(${bookings.createdAt} at time zone 'America/Lima')::date < ${today}::date`,
    not(isCancelledSql),
    holdsSeats,
  ) as SQL;
}

/** The balance reminder's window of a booking `left` days from travel: 30, 14 or 7. */
function reminderWindow(left: number): number {
  const [first, second, third] = BALANCE_REMINDER_DAYS;
  if (left <= third) return third;
  if (left <= second) return second;
  return first;
}

/**
 * Balance reminders due today: for each booking paid online (not on credit) travelling in 1 to
 * 30 days with a balance due (the ledger's debt), the reminder of its window (30: 15–30 days
 * left, 14: 8–14, 7: 1–7), once per window (the outbox's unique key) and never two on one day.
 * A scan that missed a day catches up with the window's reminder the next.
 */
async function balanceReminders(db: Executor, today: string): Promise<number> {
  const totals = ledgerTotalsLateral(db, bookings.id);
  const remindedToday = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'balance_reminder'),
        eq(outbox.subjectId, bookings.id),
        sql`${outbox.data}->>'day' = ${today}::text`,
      ),
    );
  const due = await db
    .select({
      id: bookings.id,
      userId: bookings.userId,
      left: sql<number>`${bookings.travelDate} - ${today}::date`.mapWith(Number),
    })
    .from(bookings)
    .leftJoinLateral(totals, sql`true`)
    .where(
      and(
        remindable(today, BALANCE_REMINDER_DAYS[0]),
        isNull(bookings.corporateClientId),
        gt(debtSql(totals), 0),
        notExists(remindedToday),
      ),
    );
  return enqueueMail(
    db,
    due.map((booking) => {
      const days = reminderWindow(booking.left);
      return {
        kind: 'balance_reminder' as const,
        subjectId: booking.id,
        reason: String(days),
        userId: booking.userId,
        bookingId: booking.id,
        data: { days, day: today },
      };
    }),
  );
}

/**
 * Passenger-data reminders due today: bookings travelling within 21 days (and not yet reminded)
 * with a passenger whose data is under 100 %, once each. The completeness is the booking
 * detail's own (one rule, in shared), read for the candidates only. On a tour whose items are
 * bought per person (issue 29: the Inca Trail's permit), the 21 days count back from the
 * earliest buy-by date instead of the travel date: the data is needed to buy them.
 */
async function passengerDataReminders(db: Executor, today: string): Promise<number> {
  const reminded = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.kind, 'passenger_data_reminder'), eq(outbox.subjectId, bookings.id)));
  const candidates = await db
    .select({
      id: bookings.id,
      code: bookings.code,
      userId: bookings.userId,
      corporateClientId: bookings.corporateClientId,
    })
    .from(bookings)
    .where(
      and(
        remindable(
          today,
          sql<number>`${PASSENGER_DATA_DAYS} + ${longestBuyDaysOf(bookings.tourId)}`,
        ),
        notExists(reminded),
      ),
    )
    .orderBy(asc(bookings.travelDate))
    .limit(1000);
  let added = 0;
  for (const booking of candidates) {
    const rows = await loadBookingDetail(db, booking, booking.code);
    const detail = toBookingDetail(rows, 'en');
    if (detail.passangerRegistry.every((slot) => slot.percentage >= 100)) continue;
    added += await enqueueMail(db, {
      kind: 'passenger_data_reminder',
      subjectId: booking.id,
      reason: String(PASSENGER_DATA_DAYS),
      userId: booking.userId,
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
