import { z } from 'zod';
import { customerFields } from './common.ts';
import { day, isoDay, key } from './fields.ts';

/**
 * Availability (issue 14). A tour runs by its rules (lead time, closed months, days of the week);
 * each date's departures (a group per category, private groups) have seats: the agency's
 * departure for the date, else the tour's own; trail permits cap them all.
 */

/**
 * GET tour/{code}/availability?from=&to=[&type=&category=]: every date of the range (at most 400
 * days), for the departure of that type and category (by default the tour's first of each).
 */
export const availabilityQuery = z.object({
  from: isoDay,
  to: isoDay,
  type: z.uuid().optional(),
  category: z.uuid().optional(),
});
export type AvailabilityQuery = z.output<typeof availabilityQuery>;

export const departureStatuses = ['open', 'closed', 'cancelled'] as const;

export const availabilityDay = z.object({
  date: day,
  /**
   * open; closed by the tour's rules (past, lead time, a closed month, a day it does not run) or
   * by the agency; cancelled by the agency; soldOut when open without a seat left.
   */
  status: z.enum([...departureStatuses, 'soldOut']),
  /** Seats left, up to SEATS_DISPLAY_MAX; `more` says there are more than that. */
  seatsLeft: z.number().int(),
  more: z.boolean(),
  /** Why it cannot be booked, in the caller's language (the agency's own words when it set it). */
  reason: z.string(),
});
export type AvailabilityDay = z.infer<typeof availabilityDay>;
export const availabilityList = z.array(availabilityDay);

/** PUT admin/departures/{tourCode}/{date} (administrators): manage a departure. */
export const departureUpdateRequest = z.object({
  /** Seats of each group departure (one per category); null: the tour's own number. */
  capacity: z.number().int().min(0).max(999).nullable(),
  /** Trail permits held for the date; null when the tour needs none. */
  permits: z.number().int().min(0).max(9999).nullable().optional().default(null),
  status: z.enum(departureStatuses),
  reason: z.string().trim().max(200).optional().default(''),
  /** Private groups the day takes; null: the tour's own number. */
  privateGroups: z.number().int().min(0).max(99).nullable().optional().default(null),
});
export type DepartureUpdateRequest = z.input<typeof departureUpdateRequest>;

/** The longest range one bulk change of departures covers. */
export const DEPARTURE_BULK_MAX_DAYS = 400;

/**
 * POST admin/tours/{code}/departures (administrators): the same seats, permits and status for
 * every date of a range that falls on the given days of the week (0 = Sunday … 6 = Saturday).
 */
export const departureBulkRequest = departureUpdateRequest.extend({
  from: isoDay,
  to: isoDay,
  weekdays: z
    .array(z.number().int().min(0).max(6))
    .min(1)
    .max(7)
    .refine((days) => new Set(days).size === days.length, { error: key('invalidInput') }),
});
export type DepartureBulkRequest = z.input<typeof departureBulkRequest>;

/** A booking on a departure, for the agency to contact when it does not run. */
const bookingToContact = z.object({
  code: z.string(),
  ...customerFields,
  passengers: z.number().int(),
});

/** The managed departure, its seats, and the bookings on it (to contact when it does not run). */
export const managedDeparture = z.object({
  tourCode: z.string(),
  date: day,
  capacity: z.number().int().nullable(),
  permits: z.number().int().nullable(),
  status: z.enum(departureStatuses),
  reason: z.string(),
  privateGroups: z.number().int().nullable(),
  booked: z.number().int(),
  seatsLeft: z.number().int(),
  bookings: z.array(bookingToContact),
});
export type ManagedDeparture = z.infer<typeof managedDeparture>;

/** What a bulk change wrote, and the bookings on the dates it closed or cancelled. */
export const departureBulkResult = z.object({
  tourCode: z.string(),
  /** The dates written (those of the range on the chosen days of the week). */
  dates: z.array(z.string()),
  bookings: z.array(bookingToContact.extend({ date: day })),
});
export type DepartureBulkResult = z.infer<typeof departureBulkResult>;

/** GET admin/tours/{code}/departures?from=&to=: the tour's calendar, day by day. */
export const departureCalendarQuery = z.object({ from: isoDay, to: isoDay });

/** One day of a tour's calendar, as staff see it. */
export const departureCalendarDay = z.object({
  date: day,
  /** Scheduled by the agency (a departure row), or following the tour's defaults. */
  scheduled: z.boolean(),
  status: z.enum(departureStatuses),
  /** Why it does not run: the agency's reason, or the tour's rule (a closed month…), or ''. */
  reason: z.string(),
  /** Seats of each group departure (one per category); null: no limit. */
  capacity: z.number().int().nullable(),
  permits: z.number().int().nullable(),
  privateGroups: z.number().int().nullable(),
  /** Travellers holding seats, in all, and permits they and their staff use. */
  booked: z.number().int(),
  permitsUsed: z.number(),
  /** Each group departure (by category): travellers booked and seats left (null: no limit). */
  groups: z.array(
    z.object({
      categoryId: z.string(),
      category: z.string(),
      booked: z.number().int(),
      seatsLeft: z.number().int().nullable(),
    }),
  ),
  /** Private groups booked. */
  privateBooked: z.number().int(),
});
export type DepartureCalendarDay = z.infer<typeof departureCalendarDay>;
export const departureCalendar = z.object({
  tourCode: z.string(),
  tour: z.string(),
  days: z.array(departureCalendarDay),
});
export type DepartureCalendar = z.infer<typeof departureCalendar>;
