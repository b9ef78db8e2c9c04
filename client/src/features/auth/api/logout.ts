import type { LogoutResponse } from '@app/common';
import { apiClient } from '../../../lib/api-client';

// POST /api/auth/logout (any signed-in user) - { message }; revokes this session on the server, so a copied token dies too.
export async function logout(token: string): Promise<void> {
  try {
    // The token is passed explicitly: the caller clears the stored session straight after.
    await apiClient.post<LogoutResponse>('/auth/logout', null, { headers: { Authorization: `Bearer ${token}` } });
  } catch (error) {
    // Spec §8: failures here are logged only; the device forgets the session either way.
    console.error('Logout request failed', error);
  }
}
