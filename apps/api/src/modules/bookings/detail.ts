import type { BookingDetail, Language } from '@cusco/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { bookings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PaymentGateway } from '../../gateways/gateway.ts';
import {
  normalizeCode,
  type Reader,
  visibleToPlaceholders,
  visibleToValues,
} from '../access/bookings.ts';
import { bookingStatusSql, databaseNowMs, statusChangesAt } from '../lifecycle/status.ts';
import { attemptStages } from '../payments/stages.ts';
import { type VoucherKeys, voucherCodeOf } from '../trail/keys.ts';
import type { Keep } from './answer-cache.ts';
import { toBookingDetail, voucherStateOf } from './detail-answer.ts';
import type { BookingDetailCache } from './detail-cache.ts';
import { type BookingDetailRows, loadBookingDetail } from './detail-rows.ts';

/**
 * The booking's revision, when the user may see it (the detail cache's check on every read), and
 * its status now (ADR 0037): that changes with time alone (an unpaid hold ends, the travel date
 * comes), which moves no revision.
 */
const revisionStatement = prepared((db) =>
  db
    .select({ revision: bookings.revision, status: bookingStatusSql, readAt: databaseNowMs })
    .from(bookings)
    .where(and(eq(bookings.code, sql.placeholder('code')), visibleToPlaceholders))
    .prepare('booking_revision'),
);

/**
 * GET tour/booking/{code}: the whole booking detail (spec §3) of a booking the user may see,
 * with where each open payment attempt stands at the gateway and the voucher's signed code
 * (issue 32) when `voucherKeys` are given. With a cache, the rows already
 * read are used again while the booking's revision has not moved (detail-cache.ts).
 */
export async function getBookingDetail(
  db: Executor,
  user: Reader,
  code: string,
  language: Language,
  gateway: PaymentGateway,
  cache?: BookingDetailCache,
  voucherKeys?: VoucherKeys,
): Promise<BookingDetail> {
  return (await readBookingDetail(db, user, code, language, gateway, cache, voucherKeys)).value;
}

/**
 * `getBookingDetail`, with whether the answer may be given again until a write (answer-cache.ts):
 * only until its status may change with time, or the voucher's signing key changes; with a
 * payment attempt open, only while the gateway's answer stands (its stage is the gateway's news:
 * the sandbox's charges are ours to watch, a gateway asked over the network is asked each time).
 */
export async function readBookingDetail(
  db: Executor,
  user: Reader,
  code: string,
  language: Language,
  gateway: PaymentGateway,
  cache?: BookingDetailCache,
  voucherKeys?: VoucherKeys,
): Promise<{ value: BookingDetail; keep: Keep | null }> {
  const rows: BookingDetailRows & { statusReadAt?: number } = cache
    ? await cachedRows(db, user, code, cache)
    : await loadBookingDetail(db, user, code);
  const open = rows.attempts.filter((attempt) => attempt.status === 'pending');
  const voucher = voucherStateOf(rows);
  const [{ stages, stand }, voucherCode] = await Promise.all([
    attemptStages(db, gateway, open),
    voucherCodeOf(db, voucherKeys, voucher),
  ]);
  const value = toBookingDetail(rows, language, stages, voucherCode);
  // Kept only when the database's moment of the status is known (read with the cache's check).
  if (!stand || rows.statusReadAt === undefined) return { value, keep: null };
  const booking = rows.head.booking;
  const signedBy = voucherCode && voucherKeys ? (await voucherKeys.signer(db)).kid : null;
  return {
    value,
    keep: {
      keys: [`b:${booking.code}`, ...stand.keys],
      until: Math.min(statusChangesAt(booking, rows.statusReadAt), stand.until),
      ...(signedBy && voucherKeys
        ? { still: async () => (await voucherKeys.signer(db)).kid === signedBy }
        : {}),
    },
  };
}

/** The detail's rows from the cache while the booking's revision stands; 404 as the detail. */
async function cachedRows(db: Executor, user: Reader, code: string, cache: BookingDetailCache) {
  const values = { code: normalizeCode(code), ...visibleToValues(user) };
  const [head] = await revisionStatement(db).execute(values);
  if (!head) throw new AppError('NOT_FOUND', 'bookingNotFound');
  const key = [values.code, values.userId, values.companyId ?? ''].join('|');
  const rows = await cache.read(key, head.revision, () => loadBookingDetail(db, user, code));
  return { ...rows, status: head.status, statusReadAt: head.readAt };
}
