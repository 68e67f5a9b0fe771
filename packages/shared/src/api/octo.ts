import * as z from 'zod/mini';
import { isoDay } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * The OCTO supplier API's requests (issue 31, docs/octo.md): what a reseller's system sends to
 * /octo. The answers are OCTO's own shapes (the types of @octocloud/types), written by the API's
 * octo module. A request that does not parse is OCTO's BAD_REQUEST, naming the field.
 */

/** The longest text a reseller may send in one field (names, references, notes). */
export const OCTO_TEXT_MAX = 200;
/** The most unit items (travellers) one OCTO booking takes. */
export const OCTO_MAX_UNIT_ITEMS = 40;
/** The longest range one availability request covers, in days. */
export const OCTO_MAX_RANGE_DAYS = 400;

const text = (max = OCTO_TEXT_MAX) => z.string().check(z.trim(), z.maxLength(max));
const optionalText = (max = OCTO_TEXT_MAX) => z.optional(z.nullable(text(max)));
/** An id the reseller sends (a product, option, unit or availability id): refused when it is huge. */
const id = lazySchema(() => z.string().check(z.maxLength(100)));

/** A contact as OCTO sends it: every field optional, null allowed. */
export const octoContactInput = lazySchema(() =>
  z.object({
    fullName: optionalText(),
    firstName: optionalText(100),
    lastName: optionalText(100),
    emailAddress: z.optional(
      z.nullable(z.union([z.literal(''), z.email().check(z.maxLength(200))])),
    ),
    phoneNumber: optionalText(50),
    locales: z.optional(z.array(text(35)).check(z.maxLength(10))),
    postalCode: optionalText(20),
    country: optionalText(2),
    notes: optionalText(1000),
    allowMarketing: z.optional(z.nullable(z.boolean())),
  }),
);
export type OctoContactInput = z.output<typeof octoContactInput>;

/** The units asked about, for their prices (availability). */
const unitsAsked = lazySchema(() =>
  z.optional(
    z
      .array(z.object({ id, quantity: z.number().check(z.int(), z.minimum(0), z.maximum(99)) }))
      .check(z.maxLength(10)),
  ),
);

/** POST /octo/availability/calendar. */
export const octoCalendarRequest = lazySchema(() =>
  z.object({
    productId: id,
    optionId: id,
    localDateStart: isoDay,
    localDateEnd: isoDay,
    units: unitsAsked,
    currency: z.optional(z.nullable(text(3))),
  }),
);
export type OctoCalendarRequest = z.output<typeof octoCalendarRequest>;

/** POST /octo/availability: a day, a range, or availability ids. */
export const octoAvailabilityRequest = lazySchema(() =>
  z.object({
    productId: id,
    optionId: id,
    localDate: z.optional(isoDay),
    localDateStart: z.optional(isoDay),
    localDateEnd: z.optional(isoDay),
    availabilityIds: z.optional(z.array(id).check(z.minLength(1), z.maxLength(100))),
    units: unitsAsked,
    currency: z.optional(z.nullable(text(3))),
  }),
);
export type OctoAvailabilityRequest = z.output<typeof octoAvailabilityRequest>;

/** A unit item of a booking: a traveller's place, of a unit (customer type). */
export const octoUnitItemInput = lazySchema(() =>
  z.object({
    uuid: z.optional(z.uuid()),
    unitId: id,
    resellerReference: optionalText(100),
    contact: z.optional(octoContactInput),
  }),
);
export type OctoUnitItemInput = z.output<typeof octoUnitItemInput>;

const unitItems = lazySchema(() =>
  z.array(octoUnitItemInput).check(z.maxLength(OCTO_MAX_UNIT_ITEMS)),
);
const expirationMinutes = lazySchema(() => z.optional(z.number().check(z.int(), z.minimum(1))));

/** POST /octo/bookings: a hold of the seats. */
export const octoReservationRequest = lazySchema(() =>
  z.object({
    uuid: z.optional(z.uuid()),
    productId: id,
    optionId: id,
    availabilityId: id,
    expirationMinutes,
    notes: optionalText(1000),
    // Missing or empty is OCTO's UNPROCESSABLE_ENTITY (said by the booking function), not BAD_REQUEST.
    unitItems: z.optional(unitItems),
    resellerReference: optionalText(100),
    contact: z.optional(octoContactInput),
    currency: z.optional(z.nullable(text(3))),
  }),
);
export type OctoReservationRequest = z.output<typeof octoReservationRequest>;

/** POST /octo/bookings/{uuid}/confirm. */
export const octoConfirmationRequest = lazySchema(() =>
  z.object({
    resellerReference: optionalText(100),
    contact: z.optional(octoContactInput),
    unitItems: z.optional(unitItems),
    emailReceipt: z.optional(z.boolean()),
    notes: optionalText(1000),
  }),
);
export type OctoConfirmationRequest = z.output<typeof octoConfirmationRequest>;

/** PATCH /octo/bookings/{uuid}: every field optional. */
export const octoUpdateRequest = lazySchema(() =>
  z.object({
    resellerReference: optionalText(100),
    productId: z.optional(id),
    optionId: z.optional(id),
    availabilityId: z.optional(id),
    expirationMinutes,
    notes: optionalText(1000),
    emailReceipt: z.optional(z.boolean()),
    unitItems: z.optional(unitItems),
    contact: z.optional(octoContactInput),
  }),
);
export type OctoUpdateRequest = z.output<typeof octoUpdateRequest>;

/** POST /octo/bookings/{uuid}/cancel. */
export const octoCancellationRequest = lazySchema(() =>
  z.object({
    reason: optionalText(500),
    force: z.optional(z.boolean()),
  }),
);
export type OctoCancellationRequest = z.output<typeof octoCancellationRequest>;

/** POST /octo/bookings/{uuid}/extend. */
export const octoExtendRequest = lazySchema(() => z.object({ expirationMinutes }));
export type OctoExtendRequest = z.output<typeof octoExtendRequest>;

/** GET /octo/bookings: by the reseller's reference, the agency's reference, or travel dates. */
export const octoBookingsQuery = lazySchema(() =>
  z.object({
    resellerReference: z.optional(text(100)),
    supplierReference: z.optional(text(100)),
    localDate: z.optional(isoDay),
    localDateStart: z.optional(isoDay),
    localDateEnd: z.optional(isoDay),
    productId: z.optional(id),
    optionId: z.optional(id),
  }),
);
export type OctoBookingsQuery = z.output<typeof octoBookingsQuery>;

export const octoUuidParams = lazySchema(() =>
  z.object({ uuid: z.string().check(z.maxLength(100)) }),
);
export const octoProductParams = lazySchema(() =>
  z.object({ id: z.string().check(z.maxLength(100)) }),
);
