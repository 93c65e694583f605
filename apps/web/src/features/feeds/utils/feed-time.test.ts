// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatMonthDay,
  formatRelativeTime,
  formatTemperature,
} from '@/features/feeds/utils/feed-time';

// Local-time constructors keep the expectations independent of the machine's time zone.
const NOW = new Date(2026, 10, 21, 15, 30, 0);
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('formatMonthDay / formatClock', () => {
  it('writes the date as M월 D일 without leading zeros', () => {
    expect(formatMonthDay(new Date(2026, 0, 5, 9, 5))).toBe('1월 5일');
    expect(formatMonthDay(new Date(2026, 11, 31, 23, 59))).toBe('12월 31일');
  });

  it('writes the time as zero-padded HH:MM on a 24-hour clock', () => {
    expect(formatClock(new Date(2026, 0, 5, 9, 5))).toBe('09:05');
    expect(formatClock(new Date(2026, 0, 5, 0, 0))).toBe('00:00');
    expect(formatClock(new Date(2026, 0, 5, 23, 59))).toBe('23:59');
  });

  it('reads ISO instants in the local time zone', () => {
    const local = new Date(2026, 2, 1, 7, 8);
    expect(formatMonthDay(local.toISOString())).toBe('3월 1일');
    expect(formatClock(local.toISOString())).toBe('07:08');
  });
});

describe('formatRelativeTime', () => {
  it('says 방금 전 under one minute, and for a time slightly ahead', () => {
    expect(formatRelativeTime(NOW, NOW)).toBe('방금 전');
    expect(formatRelativeTime(ago(59_999), NOW)).toBe('방금 전');
    expect(formatRelativeTime(new Date(NOW.getTime() + 5_000), NOW)).toBe('방금 전');
  });

  it('counts whole minutes under an hour', () => {
    expect(formatRelativeTime(ago(60_000), NOW)).toBe('1분 전');
    expect(formatRelativeTime(ago(59 * 60_000 + 59_999), NOW)).toBe('59분 전');
  });

  it('counts whole hours under 24 hours', () => {
    expect(formatRelativeTime(ago(3_600_000), NOW)).toBe('1시간 전');
    expect(formatRelativeTime(ago(24 * 3_600_000 - 1), NOW)).toBe('23시간 전');
  });

  it('counts days from 24 hours on', () => {
    expect(formatRelativeTime(ago(24 * 3_600_000), NOW)).toBe('1일 전');
    expect(formatRelativeTime(ago(10 * 24 * 3_600_000), NOW)).toBe('10일 전');
  });

  it('accepts ISO strings', () => {
    expect(formatRelativeTime(ago(5 * 60_000).toISOString(), NOW)).toBe('5분 전');
  });
});

describe('formatTemperature', () => {
  it('rounds to a whole degree with a degree sign', () => {
    expect(formatTemperature(21.4)).toBe('21°');
    expect(formatTemperature(21.5)).toBe('22°');
    expect(formatTemperature(-3.6)).toBe('-4°');
    expect(formatTemperature(-0.4)).toBe('0°');
  });
});
