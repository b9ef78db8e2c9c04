import type { Page, User } from '@app/common';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { usersKeys } from '../keys';

export type UsersPageParams = { q: string; page: number; limit: number };

// GET /api/admin/users?q&page&limit (admin, superadmin) - a page of customers { items, total, page, limit }.
// The page is always sent: with it the server searches and pages (contract "API conventions"); lists hold
// thousands of customers.
export async function getCustomers({ q, page, limit }: UsersPageParams, signal?: AbortSignal): Promise<Page<User>> {
  const response = await apiClient.get<Page<User>>('/admin/users', {
    params: { q: q || undefined, page, limit },
    signal,
  });
  return response.data;
}

export function customersQueryOptions(params: UsersPageParams) {
  return queryOptions({
    queryKey: usersKeys.list({ scope: 'customers', ...params }),
    queryFn: ({ signal }) => getCustomers(params, signal),
    // The table keeps showing the last page while the next search or page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
