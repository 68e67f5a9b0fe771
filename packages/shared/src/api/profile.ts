import * as z from 'zod/mini';
import { existingPassword, password, phone } from './auth.ts';
import { MAX_LENGTH, requiredText } from './common.ts';
import { key, typedText } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/** PUT client/profile (spec §7: name, lastname, phone). */
export const profileRequest = lazySchema(() =>
  z.object({
    name: requiredText(MAX_LENGTH.text),
    lastname: requiredText(MAX_LENGTH.text),
    phone,
  }),
);
export type ProfileRequest = z.input<typeof profileRequest>;

/** The new password typed twice alike. */
const samePasswords = z.refine<{ password: string; confirm: string }>(
  (body) => body.password === body.confirm,
  {
    path: ['confirm'],
    error: key('passwordsDiffer'),
  },
);

/**
 * PUT client/changepassword (spec §7: current, password, confirm). `current` may be left out
 * only by an account without a password (a guest's first one, issue 28); the server decides.
 */
export const changePasswordRequest = lazySchema(() =>
  z
    .object({
      current: z.optional(existingPassword),
      password,
      confirm: typedText,
    })
    .check(samePasswords),
);
/** The profile's form for an account with a password: the current one is required. */
export const changePasswordForm = lazySchema(() =>
  z
    .object({
      current: existingPassword,
      password,
      confirm: typedText,
    })
    .check(samePasswords),
);
/** The profile's form for a guest's account, which has no password to give. */
export const setPasswordForm = lazySchema(() =>
  z.object({ password, confirm: typedText }).check(samePasswords),
);
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

export const changePasswordResponse = lazySchema(() => z.object({ result: z.literal(1) }));
