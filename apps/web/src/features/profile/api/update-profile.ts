import {
  type ChangePasswordRequest,
  changePasswordResponse,
  type ProfileRequest,
  sessionUser,
} from '@cusco/shared';
import { api } from '../../../lib/api-client.ts';
import { useFormMutation } from '../../../lib/form-mutation.ts';
import { updateSessionUser } from '../../../lib/session.ts';

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
