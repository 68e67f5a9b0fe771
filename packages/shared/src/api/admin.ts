import * as z from 'zod/mini';
import { customerFields, MAX_LENGTH, pageQuery } from './common.ts';
import { filledText, timestamp, trimmedText } from './fields.ts';
import { incident } from './incidents.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * The back office's calls (issue 13, under /api/admin): staff only. A customer's or a corporate
 * user's token gets 404.
 */

/** GET admin/incidents: the requests queue, filtered; pages as every list (`X-Total-Count`). */
export const adminIncidentQuery = lazySchema(() =>
  z.extend(pageQuery, {
    /** A status id; none: every status. */
    status: z.optional(z.uuid()),
    /** A type id; none: every type. */
    type: z.optional(z.uuid()),
    /** Part of the reservation code, or of the customer's name or e-mail. */
    q: z.optional(trimmedText(100)),
  }),
);
export type AdminIncidentQuery = z.output<typeof adminIncidentQuery>;

/** A passenger a removal request removes, as staff see it before they accept. */
export const removalTargetPassenger = lazySchema(() =>
  z.object({
    /** The passenger's place in the booking ("passenger N"). */
    position: z.number().check(z.int()),
    /** Who fills the place, or null: "passenger N, not yet named". */
    name: z.nullable(z.string()),
    customerTypeId: z.string(),
    /** The passenger's type, by name (Adult, Student, Child, Baby). */
    customerType: z.string(),
  }),
);
export type RemovalTargetPassenger = z.infer<typeof removalTargetPassenger>;

/**
 * What a request to remove a passenger or a service removes (issue 26), read when the request
 * is: its passenger (or every passenger), or its service line with its quantity. `gone` when it is no longer on the
 * booking (removed since: then `passengers` is empty and `service` null).
 */
export const removalTarget = lazySchema(() =>
  z.object({
    kind: z.enum(['passenger', 'service']),
    /** Every passenger of the booking (listed in `passengers`): accepting cancels the booking. */
    everyPassenger: z.boolean(),
    gone: z.boolean(),
    passengers: z.array(removalTargetPassenger),
    service: z.nullable(
      z.object({ name: z.string(), option: z.string(), quantity: z.number().check(z.int()) }),
    ),
  }),
);
export type RemovalTarget = z.infer<typeof removalTarget>;

/** One request in the queue: what it asks, whose it is, and how long it has waited. */
export const adminIncident = lazySchema(() =>
  z.extend(z.pick(incident, { id: true, name: true, description: true, typeId: true }), {
    type: z.string(),
    statusId: z.string(),
    status: z.string(),
    bookingCode: z.string(),
    tour: z.string(),
    ...customerFields,
    createdAt: timestamp,
    /** Whole days since the request was made. */
    ageDays: z.number().check(z.int()),
    /** Whole hours since the request was made (the queue shows them, issue 28). */
    ageHours: z.number().check(z.int()),
    response: z.nullable(z.string()),
    observation: z.nullable(z.string()),
    /** The staff member who answered, by name. */
    answeredBy: z.nullable(z.string()),
    /** What a removal request removes; null for a request that removes nothing. */
    target: z.nullable(removalTarget),
  }),
);
export type AdminIncident = z.infer<typeof adminIncident>;
export const adminIncidentList = lazySchema(() => z.array(adminIncident));

/** POST admin/incidents/{id}/answer: the response and the observation, both shown to the customer (spec §3). */
export const incidentAnswerRequest = lazySchema(() =>
  z.object({
    response: filledText('completeAllFields', MAX_LENGTH.incidentDescription),
    observation: z._default(z.optional(trimmedText(MAX_LENGTH.incidentDescription)), ''),
    /**
     * For a request to remove a passenger or a service: accept applies the removal (with the
     * cancellation policy's credit); reject, or none, answers without changing the booking.
     */
    decision: z.optional(z.enum(['accept', 'reject'])),
  }),
);
export type IncidentAnswerRequest = z.input<typeof incidentAnswerRequest>;
