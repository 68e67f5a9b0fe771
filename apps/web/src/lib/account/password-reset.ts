import {
  type ForgotPasswordRequest,
  forgotPasswordResponse,
  type ResetPasswordRequest,
  resetPasswordResponse,
} from '@cusco/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/**
 * POST authentication/password/forgot (issue 15): the API answers the same whether or not an
 * account has the address; the link is e-mailed in the page's language.
 */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      api.post('authentication/password/forgot', body, { schema: forgotPasswordResponse }),
    meta: { inlineErrors: true },
  });
}

/** POST authentication/password/reset: the link's token and the new password, twice. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      api.post('authentication/password/reset', body, { schema: resetPasswordResponse }),
    meta: { inlineErrors: true },
  });
}
