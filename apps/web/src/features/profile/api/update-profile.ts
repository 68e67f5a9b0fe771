import {
  type ChangePasswordRequest,
  changePasswordResponse,
  type ProfileRequest,
  sessionUser,
} from '@cusco/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateSessionUser } from '../../../lib/session.ts';

/** PUT client/profile; the stored session takes the new name at once (the header shows it). */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: ProfileRequest) => api.put('client/profile', body, { schema: sessionUser }),
    onSuccess: updateSessionUser,
    meta: { inlineErrors: true },
  });
}

/** PUT client/changepassword. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      api.put('client/changepassword', body, { schema: changePasswordResponse }),
    meta: { inlineErrors: true },
  });
}
