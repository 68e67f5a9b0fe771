import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSessionUser } from '../session.ts';

/**
 * When the session ends (signed off, expired, revoked, or signed off in another tab) or another
 * user signs in, everything read for the previous user is forgotten: no screen can show their
 * cached reservations or profile afterwards.
 */
export function ForgetOnSignOut() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const previous = useRef(user?.id ?? null);
  useEffect(() => {
    const current = user?.id ?? null;
    if (previous.current !== null && previous.current !== current) queryClient.clear();
    previous.current = current;
  }, [user, queryClient]);
  return null;
}
