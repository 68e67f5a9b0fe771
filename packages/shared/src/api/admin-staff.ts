import * as z from 'zod/mini';
import { email, password } from './auth.ts';
import { MAX_LENGTH, requiredText, uuid } from './common.ts';
import { timestamp } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Staff management (issue 13, administrators): the agency's agents and administrators, and the
 * guides' accounts (issue 32), each the account of a person of the crew roster.
 */

export const staffRoles = ['agent', 'admin', 'guide'] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * POST admin/staff: a new member of the staff; the password follows the customers' rules. A
 * guide's account names the crew member it is (required for a guide, refused otherwise).
 */
export const staffCreateRequest = lazySchema(() =>
  z.object({
    email,
    name: requiredText(MAX_LENGTH.text),
    lastName: requiredText(MAX_LENGTH.text),
    role: z.enum(staffRoles),
    password,
    crewMemberId: z.optional(uuid),
  }),
);
export type StaffCreateRequest = z.input<typeof staffCreateRequest>;

export const staffMember = lazySchema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    lastName: z.string(),
    role: z.enum(staffRoles),
    /** A guide's crew member: id and name; null for agents and administrators. */
    crewMemberId: z._default(z.nullable(z.string()), null),
    crewMemberName: z._default(z.nullable(z.string()), null),
    createdAt: timestamp,
  }),
);
export type StaffMember = z.infer<typeof staffMember>;
export const staffList = lazySchema(() => z.array(staffMember));
