import * as z from 'zod/mini';
import { filledText, timestamp } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Notes only staff see (issue 28), on a booking (GET/POST admin/bookings/{code}/notes) or on one
 * of its requests (GET/POST admin/incidents/{id}/notes). No customer's answer carries them.
 */

export const STAFF_NOTE_MAX_LENGTH = 2000;

/** POST …/notes: the note's text. */
export const staffNoteRequest = lazySchema(() =>
  z.object({
    text: filledText('fieldRequired', STAFF_NOTE_MAX_LENGTH, 'invalidInput'),
  }),
);
export type StaffNoteRequest = z.input<typeof staffNoteRequest>;

/** One note: what it says, who wrote it and when. */
export const staffNote = lazySchema(() =>
  z.object({
    id: z.string(),
    text: z.string(),
    /** The staff member who wrote it, by name. */
    author: z.string(),
    createdAt: timestamp,
  }),
);
export type StaffNote = z.infer<typeof staffNote>;

/** A subject's notes, the newest first. */
export const staffNoteList = lazySchema(() => z.array(staffNote));
