import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { useSession } from '../lib/session';

/**
 * Spec §2: every route but / needs a session; the client does not restrict routes by role. A user still on
 * someone else's password gets 403 from every API route but change-password, so they go to /reset-password.
 * Because this re-renders when the session changes, clearing it (logout, any 401) leaves for / at once.
 */
export function RequireSession() {
  const session = useSession();
  const { pathname } = useLocation();

  if (!session) return <Navigate to={paths.login.getHref()} replace />;
  if (!session.isPasswordReset && pathname !== paths.resetPassword.path) {
    return <Navigate to={paths.resetPassword.getHref()} replace />;
  }
  return <Outlet />;
}
