import { incidentIdParams } from '@cusco/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { bookings, incidents } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { lockBookings, visibleTo } from '../access/bookings.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';

/**
 * A customer reaches an incident only through a booking they may see (modules/access/bookings.ts): an
 * incident of another customer's booking is a 404, exactly as one that does not exist.
 */

export const incidentNotFound = () => new AppError('NOT_FOUND', 'incidentNotFound');

/**
 * The incident id of a path, checked here rather than by the route's params schema: a malformed
 * id is simply an incident that does not exist (404), not a bad request (400).
 */
export function parseIncidentId(raw: string): string {
  const parsed = incidentIdParams.safeParse({ id: raw });
  if (!parsed.success) throw incidentNotFound();
  return parsed.data.id.toLowerCase();
}

export type IncidentRow = typeof incidents.$inferSelect;

/**
 * The incident if it belongs to a booking the user may see; 404 otherwise. With `lock`, its
 * booking's row and then its own stay locked until the transaction ends (the one lock order: a
 * booking before its rows), so that two writes never decide on the same status.
 */
export async function findVisibleIncident(
  db: Executor,
  user: AuthenticatedUser,
  incidentId: string,
  options: { lock?: boolean } = {},
): Promise<IncidentRow> {
  const visible = () =>
    db
      .select({ incident: incidents })
      .from(incidents)
      .innerJoin(bookings, eq(bookings.id, incidents.bookingId))
      .where(and(eq(incidents.id, incidentId), visibleTo(user)));
  const [found] = await visible();
  if (!found) throw incidentNotFound();
  if (!options.lock) return found.incident;
  await lockBookings(db as Transaction, [found.incident.bookingId]);
  const [row] = await visible().for('update', { of: incidents });
  if (!row) throw incidentNotFound();
  return row.incident;
}
