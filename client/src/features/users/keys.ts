import type { UserType } from '@app/common';

/** One page of a user list: customers (admin/users) or one user type of all users (superadmin/allusers). */
export type UserListParams =
  | { scope: 'customers'; q: string; page: number; limit: number }
  | { scope: 'all'; userType: UserType; q: string; page: number; limit: number };

// Query keys of the users feature (house style 4.5.8). Every list sits under lists(), so one invalidation
// refreshes the admin list and all three superadmin lists after any change to a user.
export const usersKeys = {
  all: ['users'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...usersKeys.lists(), params] as const,
  imports: () => [...usersKeys.all, 'import'] as const,
  import: (importId: string) => [...usersKeys.imports(), importId] as const,
};
