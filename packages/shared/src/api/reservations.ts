import * as z from 'zod/mini';
import { bookingStatuses } from '../rules/booking-status.ts';
import { day } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';
import { paymentAttemptSummary } from './payments.ts';
import { passengerLockFields } from './purchases.ts';
import { bookingChannels } from './resellers.ts';

/**
 * Where a booking was made (issue 31): the site, the agency's desk, or a reseller's own system
 * through OCTO, with the reseller's reference for it (null for the others). The API always says;
 * optional for clients that predate them.
 */
export const channelFields = {
  channel: z.optional(z.enum(bookingChannels)),
  resellerReference: z.optional(z.nullable(z.string())),
};

/** GET tour/booking/list (spec §3 "Booking list item"); money in US dollars. */
export const bookingListItem = lazySchema(() =>
  z.object({
    /** The reservation code: the booking's public id. */
    id: z.string(),
    /** The reservation code (the spec calls it name). */
    name: z.string(),
    tourName: z.string(),
    tourCode: z.string(),
    travelDate: day,
    bookingDate: day,
    type: z.string(),
    idcategory: z.string(),
    category: z.string(),
    passangers: z.number().check(z.int()),
    total: z.number(),
    paid: z.number(),
    pending: z.number(),
    /**
     * A booking whose unpaid hold ended before its deposit was paid (or a refund left it unpaid):
     * its seats went back on sale (ADR 0035); it is paid again only while seats remain.
     */
    expired: z.boolean(),
    /** The booking's named status (ADR 0037). */
    status: z.enum(bookingStatuses),
    ...channelFields,
  }),
);
export type BookingListItem = z.infer<typeof bookingListItem>;
export const bookingList = lazySchema(() => z.array(bookingListItem));

export const bookingCodeParams = lazySchema(() =>
  z.object({
    code: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)),
  }),
);

const dated = { buyDate: day };

/** A line of the account: purchases and payments share this shape (spec "buy and payments"). */
export const ledgerLine = lazySchema(() =>
  z.object({
    ...dated,
    paymentMethod: z.string(),
    commission: z.number(),
    total: z.number(),
    /** What the line is, in the request's language. */
    description: z.string(),
  }),
);

export const extraLine = lazySchema(() =>
  z.object({ ...dated, name: z.string(), total: z.number() }),
);

/** One passenger slot (spec §3 "Passenger slot" and the detail's passangerRegistry). */
export const passengerRegistryItem = lazySchema(() =>
  z.object({
    number: z.number().check(z.int()),
    /** The slot id, for POST client/{slotId}/create. */
    id: z.string(),
    /** The customer type's name (e.g. Student). */
    type: z.string(),
    typeId: z.string(),
    /** The filled passenger, or null while the slot is empty. */
    clientId: z.nullable(z.string()),
    name: z.string(),
    /** Share of the passenger form's required data that is filled in, 0–100. */
    percentage: z.number().check(z.int(), z.minimum(0), z.maximum(100)),
    hasDocument: z.boolean(),
    /** Whom to call in an emergency (issue 29); null until told (the API always says). */
    emergencyContactName: z.optional(z.nullable(z.string())),
    emergencyContactPhone: z.optional(z.nullable(z.string())),
    /**
     * Issue 29: the fields a purchase in the passenger's name locks (names, nationality, birth date,
     * document number), why (the first kind bought) and since when; none while nothing is bought.
     */
    ...passengerLockFields,
  }),
);
export type PassengerRegistryItem = z.infer<typeof passengerRegistryItem>;

/** GET tour/booking/{code} (spec §3 "Booking detail"); money in US dollars. */
export const bookingDetail = lazySchema(() =>
  z.object({
    booking: z.object({
      name: z.string(),
      code: z.string(),
      tourCode: z.string(),
      tripDate: day,
      buyDate: day,
      type: z.string(),
      idcategory: z.string(),
      category: z.string(),
      debt: z.number(),
      observation: z.string(),
      /** Booked on credit by a corporate client: no payment is offered. */
      corporate: z.boolean(),
      paymentMode: z.enum(['T', 'P']),
      /** Its hold ended without its deposit paid: its seats went back on sale (ADR 0035). */
      expired: z.boolean(),
      /** The booking's named status (ADR 0037). */
      status: z.enum(bookingStatuses),
      /** Where the guide picks the travellers up (their hotel in Cusco); null until told. */
      pickupPlace: z._default(z.nullable(z.string()), null),
      ...channelFields,
      /**
       * The voucher's signed QR code (issue 32, rules/voucher-code.ts) once the voucher is ready
       * (nothing left to pay, or on credit), null before and for a cancelled booking.
       */
      voucherCode: z._default(z.nullable(z.string()), null),
    }),
    passanger: z.array(
      z.object({ type: z.string(), quantity: z.number().check(z.int()), total: z.number() }),
    ),
    includeServices: z.array(
      z.object({ number: z.number().check(z.int()), name: z.string(), observation: z.string() }),
    ),
    hotels: z.array(
      z.object({
        date: day,
        hotelroom: z.string(),
        cost: z.number(),
        amount: z.number().check(z.int()),
        nights: z.number().check(z.int()),
        total: z.number(),
      }),
    ),
    additionalServices: z.array(
      z.object({
        ...dated,
        id: z.string(),
        productName: z.string(),
        PRICE: z.number(),
        quantity: z.number().check(z.int()),
        total: z.number(),
      }),
    ),
    otherTours: z.array(
      z.object({
        ...dated,
        id: z.string(),
        productName: z.string(),
        price: z.number(),
        quantity: z.number().check(z.int()),
        total: z.number(),
      }),
    ),
    buy: z.array(ledgerLine),
    payments: z.array(ledgerLine),
    paymentExtra: z.object({ add: z.array(extraLine), substract: z.array(extraLine) }),
    /** The final balance table: purchases + additions − discounts − payments = debt. */
    balance: z.object({
      purchases: z.number(),
      payments: z.number(),
      discounts: z.number(),
      additions: z.number(),
      debt: z.number(),
    }),
    passangerRegistry: z.array(passengerRegistryItem),
    /** Payments in progress or to be refunded, and the newest attempt's outcome (paymentAttemptSummary). */
    paymentAttempts: z.array(paymentAttemptSummary),
    resume: z.array(
      z.object({ number: z.number().check(z.int()), tour: z.string(), observations: z.string() }),
    ),
  }),
);
export type BookingDetail = z.infer<typeof bookingDetail>;
