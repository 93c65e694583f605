import { z } from 'zod';
import { Id, Instant, PageQuery, cursorPage } from './common.js';

export const NOTIFICATION_LEVELS = ['INFO', 'WARNING', 'ERROR'] as const;
export const NotificationLevel = z.enum(NOTIFICATION_LEVELS);
export type NotificationLevel = z.infer<typeof NotificationLevel>;

export const NotificationDto = z.object({
  id: z.string(),
  createdAt: Instant,
  receiverId: z.string(),
  title: z.string(),
  content: z.string(),
  level: NotificationLevel,
});
export type NotificationDto = z.infer<typeof NotificationDto>;

export const NotificationListQuery = PageQuery;
export const NotificationPage = cursorPage(NotificationDto);
export const NotificationIdParams = z.object({ notificationId: Id });
