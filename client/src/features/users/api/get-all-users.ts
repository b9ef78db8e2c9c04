import type { Page, User, UserType } from '@app/common';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { usersKeys } from '../keys';
import type { UsersPageParams } from './get-customers';

export type AllUsersPageParams = UsersPageParams & { userType: UserType };

// GET /api/superadmin/allusers?q&page&limit&userType (superadmin) - a page of one user type
// { items, total, page, limit }; each of the dashboard's three lists asks for its own type.
export async function getAllUsers({ q, page, limit, userType }: AllUsersPageParams, signal?: AbortSignal): Promise<Page<User>> {
  const response = await apiClient.get<Page<User>>('/superadmin/allusers', {
    params: { q: q || undefined, page, limit, userType },
    signal,
  });
  return response.data;
}

export function allUsersQueryOptions(params: AllUsersPageParams) {
  return queryOptions({
    queryKey: usersKeys.list({ scope: 'all', ...params }),
    queryFn: ({ signal }) => getAllUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}
