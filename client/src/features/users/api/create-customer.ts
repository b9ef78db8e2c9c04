import type { CreateCustomerInput, User } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { usersKeys } from '../keys';

// POST /api/admin/add-customer (admin, superadmin) - 201 the new customer; 400 VALIDATION_FAILED with
// per-field details; 409 DUPLICATE_USERNAME
export async function createCustomer(input: CreateCustomerInput): Promise<User> {
  const response = await apiClient.post<User>('/admin/add-customer', input);
  return response.data;
}

export function useCreateCustomer({ mutationConfig }: { mutationConfig?: MutationConfig<User, CreateCustomerInput> } = {}) {
  return useApiMutation({
    mutationFn: createCustomer,
    onSuccess: (_user, _variables, queryClient) => void queryClient.invalidateQueries({ queryKey: usersKeys.lists() }),
    mutationConfig,
  });
}
