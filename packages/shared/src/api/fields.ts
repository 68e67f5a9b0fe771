import * as z from 'zod/mini';
import type { MessageKey } from '../messages.ts';
import { isIsoDate } from '../rules/dates.ts';
import { lazySchema } from './lazy-schema.ts';

// zod/mini sets no locale of its own (classic zod set English when it built its first schema):
// the checks that name no catalogue key keep zod's English messages, as before.
if (!z.config().localeError) z.config(z.locales.en());

/** A message key, checked against the catalogue where a schema names it. */
export const key = (k: MessageKey) => k;

/** A required text kept as typed (never trimmed): refused with 'required' when missing or empty. */
export const typedText = lazySchema(() =>
  z.string({ error: key('required') }).check(z.minLength(1, { error: key('required') })),
);

/**
 * A required text: trimmed, refused with `message` when missing, not a string or empty, and at
 * most `max` characters (refused with `tooLong` when given, else with `message` too).
 */
export function filledText(message: MessageKey, max: number, tooLong?: MessageKey) {
  return z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, { error: message }),
      z.maxLength(max, tooLong && { error: tooLong }),
    );
}

/** A text that may be left empty: trimmed, at most `max` characters (refused with 'invalidInput'). */
export function trimmedText(max: number) {
  return z.string().check(z.trim(), z.maxLength(max, { error: key('invalidInput') }));
}

/** A day as YYYY-MM-DD that exists in the calendar (a filter's bound, a departure's date). */
export const isoDay = lazySchema(() =>
  z.string().check(z.maxLength(10), z.refine(isIsoDate, { error: key('invalidInput') })),
);

// Answer fields: what the API writes. Their formats are checked on every answer in development
// and tests, and they say so in the OpenAPI document.

/** An instant, as `Date.toISOString()` writes it: 2026-11-25T16:05:00.000Z. */
export const timestamp = lazySchema(() => z.iso.datetime());

/** A calendar day, as a date column holds it: 2026-11-25. */
export const day = lazySchema(() => z.iso.date());
