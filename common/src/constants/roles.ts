// Spec §1: the three user types.
export const USER_TYPES = ['customer', 'admin', 'superadmin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Spec §2 Login and §6: where each user type lands after sign-in. */
export const HOME_BY_USER_TYPE: Record<UserType, string> = {
  customer: '/user/shop',
  admin: '/admin-dashboard',
  superadmin: '/superadmin-dashboard',
};

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}
