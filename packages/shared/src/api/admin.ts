import { z } from 'zod';
import { customerFields, MAX_LENGTH, pageQuery } from './common.ts';
import { filledText, timestamp, trimmedText } from './fields.ts';
import { incident } from './incidents.ts';

/**
 * The back office's calls (issue 13, under /api/admin): staff only. A customer's or a corporate
 * user's token gets 404.
 */

/** GET admin/incidents: the requests queue, filtered; pages as every list (`X-Total-Count`). */
export const adminIncidentQuery = pageQuery.extend({
  /** A status id; none: every status. */
  status: z.uuid().optional(),
  /** A type id; none: every type. */
  type: z.uuid().optional(),
  /** Part of the reservation code, or of the customer's name or e-mail. */
  q: trimmedText(100).optional(),
});
export type AdminIncidentQuery = z.output<typeof adminIncidentQuery>;

/** One request in the queue: what it asks, whose it is, and how long it has waited. */
export const adminIncident = incident
  .pick({ id: true, name: true, description: true, typeId: true })
  .extend({
    type: z.string(),
    statusId: z.string(),
    status: z.string(),
    bookingCode: z.string(),
    tour: z.string(),
    ...customerFields,
    createdAt: timestamp,
    /** Whole days since the request was made. */
    ageDays: z.number().int(),
    response: z.string().nullable(),
    observation: z.string().nullable(),
    /** The staff member who answered, by name. */
    answeredBy: z.string().nullable(),
  });
export type AdminIncident = z.infer<typeof adminIncident>;
export const adminIncidentList = z.array(adminIncident);

/** POST admin/incidents/{id}/answer: the response and the observation, both shown to the customer (spec §3). */
export const incidentAnswerRequest = z.object({
  response: filledText('completeAllFields', MAX_LENGTH.incidentDescription),
  observation: trimmedText(MAX_LENGTH.incidentDescription).optional().default(''),
  /**
   * For a request to remove a passenger or a service: accept applies the removal (with the
   * cancellation policy's credit); reject, or none, answers without changing the booking.
   */
  decision: z.enum(['accept', 'reject']).optional(),
});
export type IncidentAnswerRequest = z.input<typeof incidentAnswerRequest>;
