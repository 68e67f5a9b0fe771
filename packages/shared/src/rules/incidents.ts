import { IncidentStatusId, IncidentTypeId } from '../ids.ts';

/**
 * The incident status machine (the server owns it; docs/incidents.md):
 *
 *   customer: registered ─▶ cancelled, inProgress ─▶ cancelled, answered ─▶ closed
 *   agency:   registered ─▶ inProgress | answered, inProgress ─▶ answered,
 *             answered ─▶ inProgress (reopened: the customer may edit again)
 *   closed and cancelled are final.
 *
 * The customer's one action ("change status") moves an incident along the only transition open
 * to them from where it is; observation and response are written by the agency only.
 */
export const customerTransition: Record<string, string | null> = {
  [IncidentStatusId.registered]: IncidentStatusId.cancelled,
  [IncidentStatusId.inProgress]: IncidentStatusId.cancelled,
  [IncidentStatusId.answered]: IncidentStatusId.closed,
  [IncidentStatusId.closed]: null,
  [IncidentStatusId.cancelled]: null,
};

/** The agency's transitions (back office; not offered to customers). */
export const agencyTransitions: Record<string, string[]> = {
  [IncidentStatusId.registered]: [IncidentStatusId.inProgress, IncidentStatusId.answered],
  [IncidentStatusId.inProgress]: [IncidentStatusId.answered],
  [IncidentStatusId.answered]: [IncidentStatusId.inProgress],
  [IncidentStatusId.closed]: [],
  [IncidentStatusId.cancelled]: [],
};

/** Spec §4: observation and response are shown for these two statuses. */
export function showsAnswer(statusId: string): boolean {
  return statusId === IncidentStatusId.answered || statusId === IncidentStatusId.closed;
}

/** The customer may still change what they asked: not once the agency answered or it ended. */
export function customerMayEdit(statusId: string): boolean {
  return statusId === IncidentStatusId.registered || statusId === IncidentStatusId.inProgress;
}

/** The customer may delete a request the agency has not answered. */
export function customerMayDelete(statusId: string): boolean {
  return !showsAnswer(statusId);
}

/** Types whose request names what is to be removed. */
export function incidentTarget(typeId: string): 'passenger' | 'service' | null {
  if (typeId === IncidentTypeId.removePassenger) return 'passenger';
  if (typeId === IncidentTypeId.removeAdditionalService) return 'service';
  return null;
}

/**
 * The `targetId` of a remove-passenger request about every passenger of the booking: removing
 * them all is a cancellation (issue 26), which the rules of who may be removed always allow.
 */
export const EVERY_PASSENGER = 'all';
