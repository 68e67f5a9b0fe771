import {
  type ForgotPasswordRequest,
  forgotPasswordResponse,
  type ResetPasswordRequest,
  resetPasswordResponse,
} from '@cusco/shared';
import { api } from '../api-client.ts';
import { useFormMutation } from '../form-mutation.ts';

/**
 * POST authentication/password/forgot (issue 15): the API answers the same whether or not an
 * account has the address; the link is e-mailed in the page's language.
 */
export function useForgotPassword() {
  return useFormMutation((body: ForgotPasswordRequest) =>
    api.post('authentication/password/forgot', body, { schema: forgotPasswordResponse }),
  );
}

/** POST authentication/password/reset: the link's token and the new password, twice. */
export function useResetPassword() {
  return useFormMutation((body: ResetPasswordRequest) =>
    api.post('authentication/password/reset', body, { schema: resetPasswordResponse }),
  );
}
