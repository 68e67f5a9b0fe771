import type { ChangePasswordRequest, ProfileRequest, SessionUser } from '@cusco/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { bumpVersion } from '../../lib/versions.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { checkNewPassword, sessionUser } from '../auth/service.ts';
import {
  claimPasswordAttempt,
  passwordAttemptSucceeded,
  type ThrottlePolicy,
} from '../auth/throttle.ts';
import { enqueueMail, passwordChangedMail } from '../outbox/outbox.ts';
import { type AuthenticatedUser, revokeOtherSessions } from '../users/sessions.ts';

/** PUT client/profile: name, last name and telephone; answers the session's new user info. */
export async function updateProfile(
  db: Database,
  user: AuthenticatedUser,
  input: ProfileRequest,
): Promise<SessionUser> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        name: input.name,
        lastName: input.lastname,
        telephone: input.phone,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.userId));
    // Other nodes hold this user's sessions with the old name: they read them again.
    await bumpVersion(tx, 'sessions_version');
  });
  return sessionUser(db, user.userId);
}

/**
 * PUT client/changepassword: checks the current password, stores the new one, and ends every
 * other session of the user (a stolen token stops working); this session stays signed in.
 */
export async function changePassword(
  db: Database,
  user: AuthenticatedUser,
  input: ChangePasswordRequest,
  throttle: ThrottlePolicy & { ip: string },
) {
  await checkNewPassword(input.password, user.email);
  // The current password is guessed as a sign-in is: the same account's throttle applies.
  const attempt = { email: user.email, ip: throttle.ip };
  await claimPasswordAttempt(db, attempt, throttle);
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.userId));
  // A guest's account has no password yet: its first one needs no current one (the session is
  // the proof, as it is for the rest of the account).
  const firstPassword = row !== undefined && row.passwordHash === null;
  if (
    !row ||
    (!firstPassword && !(await verifyPassword(input.current ?? '', row.passwordHash ?? '')))
  ) {
    throw new AppError('BUSINESS_RULE', 'wrongCurrentPassword', { field: 'current' });
  }
  await passwordAttemptSucceeded(db, attempt, throttle);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Only over the password that was checked: a first password set meanwhile by another
    // request (another session of the guest) is not replaced without the current one.
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(
        and(
          eq(users.id, user.userId),
          row.passwordHash === null
            ? isNull(users.passwordHash)
            : eq(users.passwordHash, row.passwordHash),
        ),
      )
      .returning({ at: users.updatedAt });
    if (!changed) throw new AppError('BUSINESS_RULE', 'wrongCurrentPassword', { field: 'current' });
    await revokeOtherSessions(tx, user.userId, user.sessionId);
    await enqueueMail(tx, passwordChangedMail(user.userId, changed.at));
  });
  return { result: 1 as const };
}
