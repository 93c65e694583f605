export {
  createNotifier,
  createNotificationsService,
  toNotificationDto,
  type Notifier,
  type NotificationMarks,
  type NotificationInput,
  type NotificationsService,
  type PublishedListener,
} from './notifications.service.js';
export { createNotificationsRepo } from './notifications.repo.js';
export { createNotificationStream, type NotificationStream } from './notifications.stream.js';
export { notificationsRoutes } from './notifications.routes.js';
export { sseRoutes } from './sse.routes.js';
