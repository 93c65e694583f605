import type { FeedDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/feeds/{feedId} — one feed as the list shows it (docs/api.md §9.9: what a notification opens). */
export async function getFeed(feedId: string): Promise<FeedDto> {
  const { data } = await apiClient.get<FeedDto>(`/api/feeds/${encodeURIComponent(feedId)}`);
  return data;
}
