import type { CursorPage, NotificationDto } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

export interface NotificationListParams {
  limit?: number;
  cursor?: string;
  idAfter?: string;
}

/** GET /api/notifications — newest first; `totalCount` is the unread count (docs/api.md §7). */
export async function getNotifications(
  params: NotificationListParams = {},
): Promise<CursorPage<NotificationDto>> {
  const { data } = await apiClient.get<CursorPage<NotificationDto>>('/api/notifications', {
    params: { limit: 20, ...params },
  });
  return data;
}
