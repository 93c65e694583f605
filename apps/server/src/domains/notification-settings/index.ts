export { notificationSettingsRoutes } from './notification-settings.routes.js';
export {
  createNotificationSettingsService,
  type NotificationSettingsService,
} from './notification-settings.service.js';
export {
  createNotificationSettingsRepo,
  type NotificationSettingsRepo,
} from './notification-settings.repo.js';
export { createMorningOutfitJob, type MorningOutfitJob, type MorningRunResult } from './morning-outfit.js';
