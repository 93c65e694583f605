import type { ResetPasswordRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** POST /api/auth/reset-password — e-mails a temporary password valid for 3 minutes. */
export async function resetPassword(body: ResetPasswordRequest): Promise<void> {
  await apiClient.post('/api/auth/reset-password', body);
}
