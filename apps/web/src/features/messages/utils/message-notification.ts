import { ko, type NotificationDto, type UserSummary } from '@otboo/contract';

/** The server's notification for a direct message to me (title '새 메시지'). */
export function isMessageNotification(notification: Pick<NotificationDto, 'title'>): boolean {
  return notification.title === ko.messages.notificationTitle;
}

/**
 * Whether a notification announces a message from the partner of the open conversation, which the dialog
 * already shows. The notification names the sender only by name ('{name}: …'), so two users of the same
 * name are not told apart; the cost is one toast left out.
 */
export function isNotificationFromPartner(
  notification: Pick<NotificationDto, 'title' | 'content'>,
  partner: UserSummary | null,
): boolean {
  return (
    !!partner &&
    isMessageNotification(notification) &&
    notification.content.startsWith(ko.messages.notificationContent(partner.name, ''))
  );
}
