import { type SessionUser, sessionUser } from '@cusco/shared';
import { useSyncExternalStore } from 'react';

/** Spec §3: the stored session lives under `infoauth`, the token under `token`. */
export const SESSION_KEY = 'infoauth';
export const TOKEN_KEY = 'token';
/** When the token expires (the login answer's expiresAt); past it the app locks (issue 32). */
export const EXPIRES_KEY = 'token-expires';
/**
 * Whose data is stored for offline use on this device (issue 32): kept after the session expires
 * (the app locks, and shows it again only when the same user signs in), wiped at sign-out and
 * when another user signs in.
 */
export const OFFLINE_OWNER_KEY = 'offline-owner';

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedUser: SessionUser | null = null;
/**
 * Why the last session ended: expired (the login screen says so), or signed off on purpose (the
 * login screen then does not offer to return to the screen left).
 */
export type SessionEnd = 'expired' | 'signedOff';
/**
 * Kept for the tab (sessionStorage), not in memory: a page that noticed its session ended and is
 * reloaded at once still tells the login screen why.
 */
const END_KEY = 'session-end';

function storedEnd(): SessionEnd | null {
  const reason = sessionStorage.getItem(END_KEY);
  return reason === 'expired' || reason === 'signedOff' ? reason : null;
}

function read(): SessionUser | null {
  const raw = localStorage.getItem(SESSION_KEY);
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  try {
    cachedUser = raw ? sessionUser.parse(JSON.parse(raw)) : null;
  } catch {
    cachedUser = null;
  }
  return cachedUser;
}

function notify() {
  for (const listener of listeners) listener();
}

export function getSessionUser(): SessionUser | null {
  if (!localStorage.getItem(TOKEN_KEY) || isExpired()) return null;
  return read();
}

/** Whether the stored token's time is over (a guide's phone on the trail has no server to ask). */
function isExpired(now = Date.now()): boolean {
  const expiresAt = Date.parse(localStorage.getItem(EXPIRES_KEY) ?? '');
  return Number.isFinite(expiresAt) && expiresAt <= now;
}

/** Deletes everything kept for offline use on this device (loaded only when there is some). */
function wipeOffline() {
  localStorage.removeItem(OFFLINE_OWNER_KEY);
  void import('./offline/store.ts').then((store) => store.wipeOfflineData()).catch(() => undefined);
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function saveSession(token: string, user: SessionUser, expiresAt?: string) {
  sessionStorage.removeItem(END_KEY);
  const owner = localStorage.getItem(OFFLINE_OWNER_KEY);
  if (owner && owner !== user.id) wipeOffline();
  localStorage.setItem(OFFLINE_OWNER_KEY, user.id);
  if (expiresAt) localStorage.setItem(EXPIRES_KEY, expiresAt);
  else localStorage.removeItem(EXPIRES_KEY);
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(SESSION_KEY, JSON.stringify(user));
  notify();
}

/** Replaces the stored user (after a profile change) and keeps the token. */
export function updateSessionUser(user: SessionUser) {
  localStorage.setItem(SESSION_KEY, JSON.stringify(user));
  notify();
}

/**
 * Forgets the session (sign-off, expired token). The language setting stays. Signing off also
 * deletes the data kept for offline use; an expired session keeps it, locked, for the same user.
 */
export function clearSession(reason: SessionEnd | null = null) {
  if (reason) sessionStorage.setItem(END_KEY, reason);
  else sessionStorage.removeItem(END_KEY);
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(EXPIRES_KEY);
  if (reason === 'signedOff') wipeOffline();
  notify();
}

/** Why the session ended; a stored token whose time is over counts as expired. */
export function sessionEndReason(): SessionEnd | null {
  const reason = storedEnd();
  if (reason === null && localStorage.getItem(TOKEN_KEY) && isExpired()) return 'expired';
  return reason;
}

/** Checks now and then whether the token's time is over, to lock a running app. */
let expiryTimer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: Listener) {
  listeners.add(listener);
  expiryTimer ??= setInterval(() => {
    if (localStorage.getItem(TOKEN_KEY) && isExpired()) notify();
  }, 30_000);
  const onStorage = (event: StorageEvent) => {
    if (
      event.key === null ||
      event.key === SESSION_KEY ||
      event.key === TOKEN_KEY ||
      event.key === EXPIRES_KEY
    )
      listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    if (listeners.size === 0) {
      clearInterval(expiryTimer);
      expiryTimer = undefined;
    }
  };
}

/** The signed-in user, kept in step with local storage (also across tabs). */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, getSessionUser, () => null);
}
