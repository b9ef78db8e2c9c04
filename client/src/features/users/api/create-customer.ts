import type { CreateCustomerInput, User } from '@app/common';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { usersKeys } from '../keys';

// POST /api/admin/add-customer (admin, superadmin) - 201 the new customer; 400 VALIDATION_FAILED with
// per-field details; 409 DUPLICATE_USERNAME
export async function createCustomer(input: CreateCustomerInput): Promise<User> {
  const response = await apiClient.post<User>('/admin/add-customer', input);
  return response.data;
}

type UseCreateCustomerOptions = {
  mutationConfig?: Omit<UseMutationOptions<User, unknown, CreateCustomerInput>, 'mutationFn'>;
};

export function useCreateCustomer({ mutationConfig }: UseCreateCustomerOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: createCustomer,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
      return onSuccess?.(...args);
    },
  });
}
