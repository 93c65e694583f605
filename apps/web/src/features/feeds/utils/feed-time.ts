import { ko } from '@otboo/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** `11월 21일` in the browser's time zone. */
export function formatMonthDay(value: string | Date): string {
  const date = toDate(value);
  return `${date.getMonth() + 1}월 ${date.getDate()}일`;
}

/** `09:05` — 24-hour clock in the browser's time zone. */
export function formatClock(value: string | Date): string {
  const date = toDate(value);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * How long ago a feed was posted (docs/product.md §2 "Feeds"): '방금 전' under a minute, then minutes, then hours
 * under 24 hours, then whole days. A time slightly in the future (clock skew) counts as just now.
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const elapsed = now.getTime() - toDate(value).getTime();
  if (elapsed < MINUTE) return ko.feeds.justNow;
  if (elapsed < HOUR) return ko.feeds.minutesAgo(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return ko.feeds.hoursAgo(Math.floor(elapsed / HOUR));
  return ko.feeds.daysAgo(Math.floor(elapsed / DAY));
}

/** `21°` — the temperature rounded to a whole degree. */
export function formatTemperature(celsius: number): string {
  // `Math.round(-0.4)` is -0, which would print as "-0°".
  return `${Math.round(celsius) || 0}°`;
}
