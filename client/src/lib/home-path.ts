import { HOME_BY_USER_TYPE, isUserType } from '@app/common';

/**
 * Spec §2 Login and §6: the home screen of a user type, or null for a type the portal does not know
 * (screens then show 'Unknown user type').
 */
export function homePathFor(userType: string): string | null {
  return isUserType(userType) ? HOME_BY_USER_TYPE[userType] : null;
}
