import type { UserCreateRequest, UserDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** POST /api/users — creates an account (sign-up). */
export async function signUp(body: UserCreateRequest): Promise<UserDto> {
  const { data } = await apiClient.post<UserDto>('/api/users', body);
  return data;
}
