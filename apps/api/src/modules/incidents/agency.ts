import { agencyTransitions, IncidentStatusId, incidentTarget } from '@cusco/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { incidents } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PaymentGateway } from '../../gateways/gateway.ts';
import { lockBookings } from '../access/bookings.ts';
import { recordAudit } from '../audit/record.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import { incidentNotFound, parseIncidentId } from './access.ts';
import { applyRemoval } from './removal.ts';

/**
 * The agency's side of incidents: the back office's answer (modules/admin) calls it behind the
 * staff scope, with the staff member for the audit trail; tests also use it to play the agency.
 */

export interface IncidentAnswer {
  observation: string;
  response: string;
  /** A remove request accepted is applied with the answer (removal.ts). */
  decision?: 'accept' | 'reject';
  /** The adviser who answered; kept as it was when left out. */
  adviserId?: string | null;
}

/**
 * The request to answer, locked after its booking (the one lock order: a booking before its
 * rows); 404 when unknown, 422 when its status cannot be answered.
 */
async function lockAnswerable(tx: Transaction, id: string) {
  const [known] = await tx
    .select({ bookingId: incidents.bookingId })
    .from(incidents)
    .where(eq(incidents.id, id));
  if (!known) throw incidentNotFound();
  await lockBookings(tx, [known.bookingId]);
  const [current] = await tx
    .select({
      id: incidents.id,
      bookingId: incidents.bookingId,
      typeId: incidents.typeId,
      targetSlotId: incidents.targetSlotId,
      targetServiceLineId: incidents.targetServiceLineId,
      targetEveryPassenger: incidents.targetEveryPassenger,
      statusId: incidents.statusId,
      observation: incidents.observation,
      response: incidents.response,
      adviserId: incidents.adviserId,
    })
    .from(incidents)
    .where(eq(incidents.id, id))
    .for('update');
  if (!current) throw incidentNotFound();
  if (!(agencyTransitions[current.statusId] ?? []).includes(IncidentStatusId.answered)) {
    throw new AppError('BUSINESS_RULE', 'statusNotAllowed');
  }
  return current;
}

/** The answer in the audit trail: the request's status and texts before and after. */
function auditAnswer(
  tx: Transaction,
  staffUserId: string,
  current: Awaited<ReturnType<typeof lockAnswerable>>,
  updated: typeof incidents.$inferSelect,
) {
  const { id: subjectId, bookingId, statusId, observation, response, adviserId } = current;
  return recordAudit(tx, {
    staffUserId,
    action: 'incident.answer',
    bookingId,
    subjectId,
    before: { statusId, observation, response, adviserId },
    after: {
      statusId: updated.statusId,
      observation: updated.observation,
      response: updated.response,
      adviserId: updated.adviserId,
    },
  });
}

/**
 * The agency answers a request: writes its observation and response and moves it to answered,
 * which the agency may do from registered or in progress (`agencyTransitions`); 422 from any
 * other status, 404 for an unknown incident.
 */
export async function answerIncident(
  db: Database,
  incidentId: string,
  answer: IncidentAnswer,
  /**
   * The staff member answering (the answer and its audit entry are one transaction), and the
   * gateway whose checkouts an accepted removal closes when it cancels the booking.
   */
  by?: { staffUserId: string; gateway: PaymentGateway },
) {
  const id = parseIncidentId(incidentId);
  return db.transaction(async (tx) => {
    const current = await lockAnswerable(tx, id);
    const [updated] = await tx
      .update(incidents)
      .set({
        statusId: IncidentStatusId.answered,
        observation: answer.observation,
        response: answer.response,
        ...(answer.adviserId !== undefined ? { adviserId: answer.adviserId } : {}),
        modifiedOn: sql`now()`,
      })
      .where(eq(incidents.id, current.id))
      .returning();
    if (!updated) throw incidentNotFound();
    // The customer hears of the answer (one e-mail per answer: its time is the reason).
    await enqueueMail(tx, {
      kind: 'request_answered',
      subjectId: updated.id,
      reason: updated.modifiedOn.toISOString(),
      userId: updated.userId,
      bookingId: updated.bookingId,
    });
    const target = incidentTarget(current.typeId);
    if (answer.decision === 'accept' && target && by) {
      await applyRemoval(
        tx,
        {
          incidentId: current.id,
          bookingId: current.bookingId,
          target,
          targetSlotId: current.targetSlotId,
          targetServiceLineId: current.targetServiceLineId,
          targetEveryPassenger: current.targetEveryPassenger,
        },
        by,
      );
    }
    if (by) await auditAnswer(tx, by.staffUserId, current, updated);
    return updated;
  });
}
