import type { FeedDto, FeedUpdateRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** PATCH /api/feeds/{id} (author) — changes the content. */
export async function updateFeed(feedId: string, body: FeedUpdateRequest): Promise<FeedDto> {
  const { data } = await apiClient.patch<FeedDto>(`/api/feeds/${encodeURIComponent(feedId)}`, body);
  return data;
}
