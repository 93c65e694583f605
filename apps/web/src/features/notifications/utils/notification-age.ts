import { ko } from '@otboo/contract';
import { formatDate } from '@/utils/format-date';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A notification's age (docs/product.md §2, §9): '방금 전' under a minute, 'N분 전' under an hour, 'N시간 전' under
 * 24 hours, 'N일 전' under 7 days, then the ko-KR date. A time slightly ahead (clock skew) is just now.
 */
export function notificationAge(createdAt: string, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(createdAt).getTime();
  if (elapsed < MINUTE) return ko.notifications.justNow;
  if (elapsed < HOUR) return ko.notifications.minutesAgo(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return ko.notifications.hoursAgo(Math.floor(elapsed / HOUR));
  if (elapsed < 7 * DAY) return ko.notifications.daysAgo(Math.floor(elapsed / DAY));
  return formatDate(createdAt);
}
