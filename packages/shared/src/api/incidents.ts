import { z } from 'zod';
import { MAX_LENGTH, option } from './common.ts';
import { filledText, key, timestamp, trimmedText } from './fields.ts';

/** An incident as the customer sees it (spec §3 "Incident", with a few additions). */
export const incident = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  typeId: z.string(),
  statusId: z.string(),
  /** The reservation code. */
  bookingId: z.string(),
  observation: z.string().nullable(),
  response: z.string().nullable(),
  adviserId: z.string().nullable(),
  /** The staff member who answered, by name (issue 13). */
  adviserName: z.string().nullable(),
  modifiedOn: timestamp,
  /** The type's name. */
  type: z.string(),
  /** The reservation, as "code · tour". */
  bookingName: z.string(),
  status: z.string(),
  /** The passenger slot or service line a remove request is about. */
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  /** Where the customer's change of status would take it, or null when it cannot move. */
  nextStatusId: z.string().nullable(),
  nextStatus: z.string().nullable(),
  editable: z.boolean(),
  deletable: z.boolean(),
});
export type Incident = z.infer<typeof incident>;
export const incidentList = z.array(incident);

/** POST incident/save (spec §7): statusId is ignored, a new incident starts registered. */
export const incidentSaveRequest = z.object({
  name: trimmedText(MAX_LENGTH.incidentName).optional().default(''),
  description: trimmedText(MAX_LENGTH.incidentDescription).optional().default(''),
  typeId: filledText('completeAllFields', 64),
  statusId: z.string().max(64).nullish(),
  bookingId: filledText('completeAllFields', 32),
  /** The passenger slot (remove passenger) or the service line (remove service). */
  targetId: z.string().max(64).nullish(),
});
export type IncidentSaveRequest = z.input<typeof incidentSaveRequest>;

/** PUT incident/{id}/update (spec §7: typeId, statusId, adviserId null; and what the form edits). */
export const incidentUpdateRequest = z.object({
  typeId: filledText('completeAllFields', 64),
  statusId: z.string().max(64).nullish(),
  adviserId: z.null().optional(),
  name: trimmedText(MAX_LENGTH.incidentName).optional(),
  description: trimmedText(MAX_LENGTH.incidentDescription).optional(),
  targetId: z.string().max(64).nullish(),
});
export type IncidentUpdateRequest = z.input<typeof incidentUpdateRequest>;

export const incidentIdParams = z.object({ id: z.uuid({ error: key('notFound') }) });
export const incidentOptions = z.array(option);
export const incidentResult = z.object({ result: z.literal(1), id: z.string() });
