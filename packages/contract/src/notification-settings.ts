import { z } from 'zod';
import { safeText } from './safe-text.js';
import { ko } from './texts.ko.js';

/** `HH:MM` from 00:00 to 23:59, Asia/Seoul wall clock (docs/api.md §9.3); `7:5` and `24:00` are refused. */
export const MORNING_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
export const MorningTime = z
  .string()
  .max(5, ko.notificationSettings.timeInvalid)
  .check(safeText)
  .regex(MORNING_TIME_PATTERN, ko.notificationSettings.timeInvalid);

/** The kinds a user may keep off their phone; each is on by default. */
export const PUSH_KINDS = ['directMessages', 'comments', 'likes', 'follows', 'feeds', 'weather'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const NotificationSettingsDto = z.object({
  morningOutfit: z.object({ enabled: z.boolean(), time: z.string() }),
  push: z.object({
    directMessages: z.boolean(),
    comments: z.boolean(),
    likes: z.boolean(),
    follows: z.boolean(),
    feeds: z.boolean(),
    weather: z.boolean(),
  }),
});
export type NotificationSettingsDto = z.infer<typeof NotificationSettingsDto>;

/** Defaults of a user who never saved any: the morning outfit off at 07:00, every push kind on. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettingsDto = {
  morningOutfit: { enabled: false, time: '07:00' },
  push: { directMessages: true, comments: true, likes: true, follows: true, feeds: true, weather: true },
};

/**
 * `PATCH /api/users/{userId}/notification-settings`: any part of the settings; the rest stays. Strict at every
 * level (docs/api.md §9), so a misspelt switch is a 400 rather than a 200 that saved nothing.
 */
export const NotificationSettingsUpdateRequest = z.strictObject({
  morningOutfit: z.strictObject({ enabled: z.boolean().optional(), time: MorningTime.optional() }).optional(),
  push: z
    .strictObject({
      directMessages: z.boolean().optional(),
      comments: z.boolean().optional(),
      likes: z.boolean().optional(),
      follows: z.boolean().optional(),
      feeds: z.boolean().optional(),
      weather: z.boolean().optional(),
    })
    .optional(),
});
export type NotificationSettingsUpdateRequest = z.infer<typeof NotificationSettingsUpdateRequest>;
