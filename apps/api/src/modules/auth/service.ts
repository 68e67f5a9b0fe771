import {
  GUIDE_SESSION_DAYS,
  type Language,
  type LoginResponse,
  type registerRequest,
  type SessionUser,
} from '@cusco/shared';
import { eq, sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { countries, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import { createSession, isGuide, isStaff, STAFF_IDLE_MINUTES } from '../users/sessions.ts';
import { usersWithCompany } from '../users/users.ts';
import {
  decoyHash,
  hashPassword,
  needsRehash,
  passwordProblem,
  verifyPassword,
} from './passwords.ts';
import {
  claimPasswordAttempt,
  forgetOldFailures,
  passwordAttemptSucceeded,
  type ThrottlePolicy,
} from './throttle.ts';

type Registration = z.output<typeof registerRequest>;

/**
 * Refuses a new password that is one of the most common ones or the account's e-mail (400 on
 * `field`), beyond the schema's length rules.
 */
export async function checkNewPassword(password: string, email: string, field = 'password') {
  const problem = await passwordProblem(password, email);
  if (problem) throw new AppError('VALIDATION', problem, { field });
}

/**
 * Creates a customer account, in the language of the page it was made on, and writes its welcome
 * e-mail in the same transaction. The e-mail is unique: a second account gets 409 (the sign-up
 * form says "sign in instead"; docs/security.md says why this is kept, and the route is rate
 * limited per address).
 */
export async function registerClient(
  db: Database,
  input: Registration,
  language: Language = 'en',
): Promise<{ id: string }> {
  await checkNewPassword(input.password, input.email);
  const [country] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.id, input.countryId.toUpperCase()));
  if (!country) throw new AppError('VALIDATION', 'unknownCountry', { field: 'countryId' });

  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email));
  if (existing.length > 0) throw new AppError('CONFLICT', 'emailTaken', { field: 'email' });

  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          name: input.name,
          lastName: input.lastname,
          telephone: input.mobile,
          birthDate: input.birthdate,
          countryId: country.id,
          isPassenger: input.isPassanger,
          language,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user not created');
      await enqueueMail(tx, { kind: 'welcome', subjectId: row.id, userId: row.id });
      return { id: row.id };
    });
  } catch (error) {
    // Two sign-ups racing for the same e-mail: the unique key decides.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'emailTaken', { field: 'email' });
    throw error;
  }
}

export interface LoginPolicy extends ThrottlePolicy {
  tokenTtlMinutes: number;
}

/**
 * Signs a user in. An unknown e-mail and a wrong password get the same answer, after the same
 * work. Every attempt is claimed first against the account's and the address's failures
 * (throttle.ts), so a locked account or address is refused (429) before any password is
 * checked. A hash made with older parameters is replaced after a successful sign-in.
 */
export async function login(
  db: Executor,
  input: { username: string; password: string; ip: string },
  policy: LoginPolicy,
): Promise<LoginResponse> {
  const attempt = { email: input.username, ip: input.ip };
  await claimPasswordAttempt(db, attempt, policy);

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, role: users.role })
    .from(users)
    .where(eq(users.email, input.username));
  // A guest's account (no password yet) costs the same work and gets the same answer.
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user?.passwordHash || !valid) {
    await forgetOldFailures(db, policy.windowMinutes);
    throw new AppError('UNAUTHENTICATED', 'invalidCredentials');
  }

  await passwordAttemptSucceeded(db, attempt, policy);
  if (needsRehash(user.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
  }
  // Staff sessions last while they are used (8 hours idle); a guide's lasts GUIDE_SESSION_DAYS (a
  // trek without signal, and the way back: issue 32); customers keep the configured TTL.
  const ttlMinutes = isStaff(user)
    ? STAFF_IDLE_MINUTES
    : isGuide(user)
      ? GUIDE_SESSION_DAYS * 24 * 60
      : policy.tokenTtlMinutes;
  const session = await createSession(db, user.id, ttlMinutes);
  return {
    result: 1,
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: await sessionUser(db, user.id),
  };
}

/** What the web app stores as the session (spec §3 "Stored session"). */
export async function sessionUser(db: Executor, userId: string): Promise<SessionUser> {
  const [row] = await usersWithCompany(db, {
    hasPassword: sql<boolean>`${users.passwordHash} is not null`.as('has_password'),
  }).where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND', 'notFound');
  const { userId: id, ...rest } = row;
  return { id, ...rest };
}
