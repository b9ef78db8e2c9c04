import type { User } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { replaceUserInLists } from './user-lists-cache';

export type UpdateUserEmailVariables = { userId: string; email: string | null };

// PATCH /api/admin/users/:id { email: string | null } (admin: customers only; superadmin: anyone) - 200 the
// user; 400 VALIDATION_FAILED with details for `email` (contract "Delivery beyond the inbox"). null removes it.
export async function updateUserEmail({ userId, email }: UpdateUserEmailVariables): Promise<User> {
  const response = await apiClient.patch<User>(`/admin/users/${encodeURIComponent(userId)}`, { email });
  return response.data;
}

export function useUpdateUserEmail({ mutationConfig }: { mutationConfig?: MutationConfig<User, UpdateUserEmailVariables> } = {}) {
  return useApiMutation({
    mutationFn: updateUserEmail,
    onSuccess: (user, _variables, queryClient) => void replaceUserInLists(queryClient, user),
    mutationConfig,
  });
}
