import type { SignInCodeRequest, SignInCodeResponse } from '@app/common';
import { apiClient } from '../../../lib/api-client';

// POST /api/auth/sign-in-code (public) - 202 { message }, the same answer whether or not a code was sent
// (contract "Sign-in codes"); 400 for a username that is not one.
export async function requestSignInCode(input: SignInCodeRequest): Promise<SignInCodeResponse> {
  const response = await apiClient.post<SignInCodeResponse>('/auth/sign-in-code', input);
  return response.data;
}
