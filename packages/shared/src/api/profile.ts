import * as z from 'zod/mini';
import { existingPassword, password, phone } from './auth.ts';
import { MAX_LENGTH, requiredText } from './common.ts';
import { key, typedText } from './fields.ts';

/** PUT client/profile (spec §7: name, lastname, phone). */
export const profileRequest = z.object({
  name: requiredText(MAX_LENGTH.text),
  lastname: requiredText(MAX_LENGTH.text),
  phone,
});
export type ProfileRequest = z.input<typeof profileRequest>;

/** PUT client/changepassword (spec §7: current, password, confirm). */
export const changePasswordRequest = z
  .object({
    current: existingPassword,
    password,
    confirm: typedText,
  })
  .check(
    z.refine((body) => body.password === body.confirm, {
      path: ['confirm'],
      error: key('passwordsDiffer'),
    }),
  );
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

export const changePasswordResponse = z.object({ result: z.literal(1) });
