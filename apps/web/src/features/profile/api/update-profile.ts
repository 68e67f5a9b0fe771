import {
  type ChangePasswordRequest,
  changePasswordResponse,
  type ProfileRequest,
  sessionUser,
} from '@cusco/shared';
import { api } from '../../../lib/api-client.ts';
import { useFormMutation } from '../../../lib/form-mutation.ts';
import { getSessionUser, updateSessionUser } from '../../../lib/session.ts';

/** PUT client/profile; the stored session takes the new name at once (the header shows it). */
export function useUpdateProfile() {
  return useFormMutation(
    (body: ProfileRequest) => api.put('client/profile', body, { schema: sessionUser }),
    { onSuccess: updateSessionUser },
  );
}

/** PUT client/changepassword. */
export function useChangePassword() {
  return useFormMutation((body: ChangePasswordRequest) =>
    api.put('client/changepassword', body, { schema: changePasswordResponse }),
  );
}

/**
 * PUT client/changepassword without a current password: a guest's first one (issue 28). The
 * stored session then knows the account has a password.
 */
export function useSetPassword() {
  return useFormMutation(
    (body: { password: string; confirm: string }) =>
      api.put('client/changepassword', body, { schema: changePasswordResponse }),
    {
      onSuccess: () => {
        const user = getSessionUser();
        if (user) updateSessionUser({ ...user, hasPassword: true });
      },
    },
  );
}
