import { apiClient } from '@/lib/api-client';

/**
 * PATCH /api/notifications/{id}/read — marks a notification read: it leaves the unread list and stays in the
 * history (docs/api.md §9.9).
 */
export async function markNotificationRead(notificationId: string): Promise<void> {
  await apiClient.patch(`/api/notifications/${encodeURIComponent(notificationId)}/read`);
}

/** PATCH /api/notifications/read-all — every unread notification of the signed-in user becomes read. */
export async function markAllNotificationsRead(): Promise<void> {
  await apiClient.patch('/api/notifications/read-all');
}
