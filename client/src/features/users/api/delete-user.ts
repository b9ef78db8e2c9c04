import type { DeleteUserResponse } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { usersKeys } from '../keys';

// DELETE /api/superadmin/users/:id (superadmin) - 200 { message, _id }; bills, orders and ledger stay for
// audit (contract "Users"); 403 on oneself
export async function deleteUser(userId: string): Promise<DeleteUserResponse> {
  const response = await apiClient.delete<DeleteUserResponse>(`/superadmin/users/${encodeURIComponent(userId)}`);
  return response.data;
}

export function useDeleteUser({ mutationConfig }: { mutationConfig?: MutationConfig<DeleteUserResponse, string> } = {}) {
  return useApiMutation({
    mutationFn: deleteUser,
    onSuccess: (_answer, _userId, queryClient) => void queryClient.invalidateQueries({ queryKey: usersKeys.lists() }),
    mutationConfig,
  });
}
