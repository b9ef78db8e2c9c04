import type { ChangePasswordInput, ChangePasswordResponse } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { updateSession } from '../../../lib/session';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';

// POST /api/user/change-password (any signed-in user) - { message, token, refreshToken, user }; the user's other
// sessions end, this one goes on
export async function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResponse> {
  const response = await apiClient.post<ChangePasswordResponse>('/user/change-password', input);
  return response.data;
}

/**
 * Changes the signed-in user's password. The server ends the user's other sessions and keeps this one
 * (contract "API conventions"); the answer's refreshToken is a fresh token for it, stored as the bearer.
 */
export function useChangePassword({
  mutationConfig,
}: { mutationConfig?: MutationConfig<ChangePasswordResponse, ChangePasswordInput> } = {}) {
  return useApiMutation({
    mutationFn: changePassword,
    onSuccess: ({ refreshToken, user }) => {
      updateSession({
        token: refreshToken,
        _id: user._id,
        username: user.username,
        userType: user.userType,
        partyName: user.partyName,
        isPasswordReset: true,
      });
    },
    mutationConfig,
  });
}
