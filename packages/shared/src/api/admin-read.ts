import * as z from 'zod/mini';
import { adminIncident } from './admin.ts';
import { customerFields, departureFields, pageQuery, tourFields } from './common.ts';
import { day, isoDay, timestamp, trimmedText } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';
import { attemptStage } from './payments.ts';
import { bookingChannels } from './resellers.ts';
import { bookingDetail, channelFields } from './reservations.ts';

/**
 * The back office's reads (issue 13, under /api/admin): bookings, one booking, departures and
 * their manifests, the audit trail and the dashboard. Staff only; money in US dollars.
 */

/**
 * A booking's money standing, as the back office filters and shows it. The server decides it,
 * in one place: `moneyStatusSql` (apps/api/src/modules/ledger/money-status.ts).
 */
export const adminBookingStatuses = [
  'unpaid',
  'deposit',
  'paid',
  'refund_due',
  'cancelled',
] as const;
export type AdminBookingStatus = (typeof adminBookingStatuses)[number];

export const adminBookingSorts = ['travelDate', '-travelDate', 'createdAt', '-createdAt'] as const;

/** GET admin/bookings: the search. */
export const adminBookingQuery = lazySchema(() =>
  z.extend(pageQuery, {
    /** Part of the code, or of the customer's name or e-mail. */
    q: z.optional(trimmedText(100)),
    /** A tour's code (exact, any case). */
    tour: z.optional(trimmedText(32)),
    /** Travel dates from and to, inclusive. */
    from: z.optional(isoDay),
    to: z.optional(isoDay),
    status: z.optional(z.enum(adminBookingStatuses)),
    /** Where the bookings were made (issue 31). */
    channel: z.optional(z.enum(bookingChannels)),
    sort: z._default(z.enum(adminBookingSorts), '-createdAt'),
  }),
);
export type AdminBookingQuery = z.output<typeof adminBookingQuery>;

export const adminBookingRow = lazySchema(() =>
  z.object({
    code: z.string(),
    ...tourFields,
    travelDate: day,
    createdAt: timestamp,
    ...customerFields,
    corporate: z.boolean(),
    passengers: z.number().check(z.int()),
    total: z.number(),
    paid: z.number(),
    debt: z.number(),
    status: z.enum(adminBookingStatuses),
    ...channelFields,
  }),
);
export type AdminBookingRow = z.infer<typeof adminBookingRow>;
export const adminBookingList = lazySchema(() => z.array(adminBookingRow));

/** GET admin/audit: the trail, newest first. */
export const adminAuditQuery = lazySchema(() =>
  z.extend(pageQuery, {
    /** A booking's code. */
    booking: z.optional(trimmedText(32)),
    /** A staff member's e-mail. */
    user: z.optional(trimmedText(254)),
  }),
);
export type AdminAuditQuery = z.output<typeof adminAuditQuery>;

export const adminAuditEntry = lazySchema(() =>
  z.object({
    id: z.string(),
    createdAt: timestamp,
    staffName: z.string(),
    staffEmail: z.string(),
    action: z.string(),
    bookingCode: z.nullable(z.string()),
    subjectId: z.nullable(z.string()),
    before: z.unknown(),
    after: z.unknown(),
    /**
     * What the entry is about, by name (issue 28): the booking's customer and tour, the tour, the
     * person; null when it names nothing more than its action.
     */
    subject: z._default(z.nullable(z.string()), null),
    /**
     * Field by field, what changed: a field's key (the screen labels it in the staff's language)
     * and its value before and after, as text, ids replaced by names; null: none (added, removed).
     */
    changes: z._default(
      z.array(
        z.object({
          field: z.string(),
          before: z.nullable(z.string()),
          after: z.nullable(z.string()),
        }),
      ),
      [],
    ),
  }),
);
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;
export const adminAuditList = lazySchema(() => z.array(adminAuditEntry));

/** A payment attempt as staff see it: what the gateway said, and what can still be refunded. */
export const adminPaymentAttempt = lazySchema(() =>
  z.object({
    id: z.string(),
    gateway: z.string(),
    amount: z.number(),
    currency: z.string(),
    status: z.string(),
    createdAt: timestamp,
    settledAt: z.nullable(timestamp),
    gatewayReference: z.nullable(z.string()),
    failureReason: z.nullable(z.string()),
    /** Refunded so far. */
    refunded: z.number(),
    /** What a refund may still return: what the attempt paid, less its refunds. */
    refundable: z.number(),
    /**
     * For a pending attempt, where it stands at the gateway, as the customer is told it (issue 28:
     * an abandoned checkout reads the same to both); null otherwise.
     */
    stage: z._default(z.nullable(attemptStage), null),
  }),
);
export type AdminPaymentAttempt = z.infer<typeof adminPaymentAttempt>;

/** GET admin/bookings/{code}: the customer's detail and what only the agency sees. */
export const adminBookingDetail = lazySchema(() =>
  z.object({
    booking: bookingDetail,
    customer: z.object({
      name: z.string(),
      email: z.string(),
      phone: z.nullable(z.string()),
      /** The corporate client's name, for a booking on credit. */
      corporate: z.nullable(z.string()),
    }),
    status: z.enum(adminBookingStatuses),
    attempts: z.array(adminPaymentAttempt),
    requests: z.array(adminIncident),
    audit: adminAuditList,
  }),
);
export type AdminBookingDetail = z.infer<typeof adminBookingDetail>;

/** GET admin/departures: tours and dates with bookings; today to 30 days on by default. */
export const adminDepartureQuery = lazySchema(() =>
  z.object({
    from: z.optional(isoDay),
    to: z.optional(isoDay),
    tour: z.optional(trimmedText(32)),
  }),
);
export type AdminDepartureQuery = z.output<typeof adminDepartureQuery>;

export const adminDeparture = lazySchema(() =>
  z.object({
    ...departureFields,
    bookings: z.number().check(z.int()),
    passengers: z.number().check(z.int()),
    /** Passengers of bookings with nothing left to pay. */
    paidPassengers: z.number().check(z.int()),
    /** Passengers whose data is complete (100 %). */
    complete: z.number().check(z.int()),
    /** What the departure's bookings still owe. */
    debt: z.number(),
    /** The crew assigned to it (issue 29). */
    crew: z.number().check(z.int()),
  }),
);
export type AdminDeparture = z.infer<typeof adminDeparture>;
export const adminDepartureList = lazySchema(() => z.array(adminDeparture));

export const departureParams = lazySchema(() =>
  z.object({
    tourCode: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)),
    date: isoDay,
  }),
);

export const adminManifestPassenger = lazySchema(() =>
  z.object({
    bookingCode: z.string(),
    position: z.number().check(z.int()),
    customerType: z.string(),
    customerName: z.string(),
    name: z.nullable(z.string()),
    lastName: z.nullable(z.string()),
    documentType: z.nullable(z.string()),
    documentNumber: z.nullable(z.string()),
    nationality: z.nullable(z.string()),
    birthDate: z.nullable(day),
    completeness: z.number().check(z.int(), z.minimum(0), z.maximum(100)),
    hasScan: z.boolean(),
    /** The lead contact's phone (the booking's customer), for the guide (issue 28). */
    customerPhone: z._default(z.string(), ''),
    /** The diet (preference and note) and the medical notes (allergies, needs); '' when none. */
    diet: z._default(z.string(), ''),
    medical: z._default(z.string(), ''),
    /**
     * Where the guide picks the booking up (issue 28): the place told by the customer or staff,
     * else the hotel booked with the agency; null when neither is known.
     */
    pickupPlace: z._default(z.nullable(z.string()), null),
    /** Whether the booking has nothing left to pay; an unpaid hold is listed apart. */
    paid: z._default(z.boolean(), true),
    /** The guide's manifest (issue 29): the age on the travel date, null without a birth date. */
    age: z._default(z.nullable(z.number().check(z.int())), null),
    sex: z._default(z.nullable(z.string()), null),
    /** The food preference alone (the diets' count), null when not told. */
    foodPreference: z._default(z.nullable(z.string()), null),
    /** The allergies and the medical requirements apart; '' when none. */
    allergies: z._default(z.string(), ''),
    medicalNotes: z._default(z.string(), ''),
    /** Whom to call in an emergency; null when not told. */
    emergencyContactName: z._default(z.nullable(z.string()), null),
    emergencyContactPhone: z._default(z.nullable(z.string()), null),
  }),
);
export type AdminManifestPassenger = z.infer<typeof adminManifestPassenger>;

/**
 * A crew member assigned to the departure (issue 29), as the guide's manifest lists them:
 * staff-only data, never in a customer's answer.
 */
export const adminManifestCrewMember = lazySchema(() =>
  z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** The role on this departure: its code and its name in the request's language. */
    role: z.string(),
    roleName: z.string(),
    /** The document's kind (in the request's language) and number. */
    documentType: z.string(),
    documentNumber: z.string(),
    nationality: z.string(),
    phone: z.string(),
    /** Languages spoken, as ISO 639-1 codes. */
    languages: z.array(z.string()),
    /** The last day they work the departure. */
    lastDay: day,
  }),
);
export type AdminManifestCrewMember = z.infer<typeof adminManifestCrewMember>;

/** GET admin/departures/{tourCode}/{date}/manifest: incomplete passengers first. */
export const adminManifest = lazySchema(() =>
  z.object({
    ...departureFields,
    total: z.number().check(z.int()),
    complete: z.number().check(z.int()),
    passengers: z.array(adminManifestPassenger),
    /** The tour's days and its last day (issue 29). */
    days: z._default(z.number().check(z.int()), 1),
    endDate: z._default(z.nullable(day), null),
    /** Where and when the tour starts: its itinerary's first event, as written; '' when none. */
    meeting: z._default(z.string(), ''),
    /** The crew assigned to the departure, guides first (issue 29); empty until assigned. */
    crew: z._default(z.array(adminManifestCrewMember), []),
    /** The travellers' food preferences and how many have each, the most common first. */
    diets: z._default(
      z.array(z.object({ name: z.string(), count: z.number().check(z.int()) })),
      [],
    ),
  }),
);
export type AdminManifest = z.infer<typeof adminManifest>;

/** GET admin/dashboard: the queue first. */
export const adminDashboard = lazySchema(() =>
  z.object({
    waitingRequests: z.object({ count: z.number().check(z.int()), oldest: z.array(adminIncident) }),
    departures: adminDepartureList,
    refundsDue: adminBookingList,
    unpaidSoon: adminBookingList,
  }),
);
export type AdminDashboard = z.infer<typeof adminDashboard>;
