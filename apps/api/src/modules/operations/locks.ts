import {
  type LockedFieldGroup,
  lockedChanges,
  lockedFieldGroups,
  type MessageKey,
  type PurchaseKind,
  passengerLockedFields,
  purchaseKinds,
} from '@cusco/shared';
import { and, eq, inArray, min } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clients, passengerSlots, personPurchases, tourPurchaseItems } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/**
 * The lock a purchase puts on a person (issue 29, docs/back-office.md "The lock"): once an item
 * is bought in a traveller's or a crew member's name, their names, nationality, birth date and
 * document are locked on every route that writes a person; a try is a 409 naming the lock.
 */
export interface PersonLock {
  /** The groups of fields locked (all of them once anything is bought). */
  locked: LockedFieldGroup[];
  /** Why: the first kind bought, the permit first. */
  lockedReason: PurchaseKind;
  /** The day the first of them was bought. */
  lockedSince: string;
}

/** The person a purchase is for: a booking's passenger slot, or a crew member. */
export type LockedPerson = { passengerSlotId: string } | { crewMemberId: string };

/** The locks that rows (a person, a kind bought, the first day of it) put, by person. */
function foldLocks(
  rows: { person: string | null; kind: string; since: string | null }[],
): Map<string, PersonLock> {
  const locks = new Map<string, PersonLock>();
  for (const row of rows) {
    if (!row.person || !row.since) continue;
    const kind = row.kind as PurchaseKind;
    const known = locks.get(row.person);
    if (!known) {
      locks.set(row.person, {
        locked: [...lockedFieldGroups],
        lockedReason: kind,
        lockedSince: row.since,
      });
      continue;
    }
    if (purchaseKinds.indexOf(kind) < purchaseKinds.indexOf(known.lockedReason))
      known.lockedReason = kind;
    if (row.since < known.lockedSince) known.lockedSince = row.since;
  }
  return locks;
}

async function locksBy(
  db: Executor,
  column: typeof personPurchases.passengerSlotId | typeof personPurchases.crewMemberId,
  ids: readonly string[],
): Promise<Map<string, PersonLock>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ person: column, kind: tourPurchaseItems.kind, since: min(personPurchases.boughtOn) })
    .from(personPurchases)
    .innerJoin(tourPurchaseItems, eq(tourPurchaseItems.id, personPurchases.itemId))
    .where(and(inArray(column, [...ids]), eq(personPurchases.status, 'bought')))
    .groupBy(column, tourPurchaseItems.kind);
  return foldLocks(rows);
}

/**
 * The locks of passengers' records, by client id: a record fills slots of several bookings (a
 * customer travelling twice), and what is bought for any of them locks the record itself, which
 * every one of those bookings shows and saves (a client absent is not locked).
 */
export async function clientLocks(
  db: Executor,
  clientIds: readonly string[],
): Promise<Map<string, PersonLock>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({
      person: passengerSlots.clientId,
      kind: tourPurchaseItems.kind,
      since: min(personPurchases.boughtOn),
    })
    .from(personPurchases)
    .innerJoin(tourPurchaseItems, eq(tourPurchaseItems.id, personPurchases.itemId))
    .innerJoin(passengerSlots, eq(passengerSlots.id, personPurchases.passengerSlotId))
    .where(
      and(inArray(passengerSlots.clientId, [...clientIds]), eq(personPurchases.status, 'bought')),
    )
    .groupBy(passengerSlots.clientId, tourPurchaseItems.kind);
  return foldLocks(rows);
}

/** The locks of passenger slots, by slot id (a slot absent is not locked). */
export function slotLocks(db: Executor, slotIds: readonly string[]) {
  return locksBy(db, personPurchases.passengerSlotId, slotIds);
}

/** The locks of crew members, by member id (a member absent is not locked). */
export function crewLocks(db: Executor, crewMemberIds: readonly string[]) {
  return locksBy(db, personPurchases.crewMemberId, crewMemberIds);
}

/** What a passenger's answer says of its lock: the groups locked and why, or none. */
export function lockView(lock: PersonLock | undefined): {
  locked: LockedFieldGroup[];
  lockedReason: PurchaseKind | null;
  lockedSince: string | null;
} {
  return {
    locked: lock?.locked ?? [],
    lockedReason: lock?.lockedReason ?? null,
    lockedSince: lock?.lockedSince ?? null,
  };
}

const groupMessage: Record<LockedFieldGroup, MessageKey> = {
  names: 'lockedNames',
  nationality: 'lockedNationality',
  birthDate: 'lockedBirthDate',
  documentNumber: 'lockedDocumentNumber',
};

/**
 * Refuses (409 `personLocked`, naming the groups) a write that changes locked fields of a person:
 * `fieldsOf` maps each group to the write's field names, `before` and `after` hold those fields
 * (the stored person and the write). Call it in the write's transaction, after locking the row
 * that serialises writes of the person (the booking, the crew member), so that a purchase
 * recorded meanwhile is seen.
 */
export function assertUnlocked(
  lock: PersonLock | undefined,
  fieldsOf: Record<LockedFieldGroup, readonly string[]>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): void {
  if (!lock) return;
  const touched = lockedChanges(fieldsOf, lock.locked, before, after);
  if (touched.length === 0) return;
  throw new AppError('CONFLICT', 'personLocked', {
    field: fieldsOf[touched[0] as LockedFieldGroup][0] as string,
    listParams: { fields: touched.map((group) => groupMessage[group]) },
    details: { locked: lock.locked, lockedReason: lock.lockedReason, changed: touched },
  });
}

/** Refuses (409) any write that would take a locked person off their slot or remove it. */
export function assertNotLockedAway(lock: PersonLock | undefined, field?: string): void {
  if (!lock) return;
  throw new AppError('CONFLICT', 'personLocked', {
    ...(field ? { field } : {}),
    listParams: { fields: lock.locked.map((group) => groupMessage[group]) },
    details: { locked: lock.locked, lockedReason: lock.lockedReason, changed: lock.locked },
  });
}

/** The client columns a passenger's lock covers (the passenger payload's names). */
export const passengerLockColumns = {
  firstName: clients.firstName,
  lastName: clients.lastName,
  countryId: clients.countryId,
  birthDate: clients.birthDate,
  documentTypeId: clients.documentTypeId,
  documentNumber: clients.documentNumber,
};

/** An option id compares as the database keeps it (in lower case), whatever case was sent. */
const comparable = (person: Record<string, unknown>) =>
  typeof person.documentTypeId === 'string'
    ? { ...person, documentTypeId: person.documentTypeId.toLowerCase() }
    : person;

/**
 * Refuses (409 `personLocked`) a save of a passenger's record that changes what a purchase in
 * their name locked: `before` the record as stored (passengerLockColumns), `after` the save's
 * values. Call it with every booking the record is seated on locked (as a passenger save locks
 * them), so that a purchase being recorded is waited for and seen.
 */
export async function assertPassengerUnlocked(
  db: Executor,
  clientId: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<void> {
  const lock = (await clientLocks(db, [clientId])).get(clientId);
  assertUnlocked(lock, passengerLockedFields, comparable(before), comparable(after));
}

/**
 * Refuses (409 `personLocked`, on `field`) removing passenger slots that something bought
 * locks: the purchase would go with them. Cancel the purchase first (it stays recorded).
 */
export async function assertSlotsNotLockedAway(
  db: Executor,
  slotIds: readonly string[],
  field: string,
): Promise<void> {
  const locks = await slotLocks(db, slotIds);
  for (const slotId of slotIds) assertNotLockedAway(locks.get(slotId), field);
}
