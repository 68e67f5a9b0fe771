import type { StaffNote, StaffNoteRequest } from '@cusco/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { bookings, incidents, staffNotes, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { normalizeCode } from '../access/bookings.ts';
import { recordAudit } from '../audit/record.ts';
import { incidentNotFound, parseIncidentId } from '../incidents/access.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';

/**
 * Notes only staff see (issue 28), on a booking or on one of its requests. They live in their
 * own table, which no customer's read joins: a customer's detail or request never carries them.
 */

/** What a note is about: a booking (by code), or a request (by id). */
export type NoteSubject = { kind: 'booking'; code: string } | { kind: 'incident'; id: string };

/** The subject's booking id and request id (null for a booking's own notes); 404 if unknown. */
async function resolve(
  db: Executor,
  subject: NoteSubject,
): Promise<{ bookingId: string; incidentId: string | null }> {
  if (subject.kind === 'booking') {
    const [row] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.code, normalizeCode(subject.code)));
    if (!row) throw new AppError('NOT_FOUND', 'bookingNotFound');
    return { bookingId: row.id, incidentId: null };
  }
  const [row] = await db
    .select({ id: incidents.id, bookingId: incidents.bookingId })
    .from(incidents)
    .where(eq(incidents.id, parseIncidentId(subject.id)));
  if (!row) throw incidentNotFound();
  return { bookingId: row.bookingId, incidentId: row.id };
}

/** The subject's notes, the newest first. */
export async function listStaffNotes(db: Executor, subject: NoteSubject): Promise<StaffNote[]> {
  const { bookingId, incidentId } = await resolve(db, subject);
  const rows = await db
    .select({
      id: staffNotes.id,
      text: staffNotes.text,
      author: sql<string>`trim(${users.name} || ' ' || ${users.lastName})`,
      createdAt: staffNotes.createdAt,
    })
    .from(staffNotes)
    .innerJoin(users, eq(users.id, staffNotes.staffUserId))
    .where(
      and(
        eq(staffNotes.bookingId, bookingId),
        incidentId ? eq(staffNotes.incidentId, incidentId) : isNull(staffNotes.incidentId),
      ),
    )
    .orderBy(desc(staffNotes.createdAt), desc(staffNotes.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Adds a note to the subject, audited in the same transaction; answers the subject's notes. */
export async function addStaffNote(
  db: Database,
  staff: AuthenticatedUser,
  subject: NoteSubject,
  body: StaffNoteRequest,
): Promise<StaffNote[]> {
  await db.transaction(async (tx) => {
    const { bookingId, incidentId } = await resolve(tx, subject);
    const text = body.text.trim();
    const [note] = await tx
      .insert(staffNotes)
      .values({ bookingId, incidentId, staffUserId: staff.userId, text })
      .returning({ id: staffNotes.id });
    await recordAudit(tx, {
      staffUserId: staff.userId,
      action: 'staff_note.add',
      bookingId,
      subjectId: note?.id ?? null,
      after: { text, ...(incidentId ? { incidentId } : {}) },
    });
  });
  return listStaffNotes(db, subject);
}
