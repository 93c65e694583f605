import type { NotificationDto } from '@otboo/contract';
import type { notifications } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** From a stored row, or from what was just inserted. */
export function toNotificationDto(
  row: Pick<NotificationRow, 'id' | 'createdAt' | 'receiverId' | 'title' | 'content' | 'level'>,
): NotificationDto {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    receiverId: row.receiverId,
    title: row.title,
    content: row.content,
    level: row.level,
  };
}
