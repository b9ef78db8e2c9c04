import type { ResetUserPasswordResponse } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { replaceUserInLists } from './user-lists-cache';

export type ResetUserPasswordVariables = { userId: string; newPassword: string };

// POST /api/superadmin/users/:id/reset-password { newPassword } (superadmin) - 200 { message, user }; the
// user's sessions end and they must choose their own password at the next sign-in (contract "Run and configure")
export async function resetUserPassword({ userId, newPassword }: ResetUserPasswordVariables): Promise<ResetUserPasswordResponse> {
  const response = await apiClient.post<ResetUserPasswordResponse>(
    `/superadmin/users/${encodeURIComponent(userId)}/reset-password`,
    { newPassword },
  );
  return response.data;
}

export function useResetUserPassword({
  mutationConfig,
}: { mutationConfig?: MutationConfig<ResetUserPasswordResponse, ResetUserPasswordVariables> } = {}) {
  return useApiMutation({
    mutationFn: resetUserPassword,
    onSuccess: ({ user }, _variables, queryClient) => void replaceUserInLists(queryClient, user),
    mutationConfig,
  });
}
