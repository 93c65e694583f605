import type { QueryClient } from '@tanstack/react-query';
import { ko, type NotificationDto } from '@otboo/contract';
import { getNotificationHistory } from '@/features/notifications/api/get-notification-history';
import {
  getNotifications,
  type NotificationListParams,
} from '@/features/notifications/api/get-notifications';
import { markNotificationRead } from '@/features/notifications/api/mark-notification-read';
import { useUnreadCount } from '@/features/notifications/stores/unread-count-store';
import { hasItem, insertSorted, removeById, type ListData } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import { useCursorList } from '@/lib/use-cursor-list';
import { onSessionEnd } from '@/stores/session';

/** The panel loads 20 at a time (docs/product.md §7: GET /api/notifications, default limit 20). */
export const NOTIFICATION_PAGE_SIZE = 20;

/** The panel's list of unread notifications, newest first. */
export const notificationListKey = queryKeys.notifications.list({ limit: NOTIFICATION_PAGE_SIZE });

/** The panel's '읽은 알림' tab: read notifications of the last 30 days, newest first. */
export const notificationHistoryKey = queryKeys.notifications.history({ limit: NOTIFICATION_PAGE_SIZE });

type NotificationList = ListData<NotificationDto>;

// Every page the server sends also carries the unread total, which keeps the bell in step.
async function fetchNotifications(params: NotificationListParams) {
  const page = await getNotifications(params);
  useUnreadCount.getState().set(page.totalCount);
  return page;
}

/**
 * The panel's list. It is dropped from the cache as soon as the panel closes, so every opening starts from
 * the server's first page (and its unread total); while the panel is open, live notifications go on top.
 */
export function useNotificationList() {
  return useCursorList<NotificationDto, NotificationListParams>({
    queryKey: notificationListKey,
    fetchPage: fetchNotifications,
    gcTime: 0,
  });
}

/** The history tab's list; like the unread one, asked afresh each time the tab shows. */
export function useNotificationHistory(enabled: boolean) {
  return useCursorList<NotificationDto, NotificationListParams>({
    queryKey: notificationHistoryKey,
    fetchPage: getNotificationHistory,
    enabled,
    gcTime: 0,
  });
}

// Ids that came live this session: a replay after a reconnect must not raise the badge twice.
const received = new Set<string>();
onSessionEnd(() => received.clear());

/**
 * Takes a notification from the live stream: first in the panel's list (when it is open) and one more on
 * the badge. Returns false (and changes nothing) for one already seen.
 */
export function receiveNotification(queryClient: QueryClient, notification: NotificationDto): boolean {
  const list = queryClient.getQueryData<NotificationList>(notificationListKey);
  if (received.has(notification.id) || hasItem(list, notification.id)) return false;
  received.add(notification.id);
  if (list) queryClient.setQueryData(notificationListKey, insertSorted(list, notification, {}));
  useUnreadCount.getState().add();
  return true;
}

/**
 * Takes a live notification about something already on screen (a message in the open conversation): it is
 * marked read at once and never counted. If that fails it is counted like any other.
 */
export async function receiveSeenNotification(
  queryClient: QueryClient,
  notification: NotificationDto,
): Promise<void> {
  if (received.has(notification.id)) return;
  received.add(notification.id);
  try {
    await markNotificationRead(notification.id);
  } catch (error) {
    console.error(ko.notifications.markReadFailed, error);
    received.delete(notification.id);
    receiveNotification(queryClient, notification);
  }
}

/** A notification was read (kept in the server's history): it leaves the list and the badge. */
export function removeReadNotification(queryClient: QueryClient, notificationId: string): void {
  queryClient.setQueryData<NotificationList>(
    notificationListKey,
    (list) => list && removeById(list, notificationId),
  );
  useUnreadCount.getState().subtract();
}
