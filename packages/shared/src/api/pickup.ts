import * as z from 'zod/mini';
import { key } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Where the guide picks the travellers up (issue 28): the customer's hotel in Cusco, set by the
 * customer (PUT tour/booking/{code}/pickup) or by staff (PUT admin/bookings/{code}/pickup).
 */

export const PICKUP_PLACE_MAX_LENGTH = 200;

/** PUT …/pickup: the place, trimmed; empty (or null) clears it. */
export const pickupRequest = lazySchema(() =>
  z.object({
    pickupPlace: z.pipe(
      z.nullable(
        z
          .string({ error: key('invalidInput') })
          .check(
            z.trim(),
            z.maxLength(PICKUP_PLACE_MAX_LENGTH, { error: key('pickupPlaceTooLong') }),
          ),
      ),
      z.transform((value: string | null) => (value ? value : null)),
    ),
  }),
);
export type PickupRequest = z.input<typeof pickupRequest>;

/** The booking's pickup place after the change (null: none told). */
export const pickupAnswer = lazySchema(() =>
  z.object({
    code: z.string(),
    pickupPlace: z.nullable(z.string()),
  }),
);
export type PickupAnswer = z.infer<typeof pickupAnswer>;
