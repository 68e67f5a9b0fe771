import type { ClientRecord, ParsedPassengerPayload } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { normalizeCode, type Reader } from '../access/bookings.ts';
import { recordAudit } from '../audit/record.ts';
import { findClientSlot } from '../passengers/access.ts';
import { getClientRecord } from '../passengers/read.ts';
import {
  createPassenger,
  type PassengerSaveResponse,
  updatePassenger,
} from '../passengers/save.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';

/**
 * Staff's twins of the customer's passenger saves (issue 28): the same functions, the same
 * validation (the slot's type and travel date, every other slot the record fills, the option
 * lists), read as the booking's own customer would; each save audited with the member of staff.
 */

/** The booking's customer, as its passenger data is reached (`visibleTo`); 404 for no booking. */
async function ownerOf(db: Executor, code: string): Promise<Reader> {
  const [booking] = await db
    .select({ userId: bookings.userId, corporateClientId: bookings.corporateClientId })
    .from(bookings)
    .where(eq(bookings.code, normalizeCode(code)));
  if (!booking) throw new AppError('NOT_FOUND', 'bookingNotFound');
  return booking;
}

/** The audit entry of a staff save of a passenger's data. */
function auditSave(staff: AuthenticatedUser, action: 'passenger.create' | 'passenger.update') {
  return (
    tx: Transaction,
    written: { clientId: string; bookingId: string; values: object },
  ): Promise<void> => {
    const values = written.values as { firstName?: string; lastName?: string };
    return recordAudit(tx, {
      staffUserId: staff.userId,
      action,
      bookingId: written.bookingId,
      subjectId: written.clientId,
      after: { passenger: `${values.firstName ?? ''} ${values.lastName ?? ''}`.trim() },
    });
  };
}

/**
 * GET admin/bookings/{code}/passengers/{id}: a passenger's record, as its customer reads it; 404
 * unless the passenger travels on that booking (as a staff save requires), not on another one.
 */
export async function readPassengerForStaff(
  db: Database,
  code: string,
  clientId: string,
): Promise<ClientRecord> {
  const owner = await ownerOf(db, code);
  await findClientSlot(db, owner, clientId, code);
  return getClientRecord(db, owner, clientId);
}

/** POST admin/slots/{slotId}/client: fills an empty slot of the booking named by `bookingcode`. */
export async function createPassengerForStaff(
  db: Database,
  staff: AuthenticatedUser,
  slotId: string,
  body: ParsedPassengerPayload,
): Promise<PassengerSaveResponse> {
  return createPassenger(db, slotId, {
    user: await ownerOf(db, body.bookingcode),
    body,
    afterWrite: auditSave(staff, 'passenger.create'),
  });
}

/** PUT admin/clients/{id}: updates a passenger of the booking named by `bookingcode`. */
export async function updatePassengerForStaff(
  db: Database,
  staff: AuthenticatedUser,
  clientId: string,
  body: ParsedPassengerPayload,
): Promise<PassengerSaveResponse> {
  return updatePassenger(db, clientId, {
    user: await ownerOf(db, body.bookingcode),
    body,
    afterWrite: auditSave(staff, 'passenger.update'),
  });
}
