import { type LoginRequest, type LoginResponse, loginResponse } from '@cusco/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { saveSession } from '../session.ts';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post('authentication/login', body, { schema: loginResponse });
}

/** Signs in and stores the session (spec §4: login stores token and user info). */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => saveSession(session.token, session.user, session.expiresAt),
    meta: { inlineErrors: true },
  });
}
