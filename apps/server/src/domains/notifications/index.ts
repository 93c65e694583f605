export { createNotificationsModule, type NotificationsApi } from './notifications.module.js';
export type { Notifier, NotificationMarks, NotificationInput } from './notifications.service.js';
export { notificationTargetOf } from './notifications.mapper.js';
