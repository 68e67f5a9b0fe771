import {
  type CancelPurchaseAnswer,
  type Language,
  type MessageKey,
  type markPurchasesRequest,
  type PurchaseMissingField,
  todayInLima,
  translate,
} from '@cusco/shared';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  bookings,
  crewMembers,
  departures,
  passengerSlots,
  personPurchases,
  tourPurchaseItems,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { lockBookings } from '../access/bookings.ts';
import { recordAudit } from '../audit/record.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';
import { clientLocks, crewLocks } from './locks.ts';
import {
  crewById,
  crewOn,
  type DayFilter,
  type Item,
  needs,
  type Person,
  slotsById,
  tourByCode,
  travellersOn,
} from './people.ts';

/**
 * Marking purchases bought and cancelling them (issue 29, ADR 0043). A purchase in a person's
 * name locks what it was bought with (modules/operations/locks.ts): marking it and any save of
 * that person are serialised by the rows both lock first, the bookings of the travellers'
 * records (every booking a record is seated on, in id order, as a passenger save locks them),
 * so a save never slips between the purchase's check of the data and its snapshot of it.
 */

type ParsedMark = z.output<typeof markPurchasesRequest>;

const missingMessage: Record<PurchaseMissingField, MessageKey> = {
  passengerData: 'purchaseMissingPassengerData',
  firstName: 'purchaseMissingFirstName',
  lastName: 'purchaseMissingLastName',
  nationality: 'purchaseMissingNationality',
  documentType: 'purchaseMissingDocumentType',
  documentNumber: 'purchaseMissingDocumentNumber',
  birthDate: 'purchaseMissingBirthDate',
  sex: 'purchaseMissingSex',
};

/** How a refusal names a person: their name, or their booking and place while they have none. */
function nameOf(person: {
  name: string;
  bookingCode: string | null;
  position: number | null;
}): string {
  return person.name || `${person.bookingCode ?? ''} #${person.position ?? ''}`;
}

type Ref = { passengerSlotId: string } | { crewMemberId: string };

const refView = (ref: Ref): { passengerSlotId: string | null; crewMemberId: string | null } =>
  'passengerSlotId' in ref
    ? { passengerSlotId: ref.passengerSlotId.toLowerCase(), crewMemberId: null }
    : { passengerSlotId: null, crewMemberId: ref.crewMemberId.toLowerCase() };

/**
 * The bookings whose rows a purchase for these slots must lock: the slots' own, and every other
 * booking their passengers' records are seated on (a record saved through any of them changes
 * the data the purchase snapshots), in id order.
 */
async function bookingsToLock(db: Executor, slotIds: string[]): Promise<string[]> {
  if (slotIds.length === 0) return [];
  const clientsOfSlots = db
    .select({ id: passengerSlots.clientId })
    .from(passengerSlots)
    .where(inArray(passengerSlots.id, slotIds));
  const rows = await db
    .selectDistinct({ id: passengerSlots.bookingId })
    .from(passengerSlots)
    .where(
      or(inArray(passengerSlots.id, slotIds), inArray(passengerSlots.clientId, clientsOfSlots)),
    );
  return rows.map((row) => row.id).sort();
}

/**
 * Locks, in the API's one order, what a purchase or its cancellation writes or reads as it must
 * stay: the bookings (by id), then the departure's row when it has one, then the crew members
 * (by id; FOR NO KEY UPDATE, which an assignment's foreign key does not wait for).
 */
async function lockPeople(
  tx: Transaction,
  bookingIds: string[],
  departure: { tourId: string; date: string } | null,
  crewIds: string[],
) {
  await lockBookings(tx, bookingIds);
  if (departure) {
    await tx
      .select({ date: departures.date })
      .from(departures)
      .where(and(eq(departures.tourId, departure.tourId), eq(departures.date, departure.date)))
      .for('update');
  }
  if (crewIds.length > 0) {
    await tx
      .select({ id: crewMembers.id })
      .from(crewMembers)
      .where(inArray(crewMembers.id, crewIds))
      .orderBy(asc(crewMembers.id))
      .for('no key update');
  }
}

/** The booking detail caches by revision (ADR 0028): a lock put or lifted moves it. */
async function moveRevisions(tx: Transaction, bookingIds: string[]) {
  if (bookingIds.length === 0) return;
  await tx
    .update(bookings)
    .set({ revision: sql`${bookings.revision} + 1` })
    .where(inArray(bookings.id, bookingIds));
}

/** Refuses people, naming each, with what is wrong with them when `detail` says it. */
function refuse(
  code: 'BUSINESS_RULE' | 'CONFLICT',
  message: MessageKey,
  people: { name: string; detail?: string }[],
  details: Record<string, unknown>,
) {
  const names = people
    .map(({ name, detail }) => (detail ? `${name} (${detail})` : name))
    .join('; ');
  return new AppError(code, message, { field: 'people', params: { people: names }, details });
}

export interface MarkInput {
  staff: AuthenticatedUser;
  tourCode: string;
  date: string;
  body: ParsedMark;
  language: Language;
  /** The agency's today; a parameter so that tests can fix it. */
  today?: string;
}

/**
 * POST admin/departures/{tourCode}/{date}/purchases: records the item bought, with the
 * government's reference, for each person named, in one transaction: all of them or none.
 * Refused: an item not of the tour (422), a date after today (422), a person not on the
 * departure or not needing the item (422), a person whose data is incomplete (422, naming what
 * is missing), a person for whom it is bought already (409, also when two marks race: the
 * unique index's refusal is this 409, never a 500). Each booking's travellers are audited on
 * the booking; the crew apart.
 */
export async function markPurchases(db: Database, input: MarkInput): Promise<number> {
  const { body, language } = input;
  const today = input.today ?? todayInLima();
  const boughtOn = body.boughtOn ?? today;
  if (boughtOn > today) {
    throw new AppError('BUSINESS_RULE', 'purchaseBoughtOnFuture', { field: 'boughtOn' });
  }
  const tour = await tourByCode(db, input.tourCode);
  const [itemRow] = await db
    .select()
    .from(tourPurchaseItems)
    .where(
      and(eq(tourPurchaseItems.id, body.item.toLowerCase()), eq(tourPurchaseItems.tourId, tour.id)),
    );
  if (!itemRow) throw new AppError('BUSINESS_RULE', 'purchaseItemNotOfTour', { field: 'item' });
  const item: Item = { ...itemRow, crewRoles: itemRow.crewRoles as Item['crewRoles'] };
  const refs = body.people.map(refView);
  const slotIds = refs.flatMap((ref) => (ref.passengerSlotId ? [ref.passengerSlotId] : []));
  const crewIds = refs.flatMap((ref) => (ref.crewMemberId ? [ref.crewMemberId] : [])).sort();
  const departure = { tourId: tour.id, date: input.date };
  const filter: DayFilter = { tourId: tour.id, dates: [input.date] };

  try {
    return await db.transaction(async (tx) => {
      const lockedBookings = await bookingsToLock(tx, slotIds);
      await lockPeople(tx, lockedBookings, departure, crewIds);
      // The item stays (the editor waits to delete it) until this purchase is recorded.
      const [still] = await tx
        .select({ id: tourPurchaseItems.id })
        .from(tourPurchaseItems)
        .where(eq(tourPurchaseItems.id, item.id))
        .for('share');
      if (!still) throw new AppError('BUSINESS_RULE', 'purchaseItemNotOfTour', { field: 'item' });
      // The people as they are now, under the locks.
      const found = [
        ...(await travellersOn(tx, filter, slotIds)),
        ...(await crewOn(tx, filter, crewIds)),
      ];
      const byKey = new Map(found.map((person) => [keyOf(person), person]));
      const absent = refs.filter((ref) => {
        const person = byKey.get(keyOf(ref));
        return !person || !needs(person, item);
      });
      if (absent.length > 0) {
        const named = await namesOf(tx, absent, departure);
        throw refuse(
          'BUSINESS_RULE',
          'purchaseNotOnDeparture',
          absent.map((ref) => ({ name: named.get(keyOf(ref)) ?? refName(ref) })),
          { people: absent },
        );
      }
      const people = refs.map((ref) => byKey.get(keyOf(ref)) as Person);
      const incomplete = people.filter((person) => person.missing.length > 0);
      if (incomplete.length > 0) {
        throw refuse(
          'BUSINESS_RULE',
          'purchaseDataIncomplete',
          incomplete.map((person) => ({
            name: nameOf(person),
            detail: person.missing
              .map((field) => translate(missingMessage[field], language))
              .join(', '),
          })),
          {
            incomplete: incomplete.map((person) => ({
              passengerSlotId: person.passengerSlotId,
              crewMemberId: person.crewMemberId,
              name: person.name,
              missing: person.missing,
            })),
          },
        );
      }
      await refuseBoughtAlready(tx, item, people);
      await tx.insert(personPurchases).values(
        people.map((person) => ({
          tourId: tour.id,
          date: input.date,
          itemId: item.id,
          passengerSlotId: person.passengerSlotId,
          crewMemberId: person.crewMemberId,
          reference: body.reference,
          boughtOn,
          person: person.data ?? {},
          recordedBy: input.staff.userId,
        })),
      );
      await moveRevisions(tx, lockedBookings);
      await auditMarks(tx, input, { item, boughtOn, people, tourCode: tour.code });
      return people.length;
    });
  } catch (error) {
    // Two marks of the same person at once (a double click): the second meets the unique index.
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', 'purchaseBoughtMeanwhile', { field: 'people' });
    }
    throw error;
  }
}

const keyOf = (person: { passengerSlotId: string | null; crewMemberId: string | null }) =>
  person.passengerSlotId ? `slot:${person.passengerSlotId}` : `crew:${person.crewMemberId}`;

/** 409 naming those for whom the item is bought already (a crew member: for that day). */
async function refuseBoughtAlready(tx: Transaction, item: Item, people: Person[]) {
  const slotIds = people.flatMap((person) =>
    person.passengerSlotId ? [person.passengerSlotId] : [],
  );
  const crewIds = people.flatMap((person) => (person.crewMemberId ? [person.crewMemberId] : []));
  const bought = await tx
    .select({
      passengerSlotId: personPurchases.passengerSlotId,
      crewMemberId: personPurchases.crewMemberId,
    })
    .from(personPurchases)
    .where(
      and(
        eq(personPurchases.itemId, item.id),
        eq(personPurchases.status, 'bought'),
        or(
          slotIds.length > 0 ? inArray(personPurchases.passengerSlotId, slotIds) : sql`false`,
          crewIds.length > 0
            ? and(
                inArray(personPurchases.crewMemberId, crewIds),
                eq(personPurchases.date, people[0]?.date ?? ''),
              )
            : sql`false`,
        ),
      ),
    );
  if (bought.length === 0) return;
  const keys = new Set(bought.map(keyOf));
  const already = people.filter((person) => keys.has(keyOf(person)));
  throw refuse(
    'CONFLICT',
    'purchaseAlreadyBought',
    already.map((person) => ({ name: nameOf(person) })),
    {
      people: already.map((person) => ({
        passengerSlotId: person.passengerSlotId,
        crewMemberId: person.crewMemberId,
      })),
    },
  );
}

/** An id as a refusal names a person it cannot find at all. */
const refName = (ref: ReturnType<typeof refView>) => ref.passengerSlotId ?? ref.crewMemberId ?? '';

/** The names of people refused as not on the departure, as they are wherever they are. */
async function namesOf(
  tx: Transaction,
  refs: ReturnType<typeof refView>[],
  at: { tourId: string; date: string },
): Promise<Map<string, string>> {
  const people = [
    ...(await slotsById(
      tx,
      refs.flatMap((ref) => (ref.passengerSlotId ? [ref.passengerSlotId] : [])),
    )),
    ...(await crewById(
      tx,
      refs.flatMap((ref) => (ref.crewMemberId ? [ref.crewMemberId] : [])),
      at,
    )),
  ];
  return new Map(people.map((person) => [keyOf(person), nameOf(person)]));
}

/** One audit entry per booking of the travellers bought for, one for the crew. */
async function auditMarks(
  tx: Transaction,
  input: MarkInput,
  mark: { item: Item; boughtOn: string; people: Person[]; tourCode: string },
) {
  const groups = new Map<string | null, Person[]>();
  for (const person of mark.people) {
    groups.set(person.bookingId, [...(groups.get(person.bookingId) ?? []), person]);
  }
  for (const [bookingId, people] of groups) {
    await recordAudit(tx, {
      staffUserId: input.staff.userId,
      action: 'purchase.bought',
      bookingId,
      subjectId: mark.item.id,
      after: {
        tourCode: mark.tourCode,
        date: input.date,
        kind: mark.item.kind,
        reference: input.body.reference,
        boughtOn: mark.boughtOn,
        people: people.map((person) => person.name),
      },
    });
  }
}

/**
 * POST admin/purchases/{id}/cancel: the purchase is cancelled (kept, with the day), audited
 * with the reason; when nothing else is bought for that person, their lock lifts. 404 for an
 * unknown purchase, 409 for one cancelled already.
 */
export async function cancelPurchase(
  db: Database,
  staff: AuthenticatedUser,
  purchaseId: string,
  reason: string,
): Promise<CancelPurchaseAnswer> {
  const [found] = await db
    .select({
      passengerSlotId: personPurchases.passengerSlotId,
      crewMemberId: personPurchases.crewMemberId,
    })
    .from(personPurchases)
    .where(eq(personPurchases.id, purchaseId));
  if (!found) throw new AppError('NOT_FOUND', 'purchaseNotFound');
  const slotIds = found.passengerSlotId ? [found.passengerSlotId] : [];
  const crewIds = found.crewMemberId ? [found.crewMemberId] : [];
  return db.transaction(async (tx) => {
    const lockedBookings = await bookingsToLock(tx, slotIds);
    await lockPeople(tx, lockedBookings, null, crewIds);
    const [purchase] = await tx
      .select({
        row: personPurchases,
        kind: tourPurchaseItems.kind,
        bookingId: passengerSlots.bookingId,
        clientId: passengerSlots.clientId,
      })
      .from(personPurchases)
      .innerJoin(tourPurchaseItems, eq(tourPurchaseItems.id, personPurchases.itemId))
      .leftJoin(passengerSlots, eq(passengerSlots.id, personPurchases.passengerSlotId))
      .where(eq(personPurchases.id, purchaseId))
      .for('update', { of: personPurchases });
    if (!purchase) throw new AppError('NOT_FOUND', 'purchaseNotFound');
    if (purchase.row.status === 'cancelled') {
      throw new AppError('CONFLICT', 'purchaseAlreadyCancelled');
    }
    await tx
      .update(personPurchases)
      .set({ status: 'cancelled', cancelledAt: sql`now()` })
      .where(eq(personPurchases.id, purchaseId));
    await moveRevisions(tx, lockedBookings);
    await recordAudit(tx, {
      staffUserId: staff.userId,
      action: 'purchase.cancelled',
      bookingId: purchase.bookingId,
      subjectId: purchaseId,
      before: {
        kind: purchase.kind,
        reference: purchase.row.reference,
        boughtOn: purchase.row.boughtOn,
        person: purchase.row.person,
      },
      after: { status: 'cancelled', reason },
    });
    const stillLocked = purchase.clientId
      ? (await clientLocks(tx, [purchase.clientId])).has(purchase.clientId)
      : (await crewLocks(tx, crewIds)).size > 0;
    return { id: purchaseId, status: 'cancelled' as const, stillLocked };
  });
}
