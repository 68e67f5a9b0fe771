import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { type CacheLimits, WatchedMap } from '../../lib/versions.ts';
import { type AuthenticatedUser, findSession, hashToken } from './sessions.ts';

export interface SessionCacheOptions extends CacheLimits {
  /** How long a session found is trusted without being read again, whatever the version. */
  maxAgeMs?: number;
}

interface Held {
  user: AuthenticatedUser;
  /** The session's own expiry, or the end of `maxAgeMs`, whichever comes first. */
  until: number;
}

/**
 * The sessions of recent requests, so that a signed-in call does not read its session on every
 * request (that read was most of a cached call's cost). Only sessions found are held, keyed by
 * the token's hash; a missing or revoked token is always read again.
 *
 * - On this node, signing out, a password change and a profile change drop the user's sessions
 *   at once (`forgetUser`).
 * - Those changes also bump `sessions_version` in their transaction; every node reads it at most
 *   once a second and starts again when it moved: another node's sign-out holds for at most that.
 * - A session is held no longer than `maxAgeMs` and never past its expiry.
 */
export class SessionCache {
  private readonly held: WatchedMap<Held>;
  private readonly maxAgeMs: number;

  /**
   * @param read how a session is read from the database (tests hold it back to land a change
   *   while it reads)
   */
  constructor(
    private readonly db: Executor,
    log: FastifyBaseLogger,
    options: SessionCacheOptions = {},
    private readonly read: typeof findSession = findSession,
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 30_000;
    this.held = new WatchedMap(db, log, 'sessions_version', {
      ...options,
      maxEntries: options.maxEntries ?? 10_000,
    });
  }

  /** The user behind a bearer token, or null when the token is unknown, revoked or expired. */
  async find(token: string): Promise<AuthenticatedUser | null> {
    await this.held.ensureFresh();
    const key = hashToken(token);
    const held = this.held.get(key);
    if (held && held.until > Date.now()) return held.user;
    this.held.delete(key);
    // A session read while it was revoked (here or on another node, whose bump is seen meanwhile)
    // is answered as read but not held: held, it would be trusted for `maxAgeMs` after the change.
    const generation = this.held.generation;
    const found = await this.read(this.db, token);
    if (!found) return null;
    const { sessionExpiresAt, ...user } = found;
    if (this.held.generation === generation) {
      this.held.set(key, {
        user,
        until: Math.min(sessionExpiresAt.getTime(), Date.now() + this.maxAgeMs),
      });
    }
    return user;
  }

  /** Drops every session of a user held on this node (after a sign-out or a change of theirs). */
  forgetUser(userId: string) {
    this.held.drop((held) => held.user.userId === userId);
  }
}
