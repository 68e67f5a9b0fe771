import * as z from 'zod/mini';
import { customerFields } from './common.ts';
import { day, isoDay, key } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Availability (issue 14). A tour runs by its rules (lead time, closed months, days of the week);
 * each date's departures (a group per category, private groups) have seats: the agency's
 * departure for the date, else the tour's own; trail permits cap them all.
 */

/**
 * GET tour/{code}/availability?from=&to=[&type=&category=]: every date of the range (at most 400
 * days), for the departure of that type and category (by default the tour's first of each).
 */
export const availabilityQuery = lazySchema(() =>
  z.object({
    from: isoDay,
    to: isoDay,
    type: z.optional(z.uuid()),
    category: z.optional(z.uuid()),
  }),
);
export type AvailabilityQuery = z.output<typeof availabilityQuery>;

export const departureStatuses = ['open', 'closed', 'cancelled'] as const;

export const availabilityDay = lazySchema(() =>
  z.object({
    date: day,
    /**
     * open; closed by the tour's rules (past, lead time, a closed month, a day it does not run) or
     * by the agency; cancelled by the agency; soldOut when open without a seat left.
     */
    status: z.enum([...departureStatuses, 'soldOut']),
    /** Seats left, up to SEATS_DISPLAY_MAX; `more` says there are more than that. */
    seatsLeft: z.number().check(z.int()),
    more: z.boolean(),
    /** Why it cannot be booked, in the caller's language (the agency's own words when it set it). */
    reason: z.string(),
  }),
);
export type AvailabilityDay = z.infer<typeof availabilityDay>;
export const availabilityList = lazySchema(() => z.array(availabilityDay));

/**
 * PUT admin/departures/{tourCode}/{date} (administrators): manage a departure. Every field is
 * optional: one left out keeps what the departure had (on a date not yet scheduled, the tour's
 * own figure, open, no reason); clearing one is explicit, with null.
 */
export const departureUpdateRequest = lazySchema(() =>
  z.object({
    /** Seats of each group departure (one per category); null: the tour's own number. */
    capacity: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(999)))),
    /** Trail permits held for the date; null when the tour needs none. */
    permits: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(9999)))),
    /** Open, closed or cancelled; never null (a departure always has one). */
    status: z.optional(z.enum(departureStatuses)),
    /** Why it does not run, shown to customers; null or empty: none. */
    reason: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(200)))),
    /** Private groups the day takes; null: the tour's own number. */
    privateGroups: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(99)))),
  }),
);
export type DepartureUpdateRequest = z.input<typeof departureUpdateRequest>;

/** The longest range one bulk change of departures covers. */
export const DEPARTURE_BULK_MAX_DAYS = 400;

/**
 * POST admin/tours/{code}/departures (administrators): the same seats, permits and status for
 * every date of a range that falls on the given days of the week (0 = Sunday … 6 = Saturday).
 * As for one departure, a field left out keeps what each date had.
 */
export const departureBulkRequest = lazySchema(() =>
  z.extend(departureUpdateRequest, {
    from: isoDay,
    to: isoDay,
    weekdays: z.array(z.number().check(z.int(), z.minimum(0), z.maximum(6))).check(
      z.minLength(1),
      z.maxLength(7),
      z.refine((days) => new Set(days).size === days.length, { error: key('invalidInput') }),
    ),
  }),
);
export type DepartureBulkRequest = z.input<typeof departureBulkRequest>;

/** A booking on a departure, for the agency to contact when it does not run. */
const bookingToContact = lazySchema(() =>
  z.object({
    code: z.string(),
    ...customerFields,
    passengers: z.number().check(z.int()),
  }),
);

/** The managed departure, its seats, and the bookings on it (to contact when it does not run). */
export const managedDeparture = lazySchema(() =>
  z.object({
    tourCode: z.string(),
    date: day,
    capacity: z.nullable(z.number().check(z.int())),
    permits: z.nullable(z.number().check(z.int())),
    status: z.enum(departureStatuses),
    reason: z.string(),
    privateGroups: z.nullable(z.number().check(z.int())),
    booked: z.number().check(z.int()),
    seatsLeft: z.number().check(z.int()),
    bookings: z.array(bookingToContact),
  }),
);
export type ManagedDeparture = z.infer<typeof managedDeparture>;

/** What a bulk change wrote, and the bookings on the dates it closed or cancelled. */
export const departureBulkResult = lazySchema(() =>
  z.object({
    tourCode: z.string(),
    /** The dates written (those of the range on the chosen days of the week). */
    dates: z.array(z.string()),
    bookings: z.array(z.extend(bookingToContact, { date: day })),
  }),
);
export type DepartureBulkResult = z.infer<typeof departureBulkResult>;

/** GET admin/tours/{code}/departures?from=&to=: the tour's calendar, day by day. */
export const departureCalendarQuery = lazySchema(() => z.object({ from: isoDay, to: isoDay }));

/** One day of a tour's calendar, as staff see it. */
export const departureCalendarDay = lazySchema(() =>
  z.object({
    date: day,
    /** Scheduled by the agency (a departure row), or following the tour's defaults. */
    scheduled: z.boolean(),
    status: z.enum(departureStatuses),
    /** Why it does not run: the agency's reason, or the tour's rule (a closed month…), or ''. */
    reason: z.string(),
    /** Seats of each group departure (one per category); null: no limit. */
    capacity: z.nullable(z.number().check(z.int())),
    permits: z.nullable(z.number().check(z.int())),
    privateGroups: z.nullable(z.number().check(z.int())),
    /**
     * Travellers holding seats, in all; the crew assigned (issue 29); and the permits they use:
     * the travellers', and the crew assigned or the tour's staff ratio of the travellers where
     * that is more (`permitsUsed`).
     */
    booked: z.number().check(z.int()),
    crew: z.number().check(z.int()),
    permitsUsed: z.number(),
    /** Each group departure (by category): travellers booked and seats left (null: no limit). */
    groups: z.array(
      z.object({
        categoryId: z.string(),
        category: z.string(),
        booked: z.number().check(z.int()),
        seatsLeft: z.nullable(z.number().check(z.int())),
      }),
    ),
    /** Private groups booked. */
    privateBooked: z.number().check(z.int()),
  }),
);
export type DepartureCalendarDay = z.infer<typeof departureCalendarDay>;
export const departureCalendar = lazySchema(() =>
  z.object({
    tourCode: z.string(),
    tour: z.string(),
    days: z.array(departureCalendarDay),
  }),
);
export type DepartureCalendar = z.infer<typeof departureCalendar>;
