import * as z from 'zod/mini';
import { day, filledText, key } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/** The body of every error answer of the API. */
export const errorBody = lazySchema(() =>
  z.object({
    statusCode: z.number().check(z.int()),
    code: z.string(),
    error: z.string(),
    message: z.string(),
    field: z.optional(z.string()),
    issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
    details: z.optional(z.record(z.string(), z.unknown())),
  }),
);
export type ErrorBody = z.infer<typeof errorBody>;

/** A value/label pair, as the spec's option items (types, statuses, countries). */
export const option = lazySchema(() => z.object({ value: z.string(), label: z.string() }));
export type Option = z.infer<typeof option>;

/** An id/name pair, as the spec's other option items (document types, jobs, sex...). */
export const namedItem = lazySchema(() => z.object({ id: z.string(), name: z.string() }));
export type NamedItem = z.infer<typeof namedItem>;

/** Whose a booking is, as the back office lists it: the customer's full name and e-mail. */
export const customerFields = { customerName: z.string(), customerEmail: z.string() };

/** A tour as the back office names it: its code, and its name in the caller's language. */
export const tourFields = { tourCode: z.string(), tour: z.string() };

/** A departure as the back office names it: the tour, and the date. */
export const departureFields = { ...tourFields, date: day };

export const uuid = lazySchema(() => z.uuid({ error: key('invalidInput') }));

/**
 * The longest text each kind of field takes: the schemas check it and the forms' inputs stop
 * there (`maxLength`), so the two cannot disagree.
 */
export const MAX_LENGTH = {
  /** Names, e-mails, document numbers and other short texts (spec §5: 50). */
  text: 50,
  phone: 20,
  incidentName: 100,
  incidentDescription: 2000,
  /** Quantities and counts are typed as at most two digits (up to 99). */
  quantity: 2,
} as const;

/** A required text field of at most `max` characters, trimmed. */
export function requiredText(max: typeof MAX_LENGTH.text | typeof MAX_LENGTH.phone) {
  return filledText('required', max, max === MAX_LENGTH.text ? 'tooLong50' : 'tooLong20');
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/**
 * `?page=&pageSize=` of the list calls: pages of at most 100 items (50 unless asked). The answer
 * is still the list itself; `X-Total-Count` says how many items there are in all.
 */
export const pageQuery = lazySchema(() =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
    pageSize: z._default(
      z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE)),
      DEFAULT_PAGE_SIZE,
    ),
  }),
);
export type PageQuery = z.output<typeof pageQuery>;
