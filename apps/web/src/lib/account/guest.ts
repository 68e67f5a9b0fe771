import {
  type GuestRequest,
  type LoginResponse,
  loginResponse,
  type SignInLinkRequest,
} from '@cusco/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { saveSession } from '../session.ts';

/**
 * POST authentication/guest (issue 28): "continue as a guest" makes an account without a password
 * and signs it in at once, answered as a sign-in; the session is stored.
 */
export function useGuestCheckout() {
  return useMutation({
    mutationFn: (body: GuestRequest): Promise<LoginResponse> =>
      api.post('authentication/guest', body, { schema: loginResponse }),
    onSuccess: (session) => saveSession(session.token, session.user, session.expiresAt),
    meta: { inlineErrors: true },
  });
}

/** POST authentication/link: a guest's e-mailed sign-in link (once, 7 days) for a session. */
export function useSignInLink() {
  return useMutation({
    mutationFn: (body: SignInLinkRequest): Promise<LoginResponse> =>
      api.post('authentication/link', body, { schema: loginResponse }),
    onSuccess: (session) => saveSession(session.token, session.user, session.expiresAt),
    meta: { inlineErrors: true },
  });
}
