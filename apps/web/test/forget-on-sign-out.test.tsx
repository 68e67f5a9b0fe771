// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { returnPath } from '../src/config/paths.ts';
import { ForgetOnSignOut } from '../src/lib/queries/forget-on-sign-out.tsx';
import { clearSession, saveSession } from '../src/lib/session.ts';

const user = (id: string, email: string) => ({
  id,
  name: 'Ana',
  lastName: 'Quispe',
  email,
  corporateClientId: null,
  corporateClientName: null,
  telephone: '',
  role: 'client' as const,
});
const ana = user('6f1c2c0e-8f3a-4d8e-9d59-5b1d1f1e0a01', 'ana@example.com');
const luis = user('6f1c2c0e-8f3a-4d8e-9d59-5b1d1f1e0a02', 'luis@example.com');

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function mount() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['bookings'], ['CT-ANA001']);
  render(
    <QueryClientProvider client={queryClient}>
      <ForgetOnSignOut />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('ForgetOnSignOut', () => {
  it("forgets the previous customer's answers when the session ends", () => {
    saveSession('token-ana', ana);
    const queryClient = mount();
    expect(queryClient.getQueryData(['bookings'])).toEqual(['CT-ANA001']);
    act(() => clearSession('expired'));
    expect(queryClient.getQueryData(['bookings'])).toBeUndefined();
  });

  it('forgets them when another customer signs in, and keeps them at a first sign-in', () => {
    const queryClient = mount();
    act(() => saveSession('token-ana', ana));
    expect(queryClient.getQueryData(['bookings'])).toEqual(['CT-ANA001']);
    act(() => saveSession('token-luis', luis));
    expect(queryClient.getQueryData(['bookings'])).toBeUndefined();
  });
});

describe('returnPath', () => {
  it('returns only to a portal screen of this app', () => {
    expect(returnPath('/main/profile')).toBe('/main/profile');
    expect(returnPath('/main/booking/detail/CT-ABC123')).toBe('/main/booking/detail/CT-ABC123');
    expect(returnPath('/login')).toBeNull();
    expect(returnPath('https://evil.example/main/')).toBeNull();
    expect(returnPath('/main//evil.example')).toBeNull();
    expect(returnPath(null)).toBeNull();
  });
});
