import type { ChangeTierInput, User } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { replaceUserInLists } from './user-lists-cache';

// POST /api/superadmin/users/change-tier (superadmin) - 200 the user with the new tier; 403 on oneself
export async function changeTier(input: ChangeTierInput): Promise<User> {
  const response = await apiClient.post<User>('/superadmin/users/change-tier', input);
  return response.data;
}

export function useChangeTier({ mutationConfig }: { mutationConfig?: MutationConfig<User, ChangeTierInput> } = {}) {
  return useApiMutation({
    mutationFn: changeTier,
    onSuccess: (user, _variables, queryClient) => void replaceUserInLists(queryClient, user),
    mutationConfig,
  });
}
