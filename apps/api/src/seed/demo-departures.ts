import { dateClosure, todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { departures } from '../db/schema.ts';
import { tourId, tourRules } from './catalogue.ts';
import type { TourSeed } from './schemas.ts';

/** The demo's nearly full and sold-out dates on the classic trail: after its lead time. */
export function demoDepartureDates(today: string) {
  // The classic trail is booked 21 days ahead at least, and never in February.
  let nearlyFull = dayjs(today).add(21 + 10, 'day');
  while (nearlyFull.month() === 1) nearlyFull = nearlyFull.add(1, 'day');
  return {
    nearlyFull: nearlyFull.format('YYYY-MM-DD'),
    soldOut: nearlyFull.add(2, 'day').format('YYYY-MM-DD'),
  };
}

/** The last day the demo schedules: the day before a year from today (never a year on itself). */
export function demoScheduleEnd(today: string) {
  return dayjs(today).add(12, 'month').subtract(1, 'day').format('YYYY-MM-DD');
}

/**
 * Demo departures (issue 14): every tour scheduled for the next twelve months on the days it
 * runs, with its seats, its private groups and, on the Inca Trail, the permits the agency holds;
 * and on the classic trail one date nearly full and one sold out, so that the calendar shows each
 * case. Dates are counted from the day the demo is loaded.
 */
export async function seedDemoDepartures(
  db: Executor,
  catalogue: TourSeed[],
  today = todayInLima(),
) {
  const rows: (typeof departures.$inferInsert)[] = [];
  const end = demoScheduleEnd(today);
  for (const tour of catalogue) {
    const availability = tour.availability;
    if (!availability) continue;
    const rules = tourRules(tour) as Required<ReturnType<typeof tourRules>>;
    for (let day = dayjs(today); !day.isAfter(end); day = day.add(1, 'day')) {
      const date = day.format('YYYY-MM-DD');
      if (dateClosure(date, today, rules) !== null) continue;
      rows.push({
        tourId: tourId(tour.code),
        date,
        capacity: availability.capacity,
        permits: availability.permits ?? null,
      });
    }
  }
  const demo = demoDepartureDates(today);
  for (const row of rows) {
    if (row.tourId !== tourId('100401')) continue;
    if (row.date === demo.nearlyFull) row.capacity = 3;
    if (row.date === demo.soldOut) row.capacity = 0;
  }
  // A few thousand rows: in slices, so that no statement carries too many parameters. The demo's
  // bookings come first, and a booking's transaction writes its date's row to lock it, with no
  // figures of its own (the tour's): such a row, still without seats or permits, gets the
  // schedule's (issue 28: the classic trail's first March date had neither). A row the agency
  // set (any figure of its own) stays as it is.
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insert(departures)
      .values(rows.slice(start, start + 1000))
      .onConflictDoUpdate({
        target: [departures.tourId, departures.date],
        set: {
          capacity: sql`excluded.capacity`,
          permits: sql`excluded.permits`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${departures.capacity} is null and ${departures.permits} is null and ${departures.privateGroups} is null`,
      });
  }
}
