export {
  createNotificationSettingsModule,
  type MorningOutfitTuning,
  type NotificationSettingsApi,
} from './notification-settings.module.js';
