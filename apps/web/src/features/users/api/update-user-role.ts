import type { UserDto, UserRoleUpdateRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** PATCH /api/users/{id}/role (ADMIN) */
export async function updateUserRole(userId: string, body: UserRoleUpdateRequest): Promise<UserDto> {
  const { data } = await apiClient.patch<UserDto>(`/api/users/${encodeURIComponent(userId)}/role`, body);
  return data;
}
