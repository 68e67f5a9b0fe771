import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { SESSION_EXPIRED_PATH } from '../../lib/api-client.ts';
import { clearSession, sessionEndReason, useSessionUser } from '../../lib/session.ts';

/** Spec §2: without a stored session, storage is cleared and the user goes to login. */
export function RequireSession({ children }: { children: React.ReactNode }) {
  const user = useSessionUser();
  useEffect(() => {
    if (!user) clearSession(sessionEndReason());
  }, [user]);
  if (!user) {
    const expired = sessionEndReason() === 'expired';
    return <Navigate to={expired ? SESSION_EXPIRED_PATH : paths.login.href()} replace />;
  }
  return children;
}
