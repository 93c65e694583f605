import type { FollowSummaryDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/follows/summary?userId — follower and following counts and whether I follow them. */
export async function getFollowSummary(userId: string): Promise<FollowSummaryDto> {
  const { data } = await apiClient.get<FollowSummaryDto>('/api/follows/summary', { params: { userId } });
  return data;
}
