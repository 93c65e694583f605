import type { NotificationSettingsDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/users/{id}/notification-settings (docs/api.md §9.3). */
export async function getNotificationSettings(userId: string): Promise<NotificationSettingsDto> {
  const { data } = await apiClient.get<NotificationSettingsDto>(
    `/api/users/${encodeURIComponent(userId)}/notification-settings`,
  );
  return data;
}
