import type { CursorPage, Role, UserDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

export interface UserListParams {
  limit?: number;
  cursor?: string;
  idAfter?: string;
  sortBy?: 'email' | 'createdAt';
  sortDirection?: string;
  emailLike?: string;
  roleEqual?: Role;
  locked?: boolean;
}

/** GET /api/users (ADMIN) — a cursor page of accounts. */
export async function getUsers(params: UserListParams): Promise<CursorPage<UserDto>> {
  const { data } = await apiClient.get<CursorPage<UserDto>>('/api/users', { params });
  return data;
}
