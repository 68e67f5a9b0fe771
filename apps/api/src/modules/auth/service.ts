import type { LoginResponse, registerRequest, SessionUser } from '@cusco/shared';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { corporateClients, countries, loginFailures, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { type AuthenticatedUser, createSession } from './sessions.ts';

type Registration = z.output<typeof registerRequest>;

/** Creates a customer account. The e-mail is unique: a second account gets 409. */
export async function registerClient(db: Executor, input: Registration): Promise<{ id: string }> {
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

  try {
    const [row] = await db
      .insert(users)
      .values({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        name: input.name,
        lastName: input.lastname,
        telephone: input.mobile,
        birthDate: input.birthdate,
        countryId: country.id,
        isPassenger: input.isPassanger,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('user not created');
    return { id: row.id };
  } catch (error) {
    // Two sign-ups racing for the same e-mail: the unique key decides.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'emailTaken', { field: 'email' });
    throw error;
  }
}

export interface LoginPolicy {
  tokenTtlMinutes: number;
  maxFailures: number;
  windowMinutes: number;
}

/**
 * Signs a user in. An unknown e-mail and a wrong password get the same answer, after the same
 * work; an address with too many recent failures is refused (429) before any password is checked.
 */
export async function login(
  db: Executor,
  input: { username: string; password: string; ip: string },
  policy: LoginPolicy,
): Promise<LoginResponse> {
  const windowStart = sql`now() - make_interval(mins => ${policy.windowMinutes})`;
  const [failures] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, input.ip), gt(loginFailures.createdAt, windowStart)));
  if ((failures?.n ?? 0) >= policy.maxFailures) {
    throw new AppError('TOO_MANY_REQUESTS', 'tooManyAttempts', {
      params: { minutes: policy.windowMinutes },
      headers: { 'retry-after': String(policy.windowMinutes * 60) },
    });
  }

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, input.username));
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !valid) {
    await db.insert(loginFailures).values({ ip: input.ip, email: input.username });
    // Old failures no longer count; drop them while we are here.
    await db
      .delete(loginFailures)
      .where(
        lt(loginFailures.createdAt, sql`now() - make_interval(mins => ${policy.windowMinutes})`),
      );
    throw new AppError('UNAUTHENTICATED', 'invalidCredentials');
  }

  await db.delete(loginFailures).where(eq(loginFailures.ip, input.ip));
  const session = await createSession(db, user.id, policy.tokenTtlMinutes);
  return {
    result: 1,
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: await sessionUser(db, user.id),
  };
}

/** What the web app stores as the session (spec §3 "Stored session"). */
export async function sessionUser(db: Executor, userId: string): Promise<SessionUser> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      email: users.email,
      corporateClientId: users.corporateClientId,
      corporateClientName: corporateClients.name,
      telephone: users.telephone,
    })
    .from(users)
    .leftJoin(corporateClients, eq(corporateClients.id, users.corporateClientId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND', 'notFound');
  return row;
}

export function toSessionUser(user: AuthenticatedUser): SessionUser {
  return {
    id: user.userId,
    name: user.name,
    lastName: user.lastName,
    email: user.email,
    corporateClientId: user.corporateClientId,
    corporateClientName: user.corporateClientName,
    telephone: user.telephone,
  };
}
