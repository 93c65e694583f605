import { apiClient } from '@/lib/api-client';

/** POST /api/auth/sign-out — revokes the refresh cookie. */
export async function signOut(): Promise<void> {
  await apiClient.post('/api/auth/sign-out');
}
