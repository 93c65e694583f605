import type { CursorPage, NotificationDto } from '@otboo/contract';
import type { NotificationListParams } from '@/features/notifications/api/get-notifications';
import { apiClient } from '@/lib/api-client';

/** GET /api/notifications/history — read notifications of the last 30 days, newest first (docs/api.md §9.9). */
export async function getNotificationHistory(
  params: NotificationListParams = {},
): Promise<CursorPage<NotificationDto>> {
  const { data } = await apiClient.get<CursorPage<NotificationDto>>('/api/notifications/history', {
    params: { limit: 20, ...params },
  });
  return data;
}
