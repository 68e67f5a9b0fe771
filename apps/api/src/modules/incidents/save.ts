import {
  customerMayDelete,
  customerMayEdit,
  customerTransition,
  EVERY_PASSENGER,
  IncidentStatusId,
  IncidentTypeId,
  type incidentResult,
  type incidentSaveRequest,
  incidentTarget,
  type incidentUpdateRequest,
  type Language,
  nameIn,
  showsAnswer,
} from '@cusco/shared';
import { and, eq, sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  bookingServiceLines,
  bookings,
  incidents,
  incidentTypes,
  passengerSlots,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { isUuidShaped } from '../../lib/uuid-shape.ts';
import { findVisibleBooking } from '../access/bookings.ts';
import { bookingCancelled } from '../ledger/money-status.ts';
import { assertSlotsNotLockedAway } from '../operations/locks.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';
import { findVisibleIncident, type IncidentRow } from './access.ts';
import { checkPassengerRemoval } from './removal.ts';

/**
 * The customer's writes on incidents (spec §5 "Incident save", §7). The status machine itself is
 * the shared one (packages/shared rules/incidents.ts; docs/incidents.md). No customer call ever
 * writes observation, response or adviserId: only answerIncident (agency.ts) does.
 */

export type ParsedIncidentSave = z.output<typeof incidentSaveRequest>;
export type ParsedIncidentUpdate = z.output<typeof incidentUpdateRequest>;
export type IncidentResult = z.output<typeof incidentResult>;

const incomplete = (field: string) => new AppError('VALIDATION', 'completeAllFields', { field });

/** A type from the type list; 400 'Please Complete All Fields' for any other id. */
async function findType(db: Executor, typeId: string) {
  if (!isUuidShaped(typeId)) throw incomplete('typeId');
  const [type] = await db
    .select()
    .from(incidentTypes)
    .where(eq(incidentTypes.id, typeId.toLowerCase()));
  if (!type) throw incomplete('typeId');
  return type;
}

/**
 * The incident's name: the subject the customer typed for the free-subject type (required),
 * otherwise the type's name in the request's language.
 */
function nameFor(
  type: typeof incidentTypes.$inferSelect,
  subject: string | undefined,
  language: Language,
): string {
  if (type.id !== IncidentTypeId.freeSubject) return nameIn(type, language);
  if (!subject) throw incomplete('name');
  return subject;
}

interface Target {
  targetSlotId: string | null;
  targetServiceLineId: string | null;
  targetEveryPassenger: boolean;
}

const noTarget: Target = {
  targetSlotId: null,
  targetServiceLineId: null,
  targetEveryPassenger: false,
};

type IncidentBooking = Parameters<typeof checkPassengerRemoval>[1];

/**
 * What a remove request is about: a passenger slot (remove passenger), or every passenger
 * (`EVERY_PASSENGER`: a cancellation), or a service line (remove service) of the incident's own
 * booking, else 400. Other types are about nothing in particular. A passenger's removal must also
 * be one the rules allow on the booking as it is now (422: a minor left without an adult, a
 * group under its minimum); staff acceptance checks it again.
 */
async function resolveTarget(
  db: Executor,
  typeId: string,
  booking: IncidentBooking,
  targetId: string | null | undefined,
): Promise<Target> {
  const kind = incidentTarget(typeId);
  if (kind === null) return noTarget;
  // A cancelled booking has nothing more to remove (ADR 0037).
  if (await bookingCancelled(db, booking.id)) {
    throw new AppError('BUSINESS_RULE', 'changeCancelled', { field: 'targetId' });
  }
  const id = targetId?.trim().toLowerCase();
  if (kind === 'passenger' && id === EVERY_PASSENGER) return everyPassenger(db, booking);
  if (!id || !isUuidShaped(id)) throw incomplete('targetId');
  const bookingId = booking.id;
  if (kind === 'passenger') {
    const [slot] = await db
      .select({ id: passengerSlots.id })
      .from(passengerSlots)
      .where(and(eq(passengerSlots.id, id), eq(passengerSlots.bookingId, bookingId)));
    if (!slot) throw incomplete('targetId');
    // Issue 29: a passenger something is bought for is not removed (staff cancel it first).
    await assertSlotsNotLockedAway(db, [slot.id], 'targetId');
    await checkPassengerRemoval(db, booking, [slot.id]);
    return { ...noTarget, targetSlotId: slot.id };
  }
  const [line] = await db
    .select({ id: bookingServiceLines.id })
    .from(bookingServiceLines)
    .where(and(eq(bookingServiceLines.id, id), eq(bookingServiceLines.bookingId, bookingId)));
  if (!line) throw incomplete('targetId');
  return { ...noTarget, targetServiceLineId: line.id };
}

/** Every passenger of the booking, which must have one at least (else 400): a cancellation. */
async function everyPassenger(db: Executor, booking: IncidentBooking): Promise<Target> {
  const slots = await db
    .select({ id: passengerSlots.id })
    .from(passengerSlots)
    .where(eq(passengerSlots.bookingId, booking.id));
  if (slots.length === 0) throw incomplete('targetId');
  await checkPassengerRemoval(
    db,
    booking,
    slots.map((slot) => slot.id),
  );
  return { ...noTarget, targetEveryPassenger: true };
}

function currentTargetId(incident: IncidentRow): string | null {
  const kind = incidentTarget(incident.typeId);
  if (kind === 'passenger' && incident.targetEveryPassenger) return EVERY_PASSENGER;
  if (kind === 'passenger') return incident.targetSlotId;
  if (kind === 'service') return incident.targetServiceLineId;
  return null;
}

/**
 * What a filed removal request removes is fixed (issue 26): staff decide on what the customer
 * filed, never on a target changed under them. An update keeps the type, and names the same
 * target or none; anything else is 409 `removalFixed` (the customer may still change the
 * message, or delete the request and file a new one).
 */
function keepFixedTarget(
  current: IncidentRow,
  typeId: string,
  targetId: string | null | undefined,
) {
  if (typeId !== current.typeId) {
    throw new AppError('CONFLICT', 'removalFixed', { field: 'typeId' });
  }
  if (targetId?.trim() && targetId.trim().toLowerCase() !== currentTargetId(current)) {
    throw new AppError('CONFLICT', 'removalFixed', { field: 'targetId' });
  }
  const { targetSlotId, targetServiceLineId, targetEveryPassenger } = current;
  return { targetSlotId, targetServiceLineId, targetEveryPassenger };
}

/** A request that becomes a removal: its target, checked as a removal filed now. */
async function newTarget(
  db: Executor,
  typeId: string,
  bookingId: string,
  targetId: string | null | undefined,
): Promise<Target> {
  if (incidentTarget(typeId) === null) return noTarget;
  const [booking] = await db
    .select({
      id: bookings.id,
      travelDate: bookings.travelDate,
      corporateClientId: bookings.corporateClientId,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) throw new AppError('NOT_FOUND', 'bookingNotFound');
  return resolveTarget(db, typeId, booking, targetId);
}

/** Why a customer may no longer change an incident: answered (or closed), or finished. */
function locked(statusId: string) {
  return new AppError('CONFLICT', showsAnswer(statusId) ? 'incidentAnswered' : 'incidentFinished');
}

/**
 * POST incident/save: a new request about a booking the user may see (404 otherwise). A new
 * incident always starts registered, whatever statusId the body carries.
 */
export async function saveIncident(
  db: Database,
  input: { user: AuthenticatedUser; body: ParsedIncidentSave; language: Language },
): Promise<IncidentResult> {
  const { user, body, language } = input;
  const booking = await findVisibleBooking(db, user, body.bookingId);
  const type = await findType(db, body.typeId);
  const name = nameFor(type, body.name, language);
  const target = await resolveTarget(db, type.id, booking, body.targetId);
  const [row] = await db
    .insert(incidents)
    .values({
      bookingId: booking.id,
      userId: user.userId,
      typeId: type.id,
      statusId: IncidentStatusId.registered,
      name,
      description: body.description,
      ...target,
    })
    .returning({ id: incidents.id });
  if (!row) throw new Error('incident not created');
  return { result: 1, id: row.id };
}

/**
 * The status an update asks for: the current one when the body names none (or the same one);
 * otherwise it must be the customer's one transition from here (422 otherwise).
 */
function requestedStatus(current: string, requested: string | null | undefined): string {
  const wanted = requested?.trim().toLowerCase();
  if (!wanted || wanted === current) return current;
  if (wanted !== customerTransition[current]) {
    throw new AppError('BUSINESS_RULE', 'statusNotAllowed', { field: 'statusId' });
  }
  return wanted;
}

/**
 * PUT incident/{id}/update: while the agency has not answered (registered or in progress), the
 * customer may change the type, the subject (free-subject type only) and the message, and take
 * the one status step open to them. A removal request's type and target are fixed once filed
 * (`keepFixedTarget`); another request may become a removal, checked as one filed now. Fields
 * left out of the body keep their value; a changed type must name its own subject or target.
 */
export async function updateIncident(
  db: Database,
  incidentId: string,
  input: { user: AuthenticatedUser; body: ParsedIncidentUpdate; language: Language },
): Promise<IncidentResult> {
  const { user, body, language } = input;
  return db.transaction(async (tx) => {
    const current = await findVisibleIncident(tx, user, incidentId, { lock: true });
    if (!customerMayEdit(current.statusId)) throw locked(current.statusId);
    const statusId = requestedStatus(current.statusId, body.statusId);

    const type = await findType(tx, body.typeId);
    const sameType = type.id === current.typeId;
    const subject = body.name ?? (sameType ? current.name : undefined);
    const name = nameFor(type, subject, language);
    const target =
      incidentTarget(current.typeId) !== null
        ? keepFixedTarget(current, type.id, body.targetId)
        : await newTarget(tx, type.id, current.bookingId, body.targetId);

    await tx
      .update(incidents)
      .set({
        typeId: type.id,
        statusId,
        name,
        description: body.description ?? current.description,
        ...target,
        modifiedOn: sql`now()`,
      })
      .where(eq(incidents.id, current.id));
    return { result: 1 as const, id: current.id };
  });
}

/**
 * PUT incident/{id}/change/status: the customer's one action on the status, along the only
 * transition open to them from where the incident is (cancel before an answer, close after it);
 * 409 when the incident is finished and cannot move.
 */
export async function changeIncidentStatus(
  db: Database,
  incidentId: string,
  user: AuthenticatedUser,
): Promise<IncidentResult> {
  return onLockedIncident(db, user, incidentId, async (tx, current) => {
    const next = customerTransition[current.statusId] ?? null;
    if (!next) throw new AppError('CONFLICT', 'incidentFinished');
    await tx
      .update(incidents)
      .set({ statusId: next, modifiedOn: sql`now()` })
      .where(eq(incidents.id, current.id));
  });
}

/** DELETE incident/{id}/delete: only a request the agency has not answered (409 otherwise). */
export async function deleteIncident(
  db: Database,
  incidentId: string,
  user: AuthenticatedUser,
): Promise<IncidentResult> {
  return onLockedIncident(db, user, incidentId, async (tx, current) => {
    if (!customerMayDelete(current.statusId)) throw new AppError('CONFLICT', 'incidentAnswered');
    await tx.delete(incidents).where(eq(incidents.id, current.id));
  });
}

/** Runs `change` on an incident the user may see, locked until it is done (404 otherwise). */
async function onLockedIncident(
  db: Database,
  user: AuthenticatedUser,
  incidentId: string,
  change: (tx: Transaction, current: IncidentRow) => Promise<void>,
): Promise<IncidentResult> {
  return db.transaction(async (tx) => {
    const current = await findVisibleIncident(tx, user, incidentId, { lock: true });
    await change(tx, current);
    return { result: 1 as const, id: current.id };
  });
}
