import type { NotificationSettingsDto, NotificationSettingsUpdateRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** PATCH /api/users/{id}/notification-settings — any part of the settings; the whole settings come back. */
export async function updateNotificationSettings(
  userId: string,
  request: NotificationSettingsUpdateRequest,
): Promise<NotificationSettingsDto> {
  const { data } = await apiClient.patch<NotificationSettingsDto>(
    `/api/users/${encodeURIComponent(userId)}/notification-settings`,
    request,
  );
  return data;
}
