import { apiClient } from '@/lib/api-client';

/** DELETE /api/notifications/{id} — marks a notification read, which removes it (docs/api.md §7). */
export async function deleteNotification(notificationId: string): Promise<void> {
  await apiClient.delete(`/api/notifications/${encodeURIComponent(notificationId)}`);
}
