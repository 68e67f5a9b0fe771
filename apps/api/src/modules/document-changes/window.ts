import { allows, type BookingStatus, refusalFor, todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import type { Executor } from '../../db/client.ts';
import type { bookings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { policyFor } from '../lifecycle/policies.ts';
import { statusOf } from '../lifecycle/status.ts';

/**
 * When a document change may be asked for, and what it costs (ADR 0044): the booking's tour's
 * change policy for its audience (public or corporate) says both. The fee is the policy's
 * `nameChangeFeeCents` (set per tour in the catalogue editor); the last day is the policy's
 * `lastChangeDays` before travel, counted in Cusco's days as every other change (docs/changes.md).
 */
export interface ChangeWindow {
  status: BookingStatus;
  feeCents: number;
  /** The last day a request may be made. */
  lastDay: string;
  /** The booking stands and the last day has not passed. */
  open: boolean;
}

type BookingRow = Pick<
  typeof bookings.$inferSelect,
  'id' | 'tourId' | 'corporateClientId' | 'travelDate'
>;

/** The window of a booking on the agency's `today`. */
export async function changeWindow(
  db: Executor,
  booking: BookingRow,
  today: string = todayInLima(),
): Promise<ChangeWindow> {
  const status = await statusOf(db, booking.id);
  const policy = await policyFor(
    db,
    booking.tourId,
    booking.corporateClientId === null ? 'standard' : 'corporate',
  );
  const lastDay = dayjs(booking.travelDate)
    .subtract(policy.lastChangeDays, 'day')
    .format('YYYY-MM-DD');
  return {
    status,
    feeCents: policy.nameChangeFeeCents,
    lastDay,
    open: allows('change', status) && today <= lastDay,
  };
}

/**
 * Refuses a request the window does not take: a booking that no longer stands (cancelled,
 * travelled, expired: 422 with the change's own message), or after the last day (422 naming it).
 */
export function assertOpen(window: ChangeWindow, today: string): void {
  if (!allows('change', window.status)) {
    throw new AppError('BUSINESS_RULE', refusalFor(window.status));
  }
  if (today > window.lastDay) {
    throw new AppError('BUSINESS_RULE', 'docChangeTooLate', {
      params: { date: window.lastDay },
      details: { lastDay: window.lastDay },
    });
  }
}
