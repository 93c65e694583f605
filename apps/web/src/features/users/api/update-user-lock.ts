import type { UserDto, UserLockUpdateRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** PATCH /api/users/{id}/lock (ADMIN) — locking revokes every session of that user. */
export async function updateUserLock(userId: string, body: UserLockUpdateRequest): Promise<UserDto> {
  const { data } = await apiClient.patch<UserDto>(`/api/users/${encodeURIComponent(userId)}/lock`, body);
  return data;
}
