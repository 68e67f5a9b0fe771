import type { DepartureItem, PersonItemState, PurchaseState } from '@cusco/shared';
import { buyByOf, type Item, type Person, type PurchaseRow, personKey } from './people.ts';

/**
 * Where each person stands with each item (issue 29): bought (with the government's reference
 * and the day), its purchase cancelled (and not bought again), or still to buy with their data
 * complete or not (`needed`: something is missing).
 */

/** The purchases of a departure by item and person: the bought one, and the last cancelled. */
export class PurchaseIndex {
  private readonly byKey = new Map<string, { bought?: PurchaseRow; cancelled?: PurchaseRow }>();

  constructor(rows: readonly PurchaseRow[]) {
    for (const row of rows) {
      const key = PurchaseIndex.key(row.itemId, row);
      const entry = this.byKey.get(key) ?? {};
      if (row.status === 'bought') entry.bought = row;
      // Oldest first: the last one seen is the latest cancelled.
      else entry.cancelled = row;
      this.byKey.set(key, entry);
    }
  }

  private static key(
    itemId: string,
    person: { passengerSlotId: string | null; crewMemberId: string | null },
  ) {
    return `${itemId}|${personKey(person)}`;
  }

  of(itemId: string, person: Pick<Person, 'passengerSlotId' | 'crewMemberId'>) {
    return this.byKey.get(PurchaseIndex.key(itemId, person)) ?? {};
  }
}

/** A person's state for an item, and the purchase it stands on. */
export function stateOf(
  index: PurchaseIndex,
  item: Pick<Item, 'id'>,
  person: Pick<Person, 'passengerSlotId' | 'crewMemberId' | 'missing'>,
): { state: PurchaseState; purchase: PurchaseRow | null } {
  const { bought, cancelled } = index.of(item.id, person);
  if (bought) return { state: 'bought', purchase: bought };
  if (cancelled) return { state: 'cancelled', purchase: cancelled };
  return { state: person.missing.length > 0 ? 'needed' : 'complete', purchase: null };
}

/** The answer's view of a person's state for an item. */
export function itemStateView(
  index: PurchaseIndex,
  item: Pick<Item, 'id'>,
  person: Pick<Person, 'passengerSlotId' | 'crewMemberId' | 'missing'>,
): PersonItemState {
  const { state, purchase } = stateOf(index, item, person);
  return {
    itemId: item.id,
    state,
    purchaseId: purchase?.id ?? null,
    reference: purchase?.reference ?? null,
    boughtOn: purchase?.boughtOn ?? null,
  };
}

/** An item as a departure's answers show it. */
export function departureItemView(item: Item, date: string): DepartureItem {
  return {
    id: item.id,
    kind: item.kind,
    details: item.details,
    buyDaysBefore: item.buyDaysBefore,
    buyBy: buyByOf(date, item),
    crewRoles: item.crewRoles,
  };
}

/** The person as the answers show them. */
export function personView(person: Person) {
  return {
    passengerSlotId: person.passengerSlotId,
    crewMemberId: person.crewMemberId,
    name: person.name,
    role: person.role,
    bookingCode: person.bookingCode,
    position: person.position,
    missing: person.missing,
  };
}
