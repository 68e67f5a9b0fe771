import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isGuide, loginPath, paths } from '../../config/paths.ts';
import { clearSession, sessionEndReason, useSessionUser } from '../../lib/session.ts';

/**
 * Spec §2: without a stored session, storage is cleared and the user goes to login, which keeps
 * the address asked for (an e-mail's link to a booking, a screen whose session ended) to go
 * there once signed in.
 */
export function RequireSession({ children }: { children: React.ReactNode }) {
  const user = useSessionUser();
  const location = useLocation();
  useEffect(() => {
    if (!user) clearSession(sessionEndReason());
  }, [user]);
  if (!user) {
    const reason = sessionEndReason();
    // Signed off on purpose: the next sign-in starts afresh, not on the screen left.
    const from = reason === 'signedOff' ? null : `${location.pathname}${location.search}`;
    return <Navigate to={loginPath({ next: from, expired: reason === 'expired' })} replace />;
  }
  // A guide has only the guide's app (issue 32): neither the portal nor the back office.
  if (isGuide(user) && !location.pathname.startsWith(paths.guide.href())) {
    return <Navigate to={paths.guide.href()} replace />;
  }
  return children;
}
