import type { NotificationDto } from '@otboo/contract';

export type NotificationKind = 'message' | 'attribute' | 'feed' | 'like' | 'permission' | 'comment';

/** Keywords in the order they are tried (docs/product.md §2 "Notification panel"); the first found in title or content wins. */
const KEYWORDS: readonly [string, NotificationKind][] = [
  ['메시지', 'message'],
  ['속성', 'attribute'],
  ['피드', 'feed'],
  ['좋아요', 'like'],
  ['권한', 'permission'],
];

/** Which icon a notification gets: by keyword in its title or content, else the comment icon. */
export function notificationKind(notification: Pick<NotificationDto, 'title' | 'content'>): NotificationKind {
  const text = `${notification.title}\n${notification.content}`;
  return KEYWORDS.find(([keyword]) => text.includes(keyword))?.[1] ?? 'comment';
}
