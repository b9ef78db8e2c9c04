import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { usersKeys } from '../keys';

export type DeleteUserResponse = { message: string; _id: string };

// DELETE /api/superadmin/users/:id (superadmin) - 200 { message, _id }; bills, orders and ledger stay for
// audit (contract "Users"); 403 on oneself
export async function deleteUser(userId: string): Promise<DeleteUserResponse> {
  const response = await apiClient.delete<DeleteUserResponse>(`/superadmin/users/${encodeURIComponent(userId)}`);
  return response.data;
}

type UseDeleteUserOptions = {
  mutationConfig?: Omit<UseMutationOptions<DeleteUserResponse, unknown, string>, 'mutationFn'>;
};

export function useDeleteUser({ mutationConfig }: UseDeleteUserOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteUser,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
      return onSuccess?.(...args);
    },
  });
}
