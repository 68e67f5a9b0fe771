import { type DeparturePurchases, inLanguage, type Language } from '@cusco/shared';
import type { Executor } from '../../db/client.ts';
import {
  byRegistration,
  crewById,
  crewOn,
  type DayFilter,
  type Item,
  itemsOf,
  needs,
  type Person,
  personKey,
  purchasesOn,
  slotsById,
  tourByCode,
  travellersOn,
} from './people.ts';
import { departureItemView, itemStateView, PurchaseIndex, personView } from './states.ts';

/**
 * A departure's people and their purchases (issue 29): everyone on it (the crew, then the
 * travellers) and, after them, anyone who has a purchase recorded for the day but has left it (a
 * booking cancelled, a crew member unassigned), so that staff see what to cancel.
 */
export interface DeparturePeople {
  tour: Awaited<ReturnType<typeof tourByCode>>;
  date: string;
  items: Item[];
  on: Person[];
  off: Person[];
  index: PurchaseIndex;
}

export async function departurePeople(
  db: Executor,
  tourCode: string,
  date: string,
): Promise<DeparturePeople> {
  const tour = await tourByCode(db, tourCode);
  const filter: DayFilter = { tourId: tour.id, dates: [date] };
  const items = await itemsOf(db, [tour.id]);
  const on = [...(await travellersOn(db, filter)), ...(await crewOn(db, filter))].sort(
    byRegistration,
  );
  const purchases = await purchasesOn(db, filter);
  const present = new Set(on.map(personKey));
  const leftSlots = new Set<string>();
  const leftCrew = new Set<string>();
  for (const purchase of purchases) {
    if (present.has(personKey(purchase))) continue;
    if (purchase.passengerSlotId) leftSlots.add(purchase.passengerSlotId);
    if (purchase.crewMemberId) leftCrew.add(purchase.crewMemberId);
  }
  const off = [
    ...(await crewById(db, [...leftCrew], { tourId: tour.id, date })),
    ...(await slotsById(db, [...leftSlots])),
  ];
  return { tour, date, items, on, off, index: new PurchaseIndex(purchases) };
}

/** GET admin/departures/{tourCode}/{date}/purchases: every person × item with its state. */
export async function getDeparturePurchases(
  db: Executor,
  tourCode: string,
  date: string,
  language: Language,
): Promise<DeparturePurchases> {
  const { tour, items, on, off, index } = await departurePeople(db, tourCode, date);
  const view = (person: Person, onDeparture: boolean) => ({
    ...personView(person),
    onDeparture,
    items: items
      // Someone who left keeps the items recorded for them, whatever their role now.
      .filter(
        (item) =>
          (onDeparture && needs(person, item)) ||
          index.of(item.id, person).bought !== undefined ||
          index.of(item.id, person).cancelled !== undefined,
      )
      .map((item) => itemStateView(index, item, person)),
  });
  return {
    tourCode: tour.code,
    tour: inLanguage(language, tour.nameEn, tour.nameEs),
    date,
    items: items.map((item) => departureItemView(item, date)),
    people: [
      ...on.map((person) => view(person, true)),
      ...off.map((person) => view(person, false)),
    ],
  };
}
