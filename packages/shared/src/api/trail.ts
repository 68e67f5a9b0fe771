import * as z from 'zod/mini';
import {
  attendanceStates,
  checkInMethods,
  TRAIL_BATCH_MAX,
  TRAIL_NOTE_MAX,
  trailActionKinds,
} from '../rules/trail.ts';
import { adminManifestCrewMember, adminManifestPassenger } from './admin-read.ts';
import { departureFields, uuid } from './common.ts';
import { day, isoDay, key, timestamp } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * The guide's app (issue 32, ADR 0051, docs/guide-app.md): a guide (a user with the role guide,
 * linked to a person of the crew roster) sees the departures that person is assigned to,
 * downloads each for the trail, and sends what was done there (check-ins, no-shows, notes) when
 * the phone has a network. The back office sees it per departure.
 */

/** A traveller's applied check-in or no-show. */
export const attendance = lazySchema(() =>
  z.object({
    state: z.enum(attendanceStates),
    /** How a check-in was made; null for a no-show. */
    method: z.nullable(z.enum(checkInMethods)),
    /** When the guide did it (the phone's clock) and when the server had it. */
    at: timestamp,
    receivedAt: timestamp,
    /** The guide who did it: their name. */
    by: z.string(),
  }),
);
export type Attendance = z.infer<typeof attendance>;

/** GET guide/departures: the departures the guide is assigned to, soonest first. */
export const guideDeparture = lazySchema(() =>
  z.object({
    ...departureFields,
    endDate: day,
    days: z.number().check(z.int()),
    /** The guide's role on it (its code): guide or assistant_guide, or another crew role. */
    role: z.string(),
    roleName: z.string(),
    /** Travellers on it (bookings holding seats) and how many are checked in. */
    travellers: z.number().check(z.int()),
    checkedIn: z.number().check(z.int()),
    /** The departure's status (open, closed, cancelled). */
    status: z.string(),
    /** The last day a phone keeps its data (TRAIL_KEEP_DAYS after the end). */
    deleteAfter: day,
  }),
);
export type GuideDeparture = z.infer<typeof guideDeparture>;
export const guideDepartureList = lazySchema(() => z.array(guideDeparture));

/** A permit or ticket bought for a person (issue 29): the item's name and the government's reference. */
export const trailReference = lazySchema(() =>
  z.object({ item: z.string(), reference: z.string() }),
);

/** A traveller as the guide's download carries them: the manifest's row and what the trail adds. */
export const guideTraveller = lazySchema(() =>
  z.object({
    ...adminManifestPassenger.shape,
    /** The passenger slot: what a check-in names. */
    slotId: z.string(),
    references: z.array(trailReference),
    attendance: z.nullable(attendance),
  }),
);
export type GuideTraveller = z.infer<typeof guideTraveller>;

export const guideCrewMember = lazySchema(() =>
  z.object({
    ...adminManifestCrewMember.shape,
    references: z.array(trailReference),
  }),
);

/** A note recorded on the trail (about a traveller or the departure). */
export const trailNote = lazySchema(() =>
  z.object({
    id: z.string(),
    slotId: z.nullable(z.string()),
    /** The traveller's name, '' for a note about the departure. */
    traveller: z.string(),
    text: z.string(),
    at: timestamp,
    receivedAt: timestamp,
    by: z.string(),
  }),
);
export type TrailNote = z.infer<typeof trailNote>;

/**
 * GET guide/departures/{tourCode}/{date}: everything a guide takes to the trail, stored on the
 * phone and read with no network.
 */
export const guideManifest = lazySchema(() =>
  z.object({
    ...departureFields,
    endDate: day,
    days: z.number().check(z.int()),
    /** Where and when the tour starts. */
    meeting: z.string(),
    /** When the server made this copy: the app shows "as of". */
    generatedAt: timestamp,
    deleteAfter: day,
    travellers: z.array(guideTraveller),
    crew: z.array(guideCrewMember),
    itinerary: z.array(
      z.object({ day: z.number().check(z.int()), title: z.string(), description: z.string() }),
    ),
    /** The agency's emergency numbers. */
    emergency: z.array(z.object({ name: z.string(), phone: z.string() })),
    /**
     * Every booking of the departure with its passenger count, cancelled ones too: a scanned
     * voucher of a cancelled booking is flagged, one of another departure named.
     */
    bookings: z.array(
      z.object({ code: z.string(), passengers: z.number().check(z.int()), cancelled: z.boolean() }),
    ),
    /** The public keys that sign vouchers (voucher-code.ts). */
    voucherKeys: z.array(z.object({ kid: z.string(), publicKey: z.string() })),
    notes: z.array(trailNote),
  }),
);
export type GuideManifest = z.infer<typeof guideManifest>;

export const guideDepartureParams = lazySchema(() =>
  z.object({
    tourCode: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)),
    date: isoDay,
  }),
);

/** One thing done on the trail; `id` is the phone's, so a retry is recognised. */
export const trailAction = lazySchema(() =>
  z.object({
    id: uuid,
    kind: z.enum(trailActionKinds),
    tourCode: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)),
    date: isoDay,
    /** The traveller; required for a check-in and a no-show, absent for a note on the departure. */
    slotId: z.optional(uuid),
    /** A check-in's method. */
    method: z.optional(z.enum(checkInMethods)),
    note: z.optional(
      z.string().check(z.trim(), z.maxLength(TRAIL_NOTE_MAX, { error: key('invalidInput') })),
    ),
    /** When it was done, by the phone's clock. */
    at: z.iso.datetime({ offset: true }),
  }),
);
export type TrailAction = z.infer<typeof trailAction>;

/** POST guide/actions: what the phone queued, in the order it was done. */
export const trailActionsRequest = lazySchema(() =>
  z.object({
    /** The phone's id (made once per installation). */
    deviceId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
    actions: z.array(trailAction).check(z.minLength(1), z.maxLength(TRAIL_BATCH_MAX)),
  }),
);
export type TrailActionsRequest = z.input<typeof trailActionsRequest>;

export const trailActionResult = lazySchema(() =>
  z.object({
    id: z.string(),
    /**
     * applied; duplicate (sent before: nothing recorded twice); conflict (another guide's
     * check-in or no-show came first: `attendance` says whose); refused (not the guide's
     * departure, not a traveller of it: `reason` is a message key).
     */
    outcome: z.enum(['applied', 'duplicate', 'conflict', 'refused']),
    reason: z.optional(z.string()),
    /** The traveller's attendance after it. */
    attendance: z.optional(z.nullable(attendance)),
  }),
);
export type TrailActionResult = z.infer<typeof trailActionResult>;
export const trailActionsResponse = lazySchema(() =>
  z.object({ results: z.array(trailActionResult) }),
);
export type TrailActionsResponse = z.infer<typeof trailActionsResponse>;

/** GET admin/departures/{tourCode}/{date}/trail: what the guides did, and their phones' syncs. */
export const adminTrail = lazySchema(() =>
  z.object({
    ...departureFields,
    travellers: z.array(
      z.object({
        slotId: z.string(),
        bookingCode: z.string(),
        name: z.string(),
        attendance: z.nullable(attendance),
      }),
    ),
    notes: z.array(trailNote),
    /** Check-ins and no-shows that came second (the first won). */
    conflicts: z.array(
      z.object({
        id: z.string(),
        slotId: z.string(),
        traveller: z.string(),
        kind: z.enum(trailActionKinds),
        at: timestamp,
        receivedAt: timestamp,
        by: z.string(),
      }),
    ),
    /** Each guide's phone: when it last downloaded the departure or sent actions. */
    syncs: z.array(
      z.object({
        guide: z.string(),
        deviceId: z.string(),
        kind: z.enum(['download', 'actions']),
        syncedAt: timestamp,
      }),
    ),
  }),
);
export type AdminTrail = z.infer<typeof adminTrail>;
