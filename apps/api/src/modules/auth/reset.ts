import { randomBytes } from 'node:crypto';
import type { Language } from '@cusco/shared';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResets, sessions, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { bumpVersion } from '../../lib/versions.ts';
import { recordAudit } from '../audit/record.ts';
import { enqueueMail, passwordChangedMail } from '../outbox/outbox.ts';

import { hashToken } from '../users/sessions.ts';
import { hashPassword } from './passwords.ts';
import { checkNewPassword } from './service.ts';

/** A reset link works once, for 30 minutes. */
export const RESET_TTL_MINUTES = 30;
/** At most this many links an hour for one account, however many addresses ask. */
export const RESETS_PER_ACCOUNT_PER_HOUR = 3;

/**
 * "Forgot your password?": for an account with this e-mail, a single-use link valid 30 minutes
 * is made (only its hash kept), audited under the account, and e-mailed, in the language of the
 * page that asked. The caller answers the same whether or not the account exists; an account
 * that had 3 links within the hour gets no more (and the caller says the same). Requests per
 * address are rate limited by the route.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  language: Language,
): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return;
  await db.transaction(async (tx) => {
    // Requests for one account are counted one at a time.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [recent] = await tx
      .select({ count: count() })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, user.id),
          eq(passwordResets.purpose, 'reset'),
          gt(passwordResets.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if ((recent?.count ?? 0) >= RESETS_PER_ACCOUNT_PER_HOUR) return;
    const token = randomBytes(32).toString('base64url');
    const [reset] = await tx
      .insert(passwordResets)
      .values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: sql`now() + make_interval(mins => ${RESET_TTL_MINUTES})` as unknown as Date,
      })
      .returning({ id: passwordResets.id, expiresAt: passwordResets.expiresAt });
    if (!reset) throw new Error('the reset link was not made');
    await recordAudit(tx, {
      staffUserId: user.id,
      action: 'account.password_reset_requested',
      subjectId: reset.id,
      after: { expiresAt: reset.expiresAt.toISOString() },
    });
    // The token travels in the outbox row until it is sent, then is dropped from it.
    await enqueueMail(tx, {
      kind: 'password_reset',
      subjectId: reset.id,
      userId: user.id,
      language,
      data: { token },
    });
  });
}

/**
 * Sets a new password through a reset link: the link must be unused and under 30 minutes old
 * (422 otherwise), the password follows the rules; the link is used up, every other link of the
 * account too, every session is revoked, the reset is audited under the account, and "your
 * password was changed" is e-mailed, all in one transaction. Answers the account's id (the
 * caller drops its cached sessions).
 */
export async function resetPassword(
  db: Database,
  input: { token: string; password: string; language?: Language },
): Promise<{ userId: string }> {
  const tokenHash = hashToken(input.token);
  const [link] = await db
    .select({ userId: passwordResets.userId, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, tokenHash), eq(passwordResets.purpose, 'reset')));
  if (!link) throw new AppError('BUSINESS_RULE', 'resetLinkInvalid', { field: 'token' });
  await checkNewPassword(input.password, link.email);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // Used once: of two requests with one link, only the first finds it unused.
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          eq(passwordResets.purpose, 'reset'),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: passwordResets.id, userId: passwordResets.userId });
    if (!used) throw new AppError('BUSINESS_RULE', 'resetLinkInvalid', { field: 'token' });
    // Every other link of the account is used up too, a guest's sign-in links included: the
    // account has a password now (sign-in-link.ts).
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, used.userId))
      .returning({ at: users.updatedAt });
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, used.userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await bumpVersion(tx, 'sessions_version');
    await recordAudit(tx, {
      staffUserId: used.userId,
      action: 'account.password_reset',
      subjectId: used.id,
      after: { sessionsEnded: ended.length },
    });
    await enqueueMail(
      tx,
      passwordChangedMail(used.userId, changed?.at ?? new Date(), input.language),
    );
    return { userId: used.userId };
  });
}
