import { type RegisterRequest, registerResponse } from '@cusco/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { saveSession } from '../session.ts';
import { login } from './login.ts';

export function register(body: RegisterRequest) {
  return api.post('authentication/client/register', body, { schema: registerResponse });
}

/** Registers a new customer, then signs them in (spec §2: register, then login). */
export function useRegisterAndLogin() {
  return useMutation({
    mutationFn: async (body: RegisterRequest) => {
      await register(body);
      return login({ username: body.email, password: body.password });
    },
    onSuccess: (session) => saveSession(session.token, session.user, session.expiresAt),
    meta: { inlineErrors: true },
  });
}
