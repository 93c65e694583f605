import type { NotificationDto } from '@otboo/contract';

export type NotificationKind =
  'message' | 'follow' | 'comment' | 'like' | 'feed' | 'weather' | 'outfit' | 'attribute' | 'permission';

/** The keywords of the titles the server writes (texts.ko.ts), tried in order on the title first. */
const TITLE_KEYWORDS: readonly [string, NotificationKind][] = [
  ['메시지', 'message'],
  ['팔로워', 'follow'],
  ['댓글', 'comment'],
  ['좋아요', 'like'],
  ['피드', 'feed'],
  ['날씨', 'weather'],
  ['옷 추천', 'outfit'],
  ['속성', 'attribute'],
  ['권한', 'permission'],
];

/** The course's keywords in its order (docs/product.md §2 "Notification panel"), tried on title and content. */
const KEYWORDS: readonly [string, NotificationKind][] = [
  ['메시지', 'message'],
  ['속성', 'attribute'],
  ['피드', 'feed'],
  ['좋아요', 'like'],
  ['권한', 'permission'],
];

/**
 * Which icon a notification gets. The title says what happened ('새 팔로워', '새 댓글'), so it is read first; a
 * title that names nothing falls back to the course's rule: a keyword anywhere, else the comment icon.
 */
export function notificationKind(notification: Pick<NotificationDto, 'title' | 'content'>): NotificationKind {
  const byTitle = TITLE_KEYWORDS.find(([keyword]) => notification.title.includes(keyword));
  if (byTitle) return byTitle[1];
  const text = `${notification.title}\n${notification.content}`;
  return KEYWORDS.find(([keyword]) => text.includes(keyword))?.[1] ?? 'comment';
}
