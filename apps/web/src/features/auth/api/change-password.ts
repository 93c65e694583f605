import type { ChangePasswordRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** PATCH /api/users/{id}/password — sets a new password for the signed-in user (ends the temporary one). */
export async function changePassword(userId: string, body: ChangePasswordRequest): Promise<void> {
  await apiClient.patch(`/api/users/${encodeURIComponent(userId)}/password`, body);
}
