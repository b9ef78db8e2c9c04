import type { LoginInput, LoginResponse } from '@app/common';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';

// POST /api/auth/login (public) - { token, refreshToken, user }; 401 wrong credentials, 403 blocked, 429 throttled
export async function login(input: LoginInput): Promise<LoginResponse> {
  const response = await apiClient.post<LoginResponse>('/auth/login', input);
  return response.data;
}

type UseLoginOptions = {
  mutationConfig?: Omit<UseMutationOptions<LoginResponse, unknown, LoginInput>, 'mutationFn'>;
};

/** Signs in and stores the session; the caller's onSuccess runs after the session is saved. */
export function useLogin({ mutationConfig }: UseLoginOptions = {}) {
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: login,
    onSuccess: (...args) => {
      const { refreshToken, user } = args[0];
      // Spec §3: the login's refreshToken is stored as the token.
      saveSession({
        token: refreshToken,
        _id: user._id,
        username: user.username,
        userType: user.userType,
        partyName: user.partyName,
        isPasswordReset: user.isPasswordReset,
      });
      return onSuccess?.(...args);
    },
  });
}
