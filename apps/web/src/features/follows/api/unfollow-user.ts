import { apiClient } from '@/lib/api-client';

/** DELETE /api/follows/{id} — the id is the summary's `followedByMeId`. */
export async function unfollowUser(followId: string): Promise<void> {
  await apiClient.delete(`/api/follows/${encodeURIComponent(followId)}`);
}
