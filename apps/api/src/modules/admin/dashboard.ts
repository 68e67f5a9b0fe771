import { type AdminDashboard, type Language, todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import type { Executor } from '../../db/client.ts';
import { bookingsWhere } from './bookings.ts';
import { listDepartures } from './departures.ts';
import { waitingIncidents } from './incidents.ts';

const inDays = (today: string, days: number) => dayjs(today).add(days, 'day').format('YYYY-MM-DD');

/**
 * GET admin/dashboard, queue first: the requests waiting (the 5 oldest), the next 14 days'
 * departures, the refunds due, and the balances still owed by bookings travelling within 30 days.
 */
export async function getDashboard(db: Executor, language: Language): Promise<AdminDashboard> {
  const today = todayInLima();
  return {
    waitingRequests: await waitingIncidents(db, language, 5),
    departures: await listDepartures(db, { from: today, to: inDays(today, 14) }, language),
    refundsDue: await bookingsWhere(db, { status: ['refund_due'], limit: 20 }, language),
    unpaidSoon: await bookingsWhere(
      db,
      { status: ['unpaid', 'deposit'], from: today, to: inDays(today, 30), limit: 20 },
      language,
    ),
  };
}
