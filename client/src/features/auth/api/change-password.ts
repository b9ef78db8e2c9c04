import type { ChangePasswordInput, SessionUser } from '@app/common';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { updateSession } from '../../../lib/session';

export type ChangePasswordResponse = {
  message: string;
  token: string;
  refreshToken: string;
  user: SessionUser;
};

// POST /api/user/change-password (any signed-in user) - { message, token, refreshToken, user }; old tokens revoked
export async function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResponse> {
  const response = await apiClient.post<ChangePasswordResponse>('/user/change-password', input);
  return response.data;
}

type UseChangePasswordOptions = {
  mutationConfig?: Omit<UseMutationOptions<ChangePasswordResponse, unknown, ChangePasswordInput>, 'mutationFn'>;
};

/**
 * Changes the signed-in user's password. The server revokes every older token on a password change
 * (contract "API conventions"), so the stored token must become the new refreshToken at once.
 */
export function useChangePassword({ mutationConfig }: UseChangePasswordOptions = {}) {
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: changePassword,
    onSuccess: (...args) => {
      const { refreshToken, user } = args[0];
      updateSession({
        token: refreshToken,
        _id: user._id,
        username: user.username,
        userType: user.userType,
        partyName: user.partyName,
        isPasswordReset: true,
      });
      return onSuccess?.(...args);
    },
  });
}
