import type { CreateUserInput, User } from '@app/common';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { usersKeys } from '../keys';

// POST /api/superadmin/sausers (superadmin) - 201 the new customer or admin; 400 VALIDATION_FAILED with
// per-field details; 409 DUPLICATE_USERNAME
export async function createUser(input: CreateUserInput): Promise<User> {
  const response = await apiClient.post<User>('/superadmin/sausers', input);
  return response.data;
}

type UseCreateUserOptions = {
  mutationConfig?: Omit<UseMutationOptions<User, unknown, CreateUserInput>, 'mutationFn'>;
};

export function useCreateUser({ mutationConfig }: UseCreateUserOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: createUser,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
      return onSuccess?.(...args);
    },
  });
}
