import { randomBytes } from 'node:crypto';
import type { LoginResponse } from '@cusco/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import { createSession, hashToken } from '../users/sessions.ts';
import { sessionUser } from './service.ts';

/**
 * A sign-in link works once, for 7 days (ADR 0039): it travels in a booking's confirmation, which
 * a guest may open days later, on another device, when they want to pay the balance or add
 * their passengers' data; a reset link's 30 minutes would leave most of them locked out.
 */
export const SIGN_IN_LINK_TTL_DAYS = 7;

/**
 * Makes a single-use sign-in link for an account without a password (a guest's), for the
 * e-mails written to it: only the token's hash is kept (password_resets, purpose `sign_in`),
 * audited under the account. An account with a password gets none (null): it signs in with it.
 */
export async function issueSignInLink(
  db: Executor,
  userId: string,
): Promise<{ token: string; expiresAt: Date } | null> {
  const [account] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!account || account.passwordHash !== null) return null;
  const token = randomBytes(32).toString('base64url');
  const [link] = await db
    .insert(passwordResets)
    .values({
      userId,
      tokenHash: hashToken(token),
      purpose: 'sign_in',
      expiresAt: sql`now() + make_interval(days => ${SIGN_IN_LINK_TTL_DAYS})` as unknown as Date,
    })
    .returning({ id: passwordResets.id, expiresAt: passwordResets.expiresAt });
  if (!link) throw new Error('the sign-in link was not made');
  await recordAudit(db, {
    staffUserId: userId,
    action: 'account.sign_in_link_issued',
    subjectId: link.id,
    after: { expiresAt: link.expiresAt.toISOString() },
  });
  return { token, expiresAt: link.expiresAt };
}

/**
 * Exchanges a sign-in link for a session, as a sign-in would answer. The link must be a sign-in
 * link, unused and unexpired, of an account that still has no password (one that set a password
 * since signs in with it); anything else is the same 422 on `token`, whatever the reason. Of two
 * requests with one link, only the first gets a session.
 */
export async function signInWithLink(
  db: Executor,
  token: string,
  policy: { tokenTtlMinutes: number },
): Promise<LoginResponse> {
  const [used] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        eq(passwordResets.purpose, 'sign_in'),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
        sql`exists (select 1 from ${users} where ${users.id} = ${passwordResets.userId} and ${users.passwordHash} is null)`,
      ),
    )
    .returning({ id: passwordResets.id, userId: passwordResets.userId });
  if (!used) throw new AppError('BUSINESS_RULE', 'signInLinkInvalid', { field: 'token' });
  await recordAudit(db, {
    staffUserId: used.userId,
    action: 'account.signed_in_with_link',
    subjectId: used.id,
  });
  const session = await createSession(db, used.userId, policy.tokenTtlMinutes);
  return {
    result: 1,
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: await sessionUser(db, used.userId),
  };
}
