import type { ChangeTierInput, User } from '@app/common';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { replaceUserInLists } from './user-lists-cache';

// POST /api/superadmin/users/change-tier (superadmin) - 200 the user with the new tier; 403 on oneself
export async function changeTier(input: ChangeTierInput): Promise<User> {
  const response = await apiClient.post<User>('/superadmin/users/change-tier', input);
  return response.data;
}

type UseChangeTierOptions = {
  mutationConfig?: Omit<UseMutationOptions<User, unknown, ChangeTierInput>, 'mutationFn'>;
};

export function useChangeTier({ mutationConfig }: UseChangeTierOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: changeTier,
    onSuccess: (...args) => {
      void replaceUserInLists(queryClient, args[0]);
      return onSuccess?.(...args);
    },
  });
}
