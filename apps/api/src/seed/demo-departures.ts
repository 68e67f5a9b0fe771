import { todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { departures, tours } from '../db/schema.ts';
import { tourId } from './catalogue.ts';

/** The Inca Trail's tours: they close every February, and their travellers use permits. */
const trailTours = [
  { code: '100401', staffRatio: 2.5, permits: 60 },
  { code: '100201', staffRatio: 1, permits: 40 },
];

const FEBRUARY_REASON =
  'The Inca Trail closes every February for maintenance · El Camino Inca cierra cada febrero por mantenimiento';

/** The demo's nearly full and sold-out dates: ten and twelve days on, after any February. */
export function demoDepartureDates(today: string) {
  let nearlyFull = dayjs(today).add(10, 'day');
  while (nearlyFull.month() === 1) nearlyFull = nearlyFull.add(1, 'day');
  return {
    nearlyFull: nearlyFull.format('YYYY-MM-DD'),
    soldOut: nearlyFull.add(2, 'day').format('YYYY-MM-DD'),
  };
}

/**
 * Demo departures (issue 14): the trail tours' staff ratio, their next February closed, and a few
 * dates nearly full or sold out, so that the calendar shows each case. Dates are counted from
 * the day the demo is loaded; a year from today is never among them.
 */
export async function seedDemoDepartures(db: Executor, today = todayInLima()) {
  const rows: (typeof departures.$inferInsert)[] = [];
  const start = dayjs(today);
  const end = start.add(11, 'month');
  for (const trail of trailTours) {
    await db.update(tours).set({ staffRatio: trail.staffRatio }).where(eq(tours.code, trail.code));
    for (let day = start; day.isBefore(end); day = day.add(1, 'day')) {
      if (day.month() !== 1) continue;
      rows.push({
        tourId: tourId(trail.code),
        date: day.format('YYYY-MM-DD'),
        capacity: 16,
        permits: trail.permits,
        status: 'closed',
        reason: FEBRUARY_REASON,
      });
    }
  }
  // On the classic trail, a date nearly full (three seats left) and one sold out.
  const demo = demoDepartureDates(today);
  for (const [date, capacity] of [
    [demo.nearlyFull, 3],
    [demo.soldOut, 0],
  ] as const) {
    rows.push({ tourId: tourId('100401'), date, capacity, permits: 60, status: 'open' });
  }
  if (rows.length > 0) await db.insert(departures).values(rows).onConflictDoNothing();
}
