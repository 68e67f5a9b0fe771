// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPastDeleteAfter } from '../src/lib/offline/expiry.ts';
import { shouldPersistQuery } from '../src/lib/offline/persist.ts';
import {
  clearSession,
  getSessionUser,
  OFFLINE_OWNER_KEY,
  saveSession,
  sessionEndReason,
} from '../src/lib/session.ts';

const user = (id: string) => ({
  id,
  name: 'Rosa',
  lastName: 'Huamán',
  email: 'guide@example.com',
  corporateClientId: null,
  corporateClientName: null,
  telephone: '',
  role: 'guide' as const,
});
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the session locks the data kept offline (issue 32)', () => {
  it('a token whose expiresAt has passed is no session: the app shows the login, "expired"', () => {
    saveSession('t', user(A), new Date(Date.now() - 1000).toISOString());
    expect(getSessionUser()).toBeNull();
    expect(sessionEndReason()).toBe('expired');
    // The owner of the stored data stays: the same guide signing in again gets it back.
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBe(A);
  });

  it('a token still in time is the session', () => {
    saveSession('t', user(A), new Date(Date.now() + 60_000).toISOString());
    expect(getSessionUser()?.id).toBe(A);
  });

  it('signing off forgets whose data was kept; an expired session does not', () => {
    saveSession('t', user(A), new Date(Date.now() + 60_000).toISOString());
    clearSession('expired');
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBe(A);
    saveSession('t', user(A));
    clearSession('signedOff');
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBeNull();
  });

  it('another user signing in takes the data over (the previous user’s is wiped)', () => {
    saveSession('t', user(A));
    clearSession('expired');
    saveSession('u', user(B));
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBe(B);
  });
});

describe('why the session ended survives a reload of the tab', () => {
  it('a page reloaded just after its session was found revoked still says "expired"', async () => {
    saveSession('t', user(A));
    clearSession('expired');
    // A reload: the app's modules start afresh, the tab's storage stays.
    vi.resetModules();
    const reloaded = await import('../src/lib/session.ts');
    expect(reloaded.getSessionUser()).toBeNull();
    expect(reloaded.sessionEndReason()).toBe('expired');
  });

  it('signing in again forgets it', async () => {
    clearSession('signedOff');
    saveSession('t', user(A));
    vi.resetModules();
    const reloaded = await import('../src/lib/session.ts');
    expect(reloaded.sessionEndReason()).toBeNull();
  });
});

describe('what is kept offline', () => {
  it('a departure is dropped the day after its deleteAfter', () => {
    const departure = { deleteAfter: '2027-05-20' };
    expect(isPastDeleteAfter(departure, new Date(2027, 4, 20, 23, 0))).toBe(false);
    expect(isPastDeleteAfter(departure, new Date(2027, 4, 21, 0, 1))).toBe(true);
    expect(isPastDeleteAfter([departure])).toBe(false);
  });

  it('only successful queries marked offline, and none past its deleteAfter', () => {
    const client = new QueryClient();
    const build = (key: string, meta: object, data: unknown) => {
      client.setQueryData([key], data);
      const query = client.getQueryCache().find({ queryKey: [key] });
      if (!query) throw new Error('no query');
      query.options.meta = meta;
      return query;
    };
    expect(shouldPersistQuery(build('a', { offline: true }, { x: 1 }))).toBe(true);
    expect(shouldPersistQuery(build('b', {}, { x: 1 }))).toBe(false);
    expect(shouldPersistQuery(build('c', { offline: true }, { deleteAfter: '2001-01-01' }))).toBe(
      false,
    );
  });
});
