import { ko, type NotificationDto } from '@otboo/contract';
import { deleteNotification } from '@/features/notifications/api/delete-notification';
import {
  getNotifications,
  type NotificationListParams,
} from '@/features/notifications/api/get-notifications';
import { useUnreadCount } from '@/features/notifications/stores/unread-count-store';
import { createListStore, type ListParams } from '@/lib/create-list-store';

/** The panel loads 20 at a time (spec §7: GET /api/notifications, default limit 20). */
export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * The panel's list (newest first, unread only), shared by the panel and the live stream so that a live
 * notification shows at the top even while the panel is open. Every page the server sends also carries
 * the unread total, which keeps the bell in step.
 */
export const useNotificationList = createListStore<NotificationDto, ListParams & NotificationListParams>(
  async (params) => {
    const page = await getNotifications(params);
    useUnreadCount.getState().set(page.totalCount);
    return page;
  },
  { limit: NOTIFICATION_PAGE_SIZE },
);

// Ids that came live this session: a replay after a reconnect must not raise the badge twice.
const received = new Set<string>();

/**
 * Takes a notification from the live stream: first in the list and one more on the badge. Returns false
 * (and changes nothing) for one already seen.
 */
export function receiveNotification(notification: NotificationDto): boolean {
  const list = useNotificationList.getState();
  if (received.has(notification.id) || list.data.some((n) => n.id === notification.id)) return false;
  received.add(notification.id);
  list.add(notification);
  useUnreadCount.getState().add();
  return true;
}

/**
 * Takes a live notification about something already on screen (a message in the open conversation): it is
 * marked read at once and never counted. If that fails it is counted like any other.
 */
export async function receiveSeenNotification(notification: NotificationDto): Promise<void> {
  if (received.has(notification.id)) return;
  received.add(notification.id);
  try {
    await deleteNotification(notification.id);
  } catch (error) {
    console.error(ko.notifications.markReadFailed, error);
    received.delete(notification.id);
    receiveNotification(notification);
  }
}

/** Forgets the list and the seen ids (sign-out). */
export function resetNotifications(): void {
  received.clear();
  useNotificationList.getState().reset();
}
