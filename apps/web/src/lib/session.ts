import { type SessionUser, sessionUser } from '@cusco/shared';
import { useSyncExternalStore } from 'react';

/** Spec §3: the stored session lives under `infoauth`, the token under `token`. */
export const SESSION_KEY = 'infoauth';
export const TOKEN_KEY = 'token';

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedUser: SessionUser | null = null;
/**
 * Why the last session ended: expired (the login screen says so), or signed off on purpose (the
 * login screen then does not offer to return to the screen left).
 */
export type SessionEnd = 'expired' | 'signedOff';
let endReason: SessionEnd | null = null;

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
  return localStorage.getItem(TOKEN_KEY) ? read() : null;
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function saveSession(token: string, user: SessionUser) {
  endReason = null;
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(SESSION_KEY, JSON.stringify(user));
  notify();
}

/** Replaces the stored user (after a profile change) and keeps the token. */
export function updateSessionUser(user: SessionUser) {
  localStorage.setItem(SESSION_KEY, JSON.stringify(user));
  notify();
}

/** Forgets the session (sign-off, expired token). The language setting stays. */
export function clearSession(reason: SessionEnd | null = null) {
  endReason = reason;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(SESSION_KEY);
  notify();
}

export function sessionEndReason() {
  return endReason;
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_KEY || event.key === TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in user, kept in step with local storage (also across tabs). */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, getSessionUser, () => null);
}
