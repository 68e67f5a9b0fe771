import { email as emailRule, password as passwordRule, type UserRole } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword, passwordProblem } from '../auth/passwords.ts';

export interface NewStaffMember {
  email: string;
  password: string;
  role: Exclude<UserRole, 'client'>;
  name: string;
  lastName: string;
  /** A guide's account (issue 32): the crew member it is; none for agents and administrators. */
  crewMemberId?: string | null;
}

/**
 * Creates a member of the agency's staff (`npm run admin:create`, and later staff management):
 * the e-mail and the password follow the customers' rules (the password neither common nor the
 * e-mail). Answers why not, in words for the terminal, or the new user's id.
 */
export async function createStaffMember(
  db: Executor,
  member: NewStaffMember,
): Promise<{ ok: true; id: string } | { ok: false; problem: string }> {
  const email = emailRule.safeParse(member.email);
  if (!email.success) return { ok: false, problem: 'That is not an e-mail address.' };
  const password = passwordRule.safeParse(member.password);
  if (!password.success) return { ok: false, problem: 'The password needs 8 to 128 characters.' };
  const weak = await passwordProblem(member.password, email.data);
  if (weak === 'passwordIsEmail') return { ok: false, problem: 'The password is the e-mail.' };
  if (weak) return { ok: false, problem: 'That password is too common: choose another.' };
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.data));
  if (taken) return { ok: false, problem: `There is already a user ${email.data}.` };
  const [created] = await db
    .insert(users)
    .values({
      email: email.data,
      passwordHash: await hashPassword(member.password),
      name: member.name,
      lastName: member.lastName,
      telephone: '',
      // The column serves customers' registrations; a staff account has no birth date to give.
      birthDate: '1970-01-01',
      countryId: 'PE',
      role: member.role,
      crewMemberId: member.crewMemberId ?? null,
    })
    .returning({ id: users.id });
  if (!created) return { ok: false, problem: 'The user could not be created.' };
  return { ok: true, id: created.id };
}
