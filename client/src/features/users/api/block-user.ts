import type { User } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { replaceUserInLists } from './user-lists-cache';

export type BlockUserVariables = { userId: string; blocked: boolean };

// POST /api/superadmin/users/:id/block { blocked } (superadmin) - 200 the user; blocking ends their
// sessions (contract "API conventions"); 403 on oneself
export async function blockUser({ userId, blocked }: BlockUserVariables): Promise<User> {
  const response = await apiClient.post<User>(`/superadmin/users/${encodeURIComponent(userId)}/block`, { blocked });
  return response.data;
}

export function useBlockUser({ mutationConfig }: { mutationConfig?: MutationConfig<User, BlockUserVariables> } = {}) {
  return useApiMutation({
    mutationFn: blockUser,
    onSuccess: (user, _variables, queryClient) => void replaceUserInLists(queryClient, user),
    mutationConfig,
  });
}
