import * as z from 'zod/mini';
import { crewRoleList, lockedFieldGroups, purchaseKinds } from '../rules/operations.ts';
import { departureFields, uuid } from './common.ts';
import { day, filledText, isoDay, key } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * What is bought per person for a departure (issue 29, docs/back-office.md "The to-buy board"):
 * the items a tour needs (the Inca Trail permit, the Machu Picchu entry, a train, the bus), the
 * board of what must be bought by its deadline, each person's state for each item, marking
 * purchases bought (with the government's reference) and cancelling them.
 */

export const PURCHASE_LIMITS = {
  /** Items a tour needs bought per person. */
  items: 10,
  /** People marked bought in one call. */
  people: 100,
  /** The government's reference of a purchase. */
  reference: 60,
  /** Why a purchase is cancelled. */
  reason: 500,
  /** A detail of an item (a circuit, a route, a train's class). */
  detail: 40,
  /** Days before travel an item is bought by, at most. */
  buyDaysBefore: 400,
  /** The widest range of buy-by dates the board reads at once. */
  boardDays: 400,
} as const;

/** Where a train or a bus goes: to Machu Picchu (outbound, up) or back (return, down). */
export const purchaseDirections = ['outbound', 'return', 'up', 'down'] as const;
export type PurchaseDirection = (typeof purchaseDirections)[number];

/** The directions each kind takes (none for a permit or an entry). */
export const directionsOf: Record<(typeof purchaseKinds)[number], readonly PurchaseDirection[]> = {
  permit: [],
  entry: [],
  train: ['outbound', 'return'],
  bus: ['up', 'down'],
};

/** Where a person stands with an item. */
export const purchaseStates = ['needed', 'complete', 'bought', 'cancelled'] as const;
export type PurchaseState = (typeof purchaseStates)[number];

/**
 * What a traveller's data lacks for a purchase in their name (the permit's fields: names as in the
 * passport, nationality, document, birth date, sex); `passengerData` when the slot has no
 * passenger yet.
 */
export const purchaseMissingFields = [
  'passengerData',
  'firstName',
  'lastName',
  'nationality',
  'documentType',
  'documentNumber',
  'birthDate',
  'sex',
] as const;
export type PurchaseMissingField = (typeof purchaseMissingFields)[number];

/** Who a person is on a departure: a traveller, or the crew role they walk in. */
export const purchaseRoles = ['traveller', ...crewRoleList] as const;
export type PurchaseRole = (typeof purchaseRoles)[number];

// ---------------------------------------------------------------------------------------------
// The items, in the catalogue editor: PUT admin/tours/{code}/purchase-items
// ---------------------------------------------------------------------------------------------

const optionalDetail = lazySchema(() =>
  z._default(
    z.optional(
      z
        .string({ error: key('invalidInput') })
        .check(
          z.trim(),
          z.maxLength(PURCHASE_LIMITS.detail, { error: key('purchaseDetailTooLong') }),
        ),
    ),
    '',
  ),
);

/** A time of day, HH:MM (24 hours); '' when not given. */
const optionalTime = lazySchema(() =>
  z._default(
    z.optional(
      z.string({ error: key('purchaseTimeInvalid') }).check(
        z.trim(),
        z.refine((value) => value === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), {
          error: key('purchaseTimeInvalid'),
        }),
      ),
    ),
    '',
  ),
);

/**
 * An item a tour needs bought for each traveller and for the crew roles it names. Its details
 * depend on its kind: an entry's circuit, route and hour; a train's direction (outbound or
 * return), time and class; a bus's direction (up or down). `id` names an item that exists
 * (purchases point at it); none for a new one.
 */
export const purchaseItemEntry = lazySchema(() =>
  z
    .object({
      id: z.optional(z.nullable(z.uuid({ error: key('catalogueUnknownOption') }))),
      kind: z.enum(purchaseKinds, { error: key('invalidInput') }),
      circuit: optionalDetail,
      route: optionalDetail,
      hour: optionalTime,
      direction: z._default(
        z.optional(
          z.union([z.literal(''), z.enum(purchaseDirections)], {
            error: key('purchaseDirectionInvalid'),
          }),
        ),
        '',
      ),
      time: optionalTime,
      class: optionalDetail,
      buyDaysBefore: z
        .number({ error: key('purchaseBuyDaysInvalid') })
        .check(
          z.int({ error: key('purchaseBuyDaysInvalid') }),
          z.minimum(0, { error: key('purchaseBuyDaysInvalid') }),
          z.maximum(PURCHASE_LIMITS.buyDaysBefore, { error: key('purchaseBuyDaysInvalid') }),
        ),
      crewRoles: z.array(z.enum(crewRoleList, { error: key('invalidInput') })).check(
        z.maxLength(crewRoleList.length),
        z.refine((roles) => new Set(roles).size === roles.length, { error: key('listedTwice') }),
      ),
    })
    .check(
      z.superRefine((item, ctx) => {
        const required = (field: 'circuit' | 'route' | 'hour' | 'time' | 'class') => {
          if (!item[field])
            ctx.addIssue({ code: 'custom', message: key('fieldRequired'), path: [field] });
        };
        if (item.kind === 'entry') {
          required('circuit');
          required('route');
          required('hour');
        }
        if (item.kind === 'train') {
          required('time');
          required('class');
        }
        const directions = directionsOf[item.kind];
        if (directions.length > 0 && !directions.includes(item.direction as PurchaseDirection)) {
          ctx.addIssue({
            code: 'custom',
            message: key('purchaseDirectionInvalid'),
            path: ['direction'],
          });
        }
      }),
    ),
);
export type PurchaseItemEntry = z.output<typeof purchaseItemEntry>;

/** PUT admin/tours/{code}/purchase-items: every item, in order (an item left out is removed). */
export const tourPurchaseItemsRequest = lazySchema(() =>
  z.object({
    revision: z
      .number({ error: key('invalidInput') })
      .check(z.int({ error: key('invalidInput') }), z.minimum(0), z.maximum(2_147_483_647)),
    items: z.array(purchaseItemEntry, { error: key('invalidInput') }).check(
      z.maxLength(PURCHASE_LIMITS.items, { error: key('catalogueTooMany') }),
      z.superRefine((items, ctx) => {
        const seen = new Set<string>();
        for (const [index, item] of items.entries()) {
          const id = item.id?.toLowerCase();
          if (!id) continue;
          if (seen.has(id)) {
            ctx.addIssue({ code: 'custom', message: key('listedTwice'), path: [index, 'id'] });
          }
          seen.add(id);
        }
      }),
    ),
  }),
);
export type TourPurchaseItemsRequest = z.input<typeof tourPurchaseItemsRequest>;

/** An item as the editor shows it: the entry's fields, and how many purchases point at it. */
export const purchaseItemView = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(purchaseKinds),
    circuit: z.string(),
    route: z.string(),
    hour: z.string(),
    direction: z.string(),
    time: z.string(),
    class: z.string(),
    buyDaysBefore: z.number().check(z.int()),
    crewRoles: z.array(z.enum(crewRoleList)),
    /** Purchases recorded for it (bought or cancelled): removed, it is refused; its kind is fixed. */
    purchases: z.number().check(z.int()),
  }),
);
export type PurchaseItemView = z.infer<typeof purchaseItemView>;

// ---------------------------------------------------------------------------------------------
// The people of a departure and their state
// ---------------------------------------------------------------------------------------------

/** An item of a departure: what it is, and the day it must be bought by. */
export const departureItem = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(purchaseKinds),
    /** The kind's details (circuit, route, hour; direction, time, class), as stored. */
    details: z.record(z.string(), z.string()),
    buyDaysBefore: z.number().check(z.int()),
    /** The travel date less `buyDaysBefore`. */
    buyBy: day,
    crewRoles: z.array(z.enum(crewRoleList)),
  }),
);
export type DepartureItem = z.infer<typeof departureItem>;

/** A person of a departure: a traveller (a booking's passenger slot) or a crew member. */
export const purchasePerson = lazySchema(() =>
  z.object({
    passengerSlotId: z.nullable(z.string()),
    crewMemberId: z.nullable(z.string()),
    /** "First Last" as registered; '' for a slot with no passenger yet. */
    name: z.string(),
    role: z.enum(purchaseRoles),
    /** A traveller's booking, and their place in it (1, 2…). */
    bookingCode: z.nullable(z.string()),
    position: z.nullable(z.number().check(z.int())),
    /** What their data lacks for a purchase in their name (none: complete). */
    missing: z.array(z.enum(purchaseMissingFields)),
  }),
);
export type PurchasePerson = z.infer<typeof purchasePerson>;

// ---------------------------------------------------------------------------------------------
// GET admin/purchases: the to-buy board
// ---------------------------------------------------------------------------------------------

/**
 * The board's range of buy-by dates (by default, today to 120 days ahead) and the kind of item;
 * overdue items still to buy are shown whatever the range, until the departure has left.
 */
export const purchaseBoardQuery = lazySchema(() =>
  z.object({
    from: z.optional(isoDay),
    to: z.optional(isoDay),
    kind: z.optional(z.enum(purchaseKinds, { error: key('invalidInput') })),
  }),
);
export type PurchaseBoardQuery = z.output<typeof purchaseBoardQuery>;

/** The days ahead the board shows by default. */
export const PURCHASE_BOARD_DAYS = 120;

export const purchaseBoardRow = lazySchema(() =>
  z.object({
    ...departureFields,
    item: departureItem,
    /** Days from today to the buy-by date (negative: overdue). */
    daysLeft: z.number().check(z.int()),
    /** The buy-by date has passed and someone is still to buy. */
    overdue: z.boolean(),
    counts: z.object({
      needed: z.number().check(z.int()),
      complete: z.number().check(z.int()),
      bought: z.number().check(z.int()),
      cancelled: z.number().check(z.int()),
    }),
    /** The people still to buy (needed, complete, or their purchase cancelled), data first missing. */
    toBuy: z.array(
      z.extend(purchasePerson, { state: z.enum(['needed', 'complete', 'cancelled']) }),
    ),
  }),
);
export type PurchaseBoardRow = z.infer<typeof purchaseBoardRow>;

export const purchaseBoard = lazySchema(() =>
  z.object({
    from: day,
    to: day,
    today: day,
    /** By buy-by date, then tour and date. */
    rows: z.array(purchaseBoardRow),
  }),
);
export type PurchaseBoard = z.infer<typeof purchaseBoard>;

// ---------------------------------------------------------------------------------------------
// GET admin/departures/{tourCode}/{date}/purchases
// ---------------------------------------------------------------------------------------------

/** Where a person stands with one item. */
export const personItemState = lazySchema(() =>
  z.object({
    itemId: z.string(),
    state: z.enum(purchaseStates),
    /** The bought purchase, else the last cancelled one; null when none was recorded. */
    purchaseId: z.nullable(z.string()),
    reference: z.nullable(z.string()),
    boughtOn: z.nullable(day),
  }),
);
export type PersonItemState = z.infer<typeof personItemState>;

export const departurePerson = lazySchema(() =>
  z.extend(purchasePerson, {
    /**
     * Still on the departure: false for a purchase whose person has left it (a booking cancelled,
     * a crew member unassigned), listed so that staff can cancel it.
     */
    onDeparture: z.boolean(),
    /** The items this person needs (a crew member: those naming their role), in the tour's order. */
    items: z.array(personItemState),
  }),
);
export type DeparturePerson = z.infer<typeof departurePerson>;

export const departurePurchases = lazySchema(() =>
  z.object({
    ...departureFields,
    items: z.array(departureItem),
    /** The crew first (they are registered first), then the travellers by booking and place. */
    people: z.array(departurePerson),
  }),
);
export type DeparturePurchases = z.infer<typeof departurePurchases>;

// ---------------------------------------------------------------------------------------------
// POST admin/departures/{tourCode}/{date}/purchases, POST admin/purchases/{id}/cancel
// ---------------------------------------------------------------------------------------------

/** A person a purchase is for: a passenger slot, or a crew member (exactly one). */
export const purchasePersonRef = lazySchema(() =>
  z.union([z.strictObject({ passengerSlotId: uuid }), z.strictObject({ crewMemberId: uuid })], {
    error: key('purchasePersonInvalid'),
  }),
);
export type PurchasePersonRef = z.infer<typeof purchasePersonRef>;

const personKey = (person: PurchasePersonRef) =>
  'passengerSlotId' in person
    ? `slot:${person.passengerSlotId.toLowerCase()}`
    : `crew:${person.crewMemberId.toLowerCase()}`;

export const markPurchasesRequest = lazySchema(() =>
  z.object({
    /** The tour's item bought. */
    item: z.uuid({ error: key('purchaseItemNotOfTour') }),
    people: z.array(purchasePersonRef, { error: key('purchasePeopleRequired') }).check(
      z.minLength(1, { error: key('purchasePeopleRequired') }),
      z.maxLength(PURCHASE_LIMITS.people, { error: key('purchaseTooManyPeople') }),
      z.superRefine((people, ctx) => {
        const seen = new Set<string>();
        for (const [index, person] of people.entries()) {
          const personId = personKey(person);
          if (seen.has(personId)) {
            ctx.addIssue({ code: 'custom', message: key('listedTwice'), path: [index] });
          }
          seen.add(personId);
        }
      }),
    ),
    /** The government's reference of the purchase. */
    reference: filledText(
      'purchaseReferenceRequired',
      PURCHASE_LIMITS.reference,
      'purchaseReferenceTooLong',
    ),
    /** The day it was bought (the agency's today when left out); never in the future. */
    boughtOn: z.optional(isoDay),
  }),
);
export type MarkPurchasesRequest = z.input<typeof markPurchasesRequest>;

export const cancelPurchaseRequest = lazySchema(() =>
  z.object({
    reason: filledText('purchaseReasonRequired', PURCHASE_LIMITS.reason, 'purchaseReasonTooLong'),
  }),
);
export type CancelPurchaseRequest = z.input<typeof cancelPurchaseRequest>;

export const cancelPurchaseAnswer = lazySchema(() =>
  z.object({
    id: z.string(),
    status: z.literal('cancelled'),
    /** The person still has something bought: their lock stays. */
    stillLocked: z.boolean(),
  }),
);
export type CancelPurchaseAnswer = z.infer<typeof cancelPurchaseAnswer>;

export const purchaseIdParams = lazySchema(() => z.object({ id: uuid }));

/** GET admin/departures/{tourCode}/{date}/purchases.csv?kind=: the people for one kind of item. */
export const purchaseCsvQuery = lazySchema(() =>
  z.object({
    kind: z.enum(purchaseKinds, { error: key('invalidInput') }),
  }),
);

// ---------------------------------------------------------------------------------------------
// The lock, as a passenger's answer carries it (docs/back-office.md "The lock")
// ---------------------------------------------------------------------------------------------

/**
 * What a passenger's answer says of their lock: the groups locked, why, and since when. The API
 * always sends them (none locked: `[]`, null, null); optional for answers made before them.
 */
export const passengerLockFields = {
  locked: z.optional(z.array(z.enum(lockedFieldGroups))),
  /** The kind of the first item bought (the permit first); null when nothing is locked. */
  lockedReason: z.optional(z.nullable(z.enum(purchaseKinds))),
  lockedSince: z.optional(z.nullable(day)),
};
