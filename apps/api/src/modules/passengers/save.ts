import {
  CustomerTypeId,
  isMessageKey,
  type ParsedPassengerPayload,
  passengerAgeProblem,
  passengerPayloadFor,
  type passengerSaveResponse,
  todayInLima,
} from '@cusco/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { clients, passengerSlots } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { lockBookings, type Reader } from '../access/bookings.ts';
import { bookingCancelled } from '../ledger/money-status.ts';
import { assertPassengerUnlocked, passengerLockColumns } from '../operations/locks.ts';
import { bookingsOfClient, findClientSlot, findVisibleSlot, slotsOfClient } from './access.ts';
import { checkPassengerOptions } from './options.ts';

export type PassengerSaveResponse = z.infer<typeof passengerSaveResponse>;

export interface SavePassengerInput {
  user: Reader;
  /** The body, already checked against the base `passengerPayload` by the route. */
  body: ParsedPassengerPayload;
  /** The agency's today; a parameter so that tests can fix it. */
  today?: string;
  /**
   * Runs in the save's transaction once the record is written: a member of staff's save writes
   * its audit entry there (issue 28), so that the entry exists exactly when the change does.
   */
  afterWrite?: (
    tx: Transaction,
    written: { clientId: string; bookingId: string; values: object },
  ) => Promise<void>;
}

/**
 * Applies the rules that depend on the slot (spec §5, §9: the birth date fits the slot's type on
 * the travel date, a student's card expiry, expiries at most 30 years ahead): 400 with the first
 * issue's message and field, as the error handler answers a schema error.
 */
function checkForSlot(
  body: ParsedPassengerPayload,
  slot: { customerTypeId: string; travelDate: string },
  today: string,
): ParsedPassengerPayload {
  const result = passengerPayloadFor(slot.customerTypeId, slot.travelDate, today).safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  throw new AppError('VALIDATION', isMessageKey(issue?.message) ? issue.message : 'invalidInput', {
    ...(field ? { field } : {}),
  });
}

/** The payload's fields as the `clients` table names them. */
function clientColumns(
  body: ParsedPassengerPayload,
  customerTypeId: string,
  countryId: string,
): Omit<typeof clients.$inferInsert, 'id'> {
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.eMail,
    birthDate: body.birthDate,
    documentExpiry: body.expirationDate,
    sexId: body.sexId,
    documentTypeId: body.documentTypeId,
    documentNumber: body.documentNumber,
    maritalStatusId: body.maritalStatusId,
    occupationId: body.jobId,
    countryId,
    mobile: body.mobileNumber,
    foodPreferenceId: body.foodPreferencesId,
    foodObservation: body.foodObservation,
    allergyObservation: body.allergyObservation,
    medicalRequirement: body.medicalRequirement,
    travelPurposeId: body.travelPurposeId,
    travelPurposeObservation: body.travelPurposeObservation,
    trekkingExperienceId: body.trekkingExperienceId,
    trekkingObservation: body.trekkingExperienceObservation,
    // Spec §5: the card's expiry is a student's; for everyone else it is null.
    cardExpiry: customerTypeId === CustomerTypeId.student ? body.dateExpirationCard : null,
    // Issue 29: left out of the payload (undefined), the record keeps its emergency contact.
    emergencyContactName: body.emergencyContactName,
    emergencyContactPhone: body.emergencyContactPhone,
  };
}

/**
 * Everything a save checks before writing: the rules of the slot being saved and of every other
 * slot the passenger fills (one record may travel on several bookings), then the option ids.
 */
async function checkPayload(
  db: Executor,
  body: ParsedPassengerPayload,
  slot: { customerTypeId: string; travelDate: string },
  others: { customerTypeId: string; travelDate: string }[],
  today: string,
) {
  const checked = checkForSlot(body, slot, today);
  for (const other of others) {
    const problem = passengerAgeProblem(other.customerTypeId, checked.birthDate, other.travelDate);
    if (problem) throw new AppError('VALIDATION', problem, { field: 'birthDate' });
  }
  const { countryId } = await checkPassengerOptions(db, checked);
  return clientColumns(checked, slot.customerTypeId, countryId);
}

/** A cancelled booking's passengers are kept as they were (ADR 0037): 422. */
async function refuseCancelled(tx: Transaction, bookingId: string) {
  if (await bookingCancelled(tx, bookingId)) throw new AppError('BUSINESS_RULE', 'changeCancelled');
}

/**
 * POST client/{slotId}/create: fills an empty slot of a booking the user may see with a new
 * passenger. 404 when the slot is not theirs or not of the booking named by `bookingcode`;
 * 409 when the slot is already filled (also when two saves race for it).
 */
export async function createPassenger(
  db: Database,
  slotId: string,
  input: SavePassengerInput,
): Promise<PassengerSaveResponse> {
  const slot = await findVisibleSlot(db, input.user, slotId, input.body.bookingcode);
  if (slot.clientId) throw new AppError('CONFLICT', 'slotTaken');
  const values = await checkPayload(db, input.body, slot, [], input.today ?? todayInLima());

  return db.transaction(async (tx) => {
    // The booking first, then its slot (the one lock order: a booking before its rows); the
    // slot as it is now: removed meanwhile (404), or filled by another request (409).
    await lockBookings(tx, [slot.bookingId]);
    await refuseCancelled(tx, slot.bookingId);
    const [now] = await tx
      .select({ clientId: passengerSlots.clientId })
      .from(passengerSlots)
      .where(eq(passengerSlots.id, slot.id));
    if (!now) throw new AppError('NOT_FOUND', 'notFound');
    if (now.clientId) throw new AppError('CONFLICT', 'slotTaken');
    const [client] = await tx.insert(clients).values(values).returning({ id: clients.id });
    if (!client) throw new Error('client not inserted');
    const linked = await tx
      .update(passengerSlots)
      .set({ clientId: client.id })
      .where(and(eq(passengerSlots.id, slot.id), isNull(passengerSlots.clientId)))
      .returning({ id: passengerSlots.id });
    // Filled by another request since it was read: the new client is rolled back with this.
    if (linked.length === 0) throw new AppError('CONFLICT', 'slotTaken');
    await input.afterWrite?.(tx, { clientId: client.id, bookingId: slot.bookingId, values });
    return { result: 1 as const, id: client.id };
  });
}

/**
 * PUT client/{id}/update: the client must fill a slot of the booking named by `bookingcode`,
 * which the user may see (else 404); that slot's customer type decides the rules.
 */
export async function updatePassenger(
  db: Database,
  clientId: string,
  input: SavePassengerInput,
): Promise<PassengerSaveResponse> {
  const slot = await findClientSlot(db, input.user, clientId, input.body.bookingcode);
  await db.transaction(async (tx) => {
    // Every booking the record is seated on, then the record (the one lock order: bookings
    // before their rows; the record's change moves their revisions). The record is locked while
    // its slots are read and checked, so that a booking seating this passenger meanwhile ("Are
    // you a passenger?") is checked against the new birth date.
    await lockBookings(tx, await bookingsOfClient(tx, clientId));
    await refuseCancelled(tx, slot.bookingId);
    const [stored] = await tx
      .select(passengerLockColumns)
      .from(clients)
      .where(eq(clients.id, clientId))
      .for('update');
    const values = await checkPayload(
      tx,
      input.body,
      slot,
      await slotsOfClient(tx, clientId),
      input.today ?? todayInLima(),
    );
    // Issue 29: what a purchase in the passenger's name locked cannot change (409), under the
    // bookings' locks that a purchase takes too.
    await assertPassengerUnlocked(tx, clientId, stored ?? {}, values);
    // A record can fill slots of several types (a customer travelling on two bookings): saving
    // it as a non-student leaves a card expiry given as a student where it was.
    const { cardExpiry, ...rest } = values;
    await tx
      .update(clients)
      .set({
        ...rest,
        ...(slot.customerTypeId === CustomerTypeId.student ? { cardExpiry } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(clients.id, clientId));
    await input.afterWrite?.(tx, { clientId, bookingId: slot.bookingId, values: rest });
  });
  return { result: 1, id: clientId };
}
