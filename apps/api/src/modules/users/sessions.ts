import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { bumpVersion } from '../../lib/versions.ts';
import { type UserWithCompany, usersWithCompany } from './users.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues a bearer token for a user; only its hash is stored. */
export async function createSession(db: Executor, userId: string, ttlMinutes: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
  const [row] = await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session not created');
  return { token, sessionId: row.id, expiresAt };
}

/** The user of a request that passed `authenticate`, and the session it came with. */
export type AuthenticatedUser = UserWithCompany & { sessionId: string };

/** The user behind a token, if the token is known, not revoked and not expired; and until when. */
export async function findSession(
  db: Executor,
  token: string,
): Promise<(AuthenticatedUser & { sessionExpiresAt: Date }) | null> {
  const [row] = await usersWithCompany(db, {
    sessionId: sessions.id,
    sessionExpiresAt: sessions.expiresAt,
  })
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Ends a session (sign-out); every node's session cache lets it go within a second. */
export async function revokeSession(db: Database, sessionId: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    await bumpVersion(tx, 'sessions_version');
  });
}

/** Revokes every other live session of a user (after a password change), on every node within a second. */
export async function revokeOtherSessions(db: Executor, userId: string, keepSessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)),
    );
  await bumpVersion(db, 'sessions_version');
}

/** A staff session ends after 8 hours without use (issue 13); a customer's, at its fixed expiry. */
export const STAFF_IDLE_MINUTES = 8 * 60;

/**
 * Whether the user is the agency's staff (the back office's users). A guide (issue 32) is not:
 * the back office is 404 for them.
 */
export const isStaff = (user: { role: string }) => user.role === 'agent' || user.role === 'admin';

/** Whether the user is a guide (issue 32): the guide's app only. */
export const isGuide = (user: { role: string }) => user.role === 'guide';

/**
 * Moves a staff session's expiry to 8 hours from now: a write only when at least five minutes of
 * it were used, so a busy session costs one small update every five minutes.
 */
export async function extendStaffSession(db: Executor, sessionId: string) {
  await db
    .update(sessions)
    .set({ expiresAt: sql`now() + make_interval(mins => ${STAFF_IDLE_MINUTES})` })
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        sql`${sessions.expiresAt} < now() + make_interval(mins => ${STAFF_IDLE_MINUTES - 5})`,
      ),
    );
}
