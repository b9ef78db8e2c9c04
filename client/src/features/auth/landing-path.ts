import { paths } from '../../config/paths';
import { homePathFor } from '../../lib/home-path';
import type { Session } from '../../lib/session';

/**
 * Where a signed-in user belongs (spec §4): /reset-password until they set their own password, then the
 * home of their type. null = unknown user type ('Unknown user type').
 */
export function landingPathFor(session: Session): string | null {
  if (!session.isPasswordReset) return paths.resetPassword.getHref();
  return homePathFor(session.userType);
}
