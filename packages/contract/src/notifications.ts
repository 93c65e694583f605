import { z } from 'zod';
import { Id, Instant, PageQuery, cursorPage } from './common.js';

export const NOTIFICATION_LEVELS = ['INFO', 'WARNING', 'ERROR'] as const;
export const NotificationLevel = z.enum(NOTIFICATION_LEVELS);
export type NotificationLevel = z.infer<typeof NotificationLevel>;

/**
 * Where a tap on a notification (or its push) leads (docs/api.md §9.9): a feed's detail, a profile, the
 * conversation with a user, the home on a day, or the closet. Ours: an optional field of NotificationDto.
 */
export const NOTIFICATION_TARGET_KINDS = ['FEED', 'PROFILE', 'CONVERSATION', 'HOME', 'CLOSET'] as const;
export const NotificationTarget = z.object({
  kind: z.enum(NOTIFICATION_TARGET_KINDS),
  /** The feed (FEED), the user (PROFILE, CONVERSATION); absent when it is gone (a deleted feed). */
  id: z.string().optional(),
  /** The day the home opens on (HOME), `YYYY-MM-DD` in Asia/Seoul. */
  date: z.string().optional(),
});
export type NotificationTarget = z.infer<typeof NotificationTarget>;

export const NotificationDto = z.object({
  id: z.string(),
  createdAt: Instant,
  receiverId: z.string(),
  title: z.string(),
  content: z.string(),
  level: NotificationLevel,
  target: NotificationTarget.optional(),
  /**
   * Ours: what the person wrote, quoted on one line (a comment's text). Apart from `content`, whose keywords
   * the course frontend picks its icon by: a quoted '좋아요' must not turn a comment into a like there.
   */
  excerpt: z.string().optional(),
});
export type NotificationDto = z.infer<typeof NotificationDto>;

export const NotificationListQuery = PageQuery;
export const NotificationPage = cursorPage(NotificationDto);
export const NotificationIdParams = z.object({ notificationId: Id });

/** How long a read notification stays in the history (docs/product.md "Notifications"), then it is purged. */
export const NOTIFICATION_HISTORY_DAYS = 30;
