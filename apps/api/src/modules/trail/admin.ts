import { type AdminTrail, inLanguage, type Language } from '@cusco/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, departures, trailActions, trailSyncs, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { departureSlots, tourByCode } from '../admin/departures.ts';
import { attendanceBySlot, guideNameSql, notesOf, travellerName } from './read.ts';

/**
 * GET admin/departures/{tourCode}/{date}/trail (staff, issue 32): what the guides did on the
 * departure (each traveller's attendance, the notes, the check-ins that came second) and when
 * each guide's phone last synced it. 404 when there is no such departure.
 */
export async function adminTrail(
  db: Executor,
  tourCode: string,
  date: string,
  language: Language,
): Promise<AdminTrail> {
  const tour = await tourByCode(db, tourCode);
  if (!tour) throw new AppError('NOT_FOUND', 'notFound');
  const [departure] = await db
    .select({ status: departures.status })
    .from(departures)
    .where(and(eq(departures.tourId, tour.id), eq(departures.date, date)));
  const slots = await departureSlots(
    db,
    and(eq(bookings.tourId, tour.id), eq(bookings.travelDate, date)),
  );
  if (!departure && slots.length === 0) throw new AppError('NOT_FOUND', 'notFound');
  const names = new Map(
    slots.map((slot) => [
      slot.slotId,
      travellerName({
        name: slot.client?.firstName ?? null,
        lastName: slot.client?.lastName ?? null,
        bookingCode: slot.bookingCode,
        position: slot.position,
      }),
    ]),
  );
  const [attendance, notes, conflicts, syncs] = await Promise.all([
    attendanceBySlot(
      db,
      slots.map((slot) => slot.slotId),
    ),
    notesOf(db, tour.id, date, names),
    db
      .select({
        id: trailActions.id,
        slotId: trailActions.passengerSlotId,
        kind: trailActions.kind,
        at: trailActions.happenedAt,
        receivedAt: trailActions.receivedAt,
        by: guideNameSql,
      })
      .from(trailActions)
      .innerJoin(users, eq(users.id, trailActions.recordedBy))
      .where(
        and(
          eq(trailActions.tourId, tour.id),
          eq(trailActions.date, date),
          eq(trailActions.outcome, 'conflict'),
        ),
      )
      .orderBy(asc(trailActions.receivedAt), asc(trailActions.id)),
    db
      .select({
        guide: guideNameSql,
        deviceId: trailSyncs.deviceId,
        kind: trailSyncs.kind,
        syncedAt: trailSyncs.syncedAt,
      })
      .from(trailSyncs)
      .innerJoin(users, eq(users.id, trailSyncs.userId))
      .where(and(eq(trailSyncs.tourId, tour.id), eq(trailSyncs.date, date)))
      .orderBy(desc(trailSyncs.syncedAt), asc(trailSyncs.deviceId)),
  ]);
  return {
    tourCode: tour.code,
    tour: inLanguage(language, tour.nameEn, tour.nameEs),
    date,
    travellers: slots.map((slot) => ({
      slotId: slot.slotId,
      bookingCode: slot.bookingCode,
      name: names.get(slot.slotId) ?? '',
      attendance: attendance.get(slot.slotId) ?? null,
    })),
    notes,
    conflicts: conflicts.map((row) => ({
      id: row.id,
      slotId: row.slotId ?? '',
      traveller: row.slotId ? (names.get(row.slotId) ?? '') : '',
      kind: row.kind,
      at: row.at.toISOString(),
      receivedAt: row.receivedAt.toISOString(),
      by: row.by,
    })),
    syncs: syncs.map((row) => ({ ...row, syncedAt: row.syncedAt.toISOString() })),
  };
}
