import { apiClient } from '@/lib/api-client';

/** DELETE /api/feeds/{id}/like — 404 when not liked. */
export async function unlikeFeed(feedId: string): Promise<void> {
  await apiClient.delete(`/api/feeds/${encodeURIComponent(feedId)}/like`);
}
