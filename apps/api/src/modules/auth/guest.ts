import type { guestRequest, Language, LoginResponse } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { countries, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import { createSession } from '../users/sessions.ts';
import { sessionUser } from './service.ts';

type Guest = z.output<typeof guestRequest>;

/**
 * Creates a guest's account (issue 28): a customer without a password or a birth date, made at
 * checkout ("continue as a guest") or by the agency's staff for a walk-in or phone customer. Its
 * owner signs in with a link from the e-mails and may set a password later.
 *
 * Runs inside the caller's transaction (`tx`), so that the account and what it was made for
 * (a booking, a welcome) land together. A taken e-mail is a 409 on `email`, as at sign-up
 * (docs/security.md): a guest never gets into an existing account by typing its e-mail. The
 * unique key decides between two racing requests; the caller maps its violation with
 * `isUniqueViolation` if it wants the same 409.
 */
export async function createGuestAccount(
  tx: Executor,
  input: Guest,
  language: Language,
): Promise<{ id: string }> {
  const [country] = await tx
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.id, input.countryId.toUpperCase()));
  if (!country) throw new AppError('VALIDATION', 'unknownCountry', { field: 'countryId' });
  const existing = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email));
  if (existing.length > 0) throw new AppError('CONFLICT', 'emailTaken', { field: 'email' });
  const [row] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash: null,
      name: input.name,
      lastName: input.lastname,
      telephone: input.mobile,
      birthDate: null,
      countryId: country.id,
      language,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('guest account not created');
  return { id: row.id };
}

/**
 * "Continue as a guest" at checkout (issue 28): creates the guest's account, writes its welcome
 * e-mail (the guest's variant: no password to remember, how to sign in again) and opens a
 * session, all in one transaction, and answers as a sign-in does. A taken e-mail is the 409 of
 * sign-up, even when two requests race for it: the form offers to sign in or to get a link.
 */
export async function checkoutAsGuest(
  db: Database,
  input: Guest,
  language: Language,
  policy: { tokenTtlMinutes: number },
): Promise<LoginResponse> {
  try {
    return await db.transaction(async (tx) => {
      const { id } = await createGuestAccount(tx, input, language);
      await enqueueMail(tx, { kind: 'welcome', subjectId: id, userId: id, data: { guest: true } });
      const session = await createSession(tx, id, policy.tokenTtlMinutes);
      return {
        result: 1 as const,
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
        user: await sessionUser(tx, id),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'emailTaken', { field: 'email' });
    throw error;
  }
}
