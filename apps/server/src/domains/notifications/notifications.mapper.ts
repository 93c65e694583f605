import type { NotificationDto, NotificationTarget } from '@otboo/contract';
import type { notifications } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** What a DTO is made of: a stored row, or what was just inserted. */
export type NotificationDtoSource = Pick<
  NotificationRow,
  | 'id'
  | 'createdAt'
  | 'receiverId'
  | 'title'
  | 'content'
  | 'level'
  | 'kind'
  | 'sourceUserId'
  | 'targetFeedId'
  | 'targetDate'
  | 'excerpt'
>;

/**
 * Where a tap on it leads (docs/api.md §9.9), from what the row records: a like, comment or new feed opens the
 * feed (the feed list once it is deleted), a follow the follower's profile, a message the conversation, a
 * weather alert or morning outfit the home on its day, the empty-closet outfit and attribute changes the
 * closet. A role change and rows stored before kinds were have none.
 */
export function notificationTargetOf(
  row: Pick<NotificationRow, 'kind' | 'sourceUserId' | 'targetFeedId' | 'targetDate'>,
): NotificationTarget | undefined {
  const withId = (id: string | null) => (id ? { id } : {});
  switch (row.kind) {
    case 'LIKE':
    case 'COMMENT':
    case 'FEED':
      return { kind: 'FEED', ...withId(row.targetFeedId) };
    case 'FOLLOW':
      return row.sourceUserId ? { kind: 'PROFILE', id: row.sourceUserId } : undefined;
    case 'DIRECT_MESSAGE':
      return row.sourceUserId ? { kind: 'CONVERSATION', id: row.sourceUserId } : undefined;
    case 'WEATHER':
    case 'OUTFIT':
      return { kind: 'HOME', ...(row.targetDate ? { date: row.targetDate } : {}) };
    case 'OUTFIT_CLOSET':
    case 'ATTRIBUTE':
      return { kind: 'CLOSET' };
    default:
      return undefined;
  }
}

export function toNotificationDto(row: NotificationDtoSource): NotificationDto {
  const target = notificationTargetOf(row);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    receiverId: row.receiverId,
    title: row.title,
    content: row.content,
    level: row.level,
    ...(target ? { target } : {}),
    ...(row.excerpt ? { excerpt: row.excerpt } : {}),
  };
}
