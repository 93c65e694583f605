import { apiClient } from '@/lib/api-client';

/** POST /api/feeds/{id}/like — 409 when already liked. */
export async function likeFeed(feedId: string): Promise<void> {
  await apiClient.post(`/api/feeds/${encodeURIComponent(feedId)}/like`);
}
