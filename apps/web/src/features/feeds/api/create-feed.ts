import type { FeedCreateRequest, FeedDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** POST /api/feeds — publishes an OOTD tied to a forecast day and the author's clothes; answers the new FeedDto. */
export async function createFeed(request: FeedCreateRequest): Promise<FeedDto> {
  const { data } = await apiClient.post<FeedDto>('/api/feeds', request);
  return data;
}
