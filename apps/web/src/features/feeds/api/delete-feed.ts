import { apiClient } from '@/lib/api-client';

/** DELETE /api/feeds/{id} (author or ADMIN). */
export async function deleteFeed(feedId: string): Promise<void> {
  await apiClient.delete(`/api/feeds/${encodeURIComponent(feedId)}`);
}
