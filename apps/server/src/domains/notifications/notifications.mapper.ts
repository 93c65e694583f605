import type { NotificationDto } from '@otboo/contract';
import type { notifications } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;

export function toNotificationDto(row: NotificationRow): NotificationDto {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    receiverId: row.receiverId,
    title: row.title,
    content: row.content,
    level: row.level,
  };
}
