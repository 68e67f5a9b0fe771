import type { PickupAnswer, PickupRequest } from '@cusco/shared';
import { eq, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { lockBooking, lockVisibleBooking, normalizeCode, type Reader } from '../access/bookings.ts';
import { recordAudit } from '../audit/record.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';

/**
 * Where the guide picks the travellers up (issue 28): their hotel in Cusco, told by the customer
 * on their booking or by staff at the desk. A cancelled booking keeps the place it had.
 */

type Booking = Awaited<ReturnType<typeof lockBooking>>;

/** Writes the place (null clears it) on the locked booking; refused (422) once cancelled. */
async function writePickup(
  tx: Transaction,
  booking: Booking,
  pickupPlace: string | null,
): Promise<PickupAnswer> {
  if (booking.cancelledBy) {
    throw new AppError('BUSINESS_RULE', 'pickupCancelled', { field: 'pickupPlace' });
  }
  if (booking.pickupPlace !== pickupPlace) {
    await tx.update(bookings).set({ pickupPlace }).where(eq(bookings.id, booking.id));
  }
  return { code: booking.code, pickupPlace };
}

/** PUT tour/booking/{code}/pickup: the customer's (or their company's) booking; 404 for another. */
export function setPickupForCustomer(
  db: Database,
  reader: Reader,
  code: string,
  body: PickupRequest,
): Promise<PickupAnswer> {
  return db.transaction(async (tx) => {
    const booking = await lockVisibleBooking(tx, reader, code);
    return writePickup(tx, booking, body.pickupPlace ?? null);
  });
}

/** PUT admin/bookings/{code}/pickup: any booking, audited as `booking.pickup` (before → after). */
export function setPickupForStaff(
  db: Database,
  staff: AuthenticatedUser,
  code: string,
  body: PickupRequest,
): Promise<PickupAnswer> {
  return db.transaction(async (tx) => {
    const where: SQL = eq(bookings.code, normalizeCode(code));
    const booking = await lockBooking(tx, where);
    const before = booking.pickupPlace;
    const answer = await writePickup(tx, booking, body.pickupPlace ?? null);
    if (before !== answer.pickupPlace) {
      await recordAudit(tx, {
        staffUserId: staff.userId,
        action: 'booking.pickup',
        bookingId: booking.id,
        subjectId: booking.id,
        before: { pickupPlace: before },
        after: { pickupPlace: answer.pickupPlace },
      });
    }
    return answer;
  });
}
