import type { User } from '@app/common';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { replaceUserInLists } from './user-lists-cache';

export type BlockUserVariables = { userId: string; blocked: boolean };

// POST /api/superadmin/users/:id/block { blocked } (superadmin) - 200 the user; blocking ends their
// sessions (contract "API conventions"); 403 on oneself
export async function blockUser({ userId, blocked }: BlockUserVariables): Promise<User> {
  const response = await apiClient.post<User>(`/superadmin/users/${encodeURIComponent(userId)}/block`, { blocked });
  return response.data;
}

type UseBlockUserOptions = {
  mutationConfig?: Omit<UseMutationOptions<User, unknown, BlockUserVariables>, 'mutationFn'>;
};

export function useBlockUser({ mutationConfig }: UseBlockUserOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: blockUser,
    onSuccess: (...args) => {
      void replaceUserInLists(queryClient, args[0]);
      return onSuccess?.(...args);
    },
  });
}
