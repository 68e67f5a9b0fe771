import * as z from 'zod/mini';
import { MAX_LENGTH, option } from './common.ts';
import { filledText, key, timestamp, trimmedText } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/** An incident as the customer sees it (spec §3 "Incident", with a few additions). */
export const incident = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    typeId: z.string(),
    statusId: z.string(),
    /** The reservation code. */
    bookingId: z.string(),
    observation: z.nullable(z.string()),
    response: z.nullable(z.string()),
    adviserId: z.nullable(z.string()),
    /** The staff member who answered, by name (issue 13). */
    adviserName: z.nullable(z.string()),
    modifiedOn: timestamp,
    /** The type's name. */
    type: z.string(),
    /** The reservation, as "code · tour". */
    bookingName: z.string(),
    status: z.string(),
    /** The passenger slot or service line a remove request is about. */
    targetId: z.nullable(z.string()),
    targetName: z.nullable(z.string()),
    /** Where the customer's change of status would take it, or null when it cannot move. */
    nextStatusId: z.nullable(z.string()),
    nextStatus: z.nullable(z.string()),
    editable: z.boolean(),
    deletable: z.boolean(),
  }),
);
export type Incident = z.infer<typeof incident>;
export const incidentList = lazySchema(() => z.array(incident));

/** POST incident/save (spec §7): statusId is ignored, a new incident starts registered. */
export const incidentSaveRequest = lazySchema(() =>
  z.object({
    name: z._default(z.optional(trimmedText(MAX_LENGTH.incidentName)), ''),
    description: z._default(z.optional(trimmedText(MAX_LENGTH.incidentDescription)), ''),
    typeId: filledText('completeAllFields', 64),
    statusId: z.nullish(z.string().check(z.maxLength(64))),
    bookingId: filledText('completeAllFields', 32),
    /** The passenger slot (remove passenger) or the service line (remove service). */
    targetId: z.nullish(z.string().check(z.maxLength(64))),
  }),
);
export type IncidentSaveRequest = z.input<typeof incidentSaveRequest>;

/** PUT incident/{id}/update (spec §7: typeId, statusId, adviserId null; and what the form edits). */
export const incidentUpdateRequest = lazySchema(() =>
  z.object({
    typeId: filledText('completeAllFields', 64),
    statusId: z.nullish(z.string().check(z.maxLength(64))),
    adviserId: z.optional(z.null()),
    name: z.optional(trimmedText(MAX_LENGTH.incidentName)),
    description: z.optional(trimmedText(MAX_LENGTH.incidentDescription)),
    targetId: z.nullish(z.string().check(z.maxLength(64))),
  }),
);
export type IncidentUpdateRequest = z.input<typeof incidentUpdateRequest>;

export const incidentIdParams = lazySchema(() =>
  z.object({ id: z.uuid({ error: key('notFound') }) }),
);
export const incidentOptions = lazySchema(() => z.array(option));
export const incidentResult = lazySchema(() => z.object({ result: z.literal(1), id: z.string() }));
