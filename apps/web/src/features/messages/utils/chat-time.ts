import { ko } from '@otboo/contract';
import { formatDate } from '@/utils/format-date';

/** Local midnight of a day, as a day number that ignores daylight-saving hours. */
function dayNumber(date: Date): number {
  return Math.round(new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime() / 86_400_000);
}

/** Whole calendar days from `value` to `now` in the browser's time zone (0 = the same day). */
export function calendarDaysBetween(value: Date, now: Date): number {
  return dayNumber(now) - dayNumber(value);
}

function clock(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * A message's time label (docs/product.md §2 "Chat dialog", §9: days up to 6, then a ko-KR date): today's messages
 * show HH:MM, those of the last six days 'N일 전', older ones the ko-KR date.
 */
export function chatTimeLabel(createdAt: string, now: Date = new Date()): string {
  const date = new Date(createdAt);
  const days = calendarDaysBetween(date, now);
  if (days <= 0) return clock(date);
  if (days < 7) return ko.messages.daysAgo(days);
  return formatDate(createdAt);
}

/** The header above a day's messages: '오늘', '어제', else '2026년 11월 21일 토요일'. */
export function chatDateHeader(createdAt: string, now: Date = new Date()): string {
  const date = new Date(createdAt);
  const days = calendarDaysBetween(date, now);
  if (days <= 0) return ko.messages.today;
  if (days === 1) return ko.messages.yesterday;
  return date.toLocaleDateString('ko-KR', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'long',
  });
}

/** A key that is the same for two instants on the same local calendar day. */
export function localDayKey(createdAt: string): string {
  const date = new Date(createdAt);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}
