import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { clearSession } from '../session.ts';

/**
 * Signs off: the server revokes the token; whatever it answers, the browser forgets the session
 * and every cached answer (spec §4: logout clears storage and goes to /login).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post(`authentication/logout/${encodeURIComponent(userId)}`),
    onSettled: () => {
      clearSession('signedOff');
      queryClient.clear();
    },
    meta: { inlineErrors: true },
  });
}
