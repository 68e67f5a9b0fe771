import * as z from 'zod/mini';
import { email, password } from './auth.ts';
import { MAX_LENGTH, requiredText } from './common.ts';
import { timestamp } from './fields.ts';

/** Staff management (issue 13, administrators): the agency's agents and administrators. */

export const staffRoles = ['agent', 'admin'] as const;

/** POST admin/staff: a new member of the staff; the password follows the customers' rules. */
export const staffCreateRequest = z.object({
  email,
  name: requiredText(MAX_LENGTH.text),
  lastName: requiredText(MAX_LENGTH.text),
  role: z.enum(staffRoles),
  password,
});
export type StaffCreateRequest = z.input<typeof staffCreateRequest>;

export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  lastName: z.string(),
  role: z.enum(staffRoles),
  createdAt: timestamp,
});
export type StaffMember = z.infer<typeof staffMember>;
export const staffList = z.array(staffMember);
