import * as z from 'zod/mini';
import { uuid } from './common.ts';
import { filledText, timestamp } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Resellers (issue 31): the corporate clients that book through OCTO with an API key, and where a
 * booking was made. Administrators make and revoke the keys and set each company's net price.
 */

/** Where a booking was made: the site, the agency's desk, or a reseller's system through OCTO. */
export const bookingChannels = ['site', 'desk', 'octo'] as const;
export type BookingChannel = (typeof bookingChannels)[number];

/** The most a reseller's discount off retail may be, in basis points (50 %). */
export const MAX_NET_DISCOUNT_BPS = 5000;
/** The requests a minute a new key may make, by default and at most. */
export const RESELLER_RATE_DEFAULT = 120;
export const RESELLER_RATE_MAX = 6000;

/** A reseller's key as the back office lists it: never the key itself. */
export const resellerKey = lazySchema(() =>
  z.object({
    id: z.string(),
    label: z.string(),
    /** The key's first characters, to tell keys apart. */
    prefix: z.string(),
    /** The company's user whose portal lists the key's bookings. */
    userId: z.string(),
    userName: z.string(),
    ratePerMinute: z.number(),
    createdAt: timestamp,
    lastUsedAt: z.nullable(timestamp),
    revokedAt: z.nullable(timestamp),
  }),
);
export type ResellerKey = z.infer<typeof resellerKey>;

/** GET admin/resellers: every corporate client, its users, its net price and its keys. */
export const reseller = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    taxId: z.nullable(z.string()),
    /** The discount off retail of its net prices, in basis points. */
    netDiscountBps: z.number(),
    users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
    keys: z.array(resellerKey),
    /** How many of its bookings were made through OCTO (any status). */
    octoBookings: z.number(),
  }),
);
export type Reseller = z.infer<typeof reseller>;
export const resellerList = lazySchema(() => z.array(reseller));

/** POST admin/resellers/{id}/keys: a new key for one of the company's users. */
export const resellerKeyRequest = lazySchema(() =>
  z.object({
    label: filledText('required', 100),
    userId: uuid,
    ratePerMinute: z.optional(
      z.number().check(z.int(), z.minimum(1), z.maximum(RESELLER_RATE_MAX)),
    ),
  }),
);
export type ResellerKeyRequest = z.input<typeof resellerKeyRequest>;

/** The new key, shown once: only its hash is kept. */
export const resellerKeyCreated = lazySchema(() =>
  z.object({
    ...resellerKey.shape,
    key: z.string(),
  }),
);
export type ResellerKeyCreated = z.infer<typeof resellerKeyCreated>;

/** PUT admin/resellers/{id}: the company's net price. */
export const resellerUpdateRequest = lazySchema(() =>
  z.object({
    netDiscountBps: z.number().check(z.int(), z.minimum(0), z.maximum(MAX_NET_DISCOUNT_BPS)),
  }),
);
export type ResellerUpdateRequest = z.input<typeof resellerUpdateRequest>;

export const resellerParams = lazySchema(() => z.object({ id: uuid }));
export const resellerKeyParams = lazySchema(() => z.object({ id: uuid, keyId: uuid }));
