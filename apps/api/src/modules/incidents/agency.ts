import { agencyTransitions, IncidentStatusId } from '@cusco/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { incidents } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { incidentNotFound, parseIncidentId } from './access.ts';

/**
 * The agency's side of incidents. There is no back office yet, so nothing here has a route: the
 * tests use it to play the agency, and a future back office will call it behind its own checks.
 */

export interface IncidentAnswer {
  observation: string;
  response: string;
  /** The adviser who answered; kept as it was when left out. */
  adviserId?: string | null;
}

/**
 * The agency answers a request: writes its observation and response and moves it to answered,
 * which the agency may do from registered or in progress (`agencyTransitions`); 422 from any
 * other status, 404 for an unknown incident.
 */
export async function answerIncident(db: Database, incidentId: string, answer: IncidentAnswer) {
  const id = parseIncidentId(incidentId);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: incidents.id, statusId: incidents.statusId })
      .from(incidents)
      .where(eq(incidents.id, id))
      .for('update');
    if (!current) throw incidentNotFound();
    if (!(agencyTransitions[current.statusId] ?? []).includes(IncidentStatusId.answered)) {
      throw new AppError('BUSINESS_RULE', 'statusNotAllowed');
    }
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
    return updated;
  });
}
