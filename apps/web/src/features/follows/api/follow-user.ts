import type { FollowCreateRequest, FollowDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** POST /api/follows — 409 when already following, 400 for oneself. */
export async function followUser(body: FollowCreateRequest): Promise<FollowDto> {
  const { data } = await apiClient.post<FollowDto>('/api/follows', body);
  return data;
}
