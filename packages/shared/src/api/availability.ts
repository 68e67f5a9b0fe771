import { z } from 'zod';
import { customerFields } from './common.ts';
import { isoDay } from './fields.ts';

/**
 * Availability (issue 14). The agency manages departures (a tour on a date): their seats, trail
 * permits and whether they run. A date it does not manage takes bookings as before.
 */

/** GET tour/{code}/availability?from=&to=: the managed dates in the range (at most 400 days). */
export const availabilityQuery = z.object({ from: isoDay, to: isoDay });
export type AvailabilityQuery = z.output<typeof availabilityQuery>;

export const departureStatuses = ['open', 'closed', 'cancelled'] as const;

export const availabilityDay = z.object({
  date: z.string(),
  /** open, closed or cancelled as the agency set it; soldOut when open without a seat left. */
  status: z.enum([...departureStatuses, 'soldOut']),
  /** Seats left, up to SEATS_DISPLAY_MAX; `more` says there are more than that. */
  seatsLeft: z.number().int(),
  more: z.boolean(),
  /** Why it does not run, in the agency's words. */
  reason: z.string(),
});
export type AvailabilityDay = z.infer<typeof availabilityDay>;
export const availabilityList = z.array(availabilityDay);

/** PUT admin/departures/{tourCode}/{date} (administrators): manage a departure. */
export const departureUpdateRequest = z.object({
  capacity: z.number().int().min(0).max(999),
  /** Trail permits held for the date; null when the tour needs none. */
  permits: z.number().int().min(0).max(9999).nullable().optional().default(null),
  status: z.enum(departureStatuses),
  reason: z.string().trim().max(200).optional().default(''),
});
export type DepartureUpdateRequest = z.input<typeof departureUpdateRequest>;

/** The managed departure, its seats, and the bookings on it (to contact when it does not run). */
export const managedDeparture = z.object({
  tourCode: z.string(),
  date: z.string(),
  capacity: z.number().int(),
  permits: z.number().int().nullable(),
  status: z.enum(departureStatuses),
  reason: z.string(),
  booked: z.number().int(),
  seatsLeft: z.number().int(),
  bookings: z.array(
    z.object({
      code: z.string(),
      ...customerFields,
      passengers: z.number().int(),
    }),
  ),
});
export type ManagedDeparture = z.infer<typeof managedDeparture>;
