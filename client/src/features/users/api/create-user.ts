import type { CreateUserInput, User } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { usersKeys } from '../keys';

// POST /api/superadmin/sausers (superadmin) - 201 the new customer or admin; 400 VALIDATION_FAILED with
// per-field details; 409 DUPLICATE_USERNAME
export async function createUser(input: CreateUserInput): Promise<User> {
  const response = await apiClient.post<User>('/superadmin/sausers', input);
  return response.data;
}

export function useCreateUser({ mutationConfig }: { mutationConfig?: MutationConfig<User, CreateUserInput> } = {}) {
  return useApiMutation({
    mutationFn: createUser,
    onSuccess: (_user, _variables, queryClient) => void queryClient.invalidateQueries({ queryKey: usersKeys.lists() }),
    mutationConfig,
  });
}
