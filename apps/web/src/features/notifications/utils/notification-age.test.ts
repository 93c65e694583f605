// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { notificationAge } from '@/features/notifications/utils/notification-age';

describe('notificationAge', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it('says 방금 전 under a minute (and for a time slightly ahead)', () => {
    expect(notificationAge(ago(0), now)).toBe('방금 전');
    expect(notificationAge(ago(59_999), now)).toBe('방금 전');
    expect(notificationAge(ago(-5_000), now)).toBe('방금 전');
  });

  it('counts minutes under an hour, hours under a day, days under a week', () => {
    expect(notificationAge(ago(MINUTE), now)).toBe('1분 전');
    expect(notificationAge(ago(59 * MINUTE + 59_000), now)).toBe('59분 전');
    expect(notificationAge(ago(HOUR), now)).toBe('1시간 전');
    expect(notificationAge(ago(DAY - 1), now)).toBe('23시간 전');
    expect(notificationAge(ago(DAY), now)).toBe('1일 전');
    expect(notificationAge(ago(7 * DAY - 1), now)).toBe('6일 전');
  });

  it('shows the ko-KR date from 7 days on', () => {
    const old = ago(7 * DAY);
    expect(notificationAge(old, now)).toBe(
      new Date(old).toLocaleDateString('ko-KR', { year: 'numeric', month: '2-digit', day: '2-digit' }),
    );
    expect(notificationAge('2026-01-02T03:00:00.000Z', now)).toMatch(/^2026\. 0?1\. 0?2\.$/);
  });
});
