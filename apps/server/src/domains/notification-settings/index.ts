export {
  createNotificationSettingsModule,
  type MorningOutfitTuning,
} from './notification-settings.module.js';
