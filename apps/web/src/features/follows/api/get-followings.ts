import type { CursorPage, FollowDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

export interface FollowingListParams {
  followerId: string;
  nameLike?: string;
  limit?: number;
  cursor?: string;
  idAfter?: string;
}

/** GET /api/follows/followings?followerId — whom the user follows. */
export async function getFollowings(params: FollowingListParams): Promise<CursorPage<FollowDto>> {
  const { data } = await apiClient.get<CursorPage<FollowDto>>('/api/follows/followings', { params });
  return data;
}
