import * as z from 'zod/mini';
import { email, password } from './auth.ts';
import { pageQuery } from './common.ts';
import { key, timestamp, trimmedText, typedText } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/** E-mail (issue 15): what is sent, the back office's mailbox, and the password reset. */

/** Every kind of e-mail the product sends (one template each, in English and Spanish). */
export const mailKinds = [
  'welcome',
  'booking_confirmation',
  'receipt',
  'balance_reminder',
  'passenger_data_reminder',
  'request_answered',
  'password_changed',
  'password_reset',
  'booking_changed',
  'refund',
  'document_change',
  'sunat_receipt',
  'complaint_filed',
  'complaint_answered',
] as const;
export type MailKind = (typeof mailKinds)[number];

/** pending: to send (or to retry); sent; failed: given up after its attempts; skipped: no longer due. */
export const mailStatuses = ['pending', 'sent', 'failed', 'skipped'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** GET admin/mail: the outbox, newest first; `q` finds a recipient, a subject or a booking code. */
export const adminMailQuery = lazySchema(() =>
  z.extend(pageQuery, {
    kind: z.optional(z.enum(mailKinds)),
    status: z.optional(z.enum(mailStatuses)),
    q: z.optional(trimmedText(100)),
  }),
);
export type AdminMailQuery = z.input<typeof adminMailQuery>;

export const adminMailItem = lazySchema(() =>
  z.object({
    id: z.uuid(),
    kind: z.enum(mailKinds),
    status: z.enum(mailStatuses),
    /** The address it went (or goes) to; null until it is rendered. */
    recipient: z.nullable(z.string()),
    subject: z.nullable(z.string()),
    bookingCode: z.nullable(z.string()),
    attempts: z.number().check(z.int()),
    lastError: z.nullable(z.string()),
    /** smtp, or database: kept here instead of sent (the embedded default). */
    transport: z.nullable(z.string()),
    createdAt: timestamp,
    sentAt: z.nullable(timestamp),
    /** Whether the message itself is kept (the embedded transport): it can be opened. */
    kept: z.boolean(),
  }),
);
export type AdminMailItem = z.infer<typeof adminMailItem>;
export const adminMailList = lazySchema(() => z.array(adminMailItem));

export const adminMailParams = lazySchema(() =>
  z.object({ id: z.uuid({ error: key('notFound') }) }),
);
export const adminMailAttachmentParams = lazySchema(() =>
  z.extend(adminMailParams, {
    index: z.coerce.number().check(z.int(), z.minimum(0), z.maximum(20)),
  }),
);

/** GET admin/mail/{id}: one message as it would have been sent. */
export const adminMailMessage = lazySchema(() =>
  z.extend(adminMailItem, {
    subject: z.string(),
    from: z.string(),
    to: z.string(),
    text: z.string(),
    html: z.string(),
    attachments: z.array(
      z.object({
        index: z.number().check(z.int()),
        filename: z.string(),
        contentType: z.string(),
        size: z.number().check(z.int()),
      }),
    ),
  }),
);
export type AdminMailMessage = z.infer<typeof adminMailMessage>;

/** POST authentication/password/forgot: always the same answer, whether the account exists or not. */
export const forgotPasswordRequest = lazySchema(() => z.object({ email }));
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;
export const forgotPasswordResponse = lazySchema(() => z.object({ result: z.literal(1) }));

/** A reset link's token: 43 URL-safe characters (32 random bytes). */
export const resetToken = lazySchema(() =>
  z
    .string({ error: key('resetLinkInvalid') })
    .check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: key('resetLinkInvalid') })),
);

/** A guest's sign-in link's token (issue 28): 43 URL-safe characters, as a reset link's. */
export const signInLinkToken = lazySchema(() =>
  z
    .string({ error: key('signInLinkInvalid') })
    .check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: key('signInLinkInvalid') })),
);

/** POST authentication/link: a sign-in link exchanged for a session (answered as a sign-in). */
export const signInLinkRequest = lazySchema(() => z.object({ token: signInLinkToken }));
export type SignInLinkRequest = z.input<typeof signInLinkRequest>;

/** POST authentication/password/reset: the link's token and the new password, twice. */
export const resetPasswordRequest = lazySchema(() =>
  z.object({ token: resetToken, password, confirm: typedText }).check(
    z.refine((body) => body.password === body.confirm, {
      path: ['confirm'],
      error: key('passwordsDiffer'),
    }),
  ),
);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;
export const resetPasswordResponse = lazySchema(() => z.object({ result: z.literal(1) }));
