import type { User } from '@app/common';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { replaceUserInLists } from './user-lists-cache';

export type ResetUserPasswordVariables = { userId: string; newPassword: string };
export type ResetUserPasswordResponse = { message: string; user: User };

// POST /api/superadmin/users/:id/reset-password { newPassword } (superadmin) - 200 { message, user }; the
// user's sessions end and they must choose their own password at the next sign-in (contract "Run and configure")
export async function resetUserPassword({
  userId,
  newPassword,
}: ResetUserPasswordVariables): Promise<ResetUserPasswordResponse> {
  const response = await apiClient.post<ResetUserPasswordResponse>(
    `/superadmin/users/${encodeURIComponent(userId)}/reset-password`,
    { newPassword },
  );
  return response.data;
}

type UseResetUserPasswordOptions = {
  mutationConfig?: Omit<
    UseMutationOptions<ResetUserPasswordResponse, unknown, ResetUserPasswordVariables>,
    'mutationFn'
  >;
};

export function useResetUserPassword({ mutationConfig }: UseResetUserPasswordOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: resetUserPassword,
    onSuccess: (...args) => {
      void replaceUserInLists(queryClient, args[0].user);
      return onSuccess?.(...args);
    },
  });
}
