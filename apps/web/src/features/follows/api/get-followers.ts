import type { CursorPage, FollowDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

export interface FollowerListParams {
  followeeId: string;
  nameLike?: string;
  limit?: number;
  cursor?: string;
  idAfter?: string;
}

/** GET /api/follows/followers?followeeId — who follows the user. */
export async function getFollowers(params: FollowerListParams): Promise<CursorPage<FollowDto>> {
  const { data } = await apiClient.get<CursorPage<FollowDto>>('/api/follows/followers', { params });
  return data;
}
