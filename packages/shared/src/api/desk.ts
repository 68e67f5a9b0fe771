import * as z from 'zod/mini';
import { guestRequest } from './auth.ts';
import { bookingRequest } from './booking.ts';
import { pageQuery, uuid } from './common.ts';
import { trimmedText } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * The agency's desk (issue 28, under /api/admin, staff only): staff find or create a customer
 * (a guest account is enough), book for them with the same seats and prices as the customer's
 * own booking page, and send them the booking's pay link.
 */

/** GET admin/customers: the customers whose name, e-mail or phone holds `q`. */
export const deskCustomerQuery = lazySchema(() =>
  z.extend(pageQuery, {
    q: z.optional(trimmedText(100)),
  }),
);
export type DeskCustomerQuery = z.output<typeof deskCustomerQuery>;

/** A customer as the desk finds them. */
export const deskCustomer = lazySchema(() =>
  z.object({
    id: z.uuid(),
    name: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    countryId: z.string(),
    /** Their company, for a corporate client's user (they book on credit for it). */
    corporate: z.nullable(z.string()),
    /** False for a guest's account (no password yet). */
    hasPassword: z.boolean(),
  }),
);
export type DeskCustomer = z.infer<typeof deskCustomer>;
export const deskCustomerList = lazySchema(() => z.array(deskCustomer));

/**
 * POST admin/customers: a walk-in or phone customer's guest account, and the language they read
 * (their e-mails', their bookings'; Spanish unless told, as the spec's rule).
 */
export const deskCustomerRequest = lazySchema(() =>
  z.extend(guestRequest, {
    language: z._default(z.enum(['es', 'en']), 'es'),
  }),
);
export type DeskCustomerRequest = z.input<typeof deskCustomerRequest>;
export type DeskCustomerRequestParsed = z.output<typeof deskCustomerRequest>;

/**
 * POST admin/bookings: a booking for a customer, the customer's own booking request (the same
 * figures, checked the same way) with whose it is.
 */
export const deskBookingRequest = lazySchema(() =>
  z.object({
    customerId: uuid,
    booking: bookingRequest,
  }),
);
export type DeskBookingRequest = z.input<typeof deskBookingRequest>;

/** POST admin/bookings/{code}/pay-link: the e-mail with the booking's pay link, queued. */
export const payLinkAnswer = lazySchema(() =>
  z.object({
    /** The address it goes to. */
    email: z.string(),
    /** What it asks for (dollars). */
    debt: z.number(),
  }),
);
export type PayLinkAnswer = z.infer<typeof payLinkAnswer>;
