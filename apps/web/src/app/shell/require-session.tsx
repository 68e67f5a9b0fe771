import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { expiredLoginPath, paths } from '../../config/paths.ts';
import { clearSession, sessionEndReason, useSessionUser } from '../../lib/session.ts';

/** Spec §2: without a stored session, storage is cleared and the user goes to login. */
export function RequireSession({ children }: { children: React.ReactNode }) {
  const user = useSessionUser();
  const location = useLocation();
  useEffect(() => {
    if (!user) clearSession(sessionEndReason());
  }, [user]);
  if (!user) {
    const expired = sessionEndReason() === 'expired';
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={expired ? expiredLoginPath(from) : paths.login.href()} replace />;
  }
  return children;
}
