import {
  inLanguage,
  type Language,
  PURCHASE_BOARD_DAYS,
  PURCHASE_LIMITS,
  type PurchaseBoard,
  type PurchaseBoardQuery,
  type PurchaseBoardRow,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tours } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import {
  buyByOf,
  byRegistration,
  crewOn,
  type DayFilter,
  type Item,
  itemsOf,
  needs,
  type Person,
  purchasesOn,
  travellersOn,
} from './people.ts';
import { departureItemView, PurchaseIndex, personView, stateOf } from './states.ts';

/**
 * GET admin/purchases (issue 29): the to-buy board. Each departure's item whose buy-by date (the
 * travel date less the item's days) falls in the range, with its people's counts by state and
 * the people still to buy with what their data lacks; an overdue item (its buy-by date passed
 * with someone still to buy) stays on the board whatever the range, until the departure leaves.
 */

const addDays = (date: string, days: number) => dayjs(date).add(days, 'day').format('YYYY-MM-DD');

/** The range asked for: today to 120 days ahead by default; 400 when it is backwards or too wide. */
function rangeOf(query: PurchaseBoardQuery, today: string) {
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, PURCHASE_BOARD_DAYS);
  if (to < from || dayjs(to).diff(dayjs(from), 'day') > PURCHASE_LIMITS.boardDays) {
    throw new AppError('VALIDATION', 'purchaseRangeInvalid', { field: 'to' });
  }
  return { from, to };
}

export async function purchaseBoard(
  db: Executor,
  query: PurchaseBoardQuery,
  language: Language,
  today: string = todayInLima(),
): Promise<PurchaseBoard> {
  const { from, to } = rangeOf(query, today);
  const items = (await itemsOf(db)).filter((item) => !query.kind || item.kind === query.kind);
  if (items.length === 0) return { from, to, today, rows: [] };
  const tourIds = [...new Set(items.map((item) => item.tourId))];
  const longest = Math.max(...items.map((item) => item.buyDaysBefore));
  // Departures that have not left, up to the last whose buy-by date can be in the range.
  const filter: DayFilter = { tourIds, from: today, to: addDays(to, longest) };
  const people = [...(await travellersOn(db, filter)), ...(await crewOn(db, filter))];
  const index = new PurchaseIndex(await purchasesOn(db, filter));
  const names = new Map(
    (
      await db
        .select({ id: tours.id, code: tours.code, nameEn: tours.nameEn, nameEs: tours.nameEs })
        .from(tours)
        .where(inArray(tours.id, tourIds))
    ).map((tour) => [tour.id, tour]),
  );

  const departures = new Map<string, Person[]>();
  for (const person of people) {
    const key = `${person.tourId}|${person.date}`;
    departures.set(key, [...(departures.get(key) ?? []), person]);
  }
  const rows: PurchaseBoardRow[] = [];
  for (const [key, onDay] of departures) {
    const [tourId = '', date = ''] = key.split('|');
    const tour = names.get(tourId);
    if (!tour) continue;
    for (const item of items.filter((candidate) => candidate.tourId === tourId)) {
      const row = boardRow(item, date, onDay, index, today);
      if (!row) continue;
      const buyBy = row.item.buyBy;
      if ((buyBy >= from && buyBy <= to) || (row.overdue && buyBy < from)) {
        rows.push({
          tourCode: tour.code,
          tour: inLanguage(language, tour.nameEn, tour.nameEs),
          date,
          ...row,
        });
      }
    }
  }
  rows.sort(
    (a, b) =>
      a.item.buyBy.localeCompare(b.item.buyBy) ||
      a.tourCode.localeCompare(b.tourCode) ||
      a.date.localeCompare(b.date),
  );
  return { from, to, today, rows };
}

/** One departure's item on the board; null when nobody on it needs the item. */
function boardRow(
  item: Item,
  date: string,
  onDay: Person[],
  index: PurchaseIndex,
  today: string,
): Omit<PurchaseBoardRow, 'tourCode' | 'tour' | 'date'> | null {
  const counts = { needed: 0, complete: 0, bought: 0, cancelled: 0 };
  const toBuy: PurchaseBoardRow['toBuy'] = [];
  const needing = onDay.filter((person) => needs(person, item)).sort(byRegistration);
  if (needing.length === 0) return null;
  for (const person of needing) {
    const { state } = stateOf(index, item, person);
    counts[state]++;
    if (state !== 'bought') toBuy.push({ ...personView(person), state });
  }
  // Whose data is missing first: they hold the purchase up.
  toBuy.sort((a, b) => Number(b.missing.length > 0) - Number(a.missing.length > 0));
  const buyBy = buyByOf(date, item);
  return {
    item: departureItemView(item, date),
    daysLeft: dayjs(buyBy).diff(dayjs(today), 'day'),
    overdue: buyBy < today && toBuy.length > 0,
    counts,
    toBuy,
  };
}
