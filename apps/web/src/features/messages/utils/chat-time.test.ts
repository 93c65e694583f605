// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chatDateHeader, chatTimeLabel, localDayKey } from '@/features/messages/utils/chat-time';

// Local times, so that the expectations hold in any time zone the tests run in.
const at = (day: number, hour = 12, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();
const now = new Date(2026, 10, 21, 15, 30);

describe('chatTimeLabel', () => {
  it("shows today's messages as HH:MM", () => {
    expect(chatTimeLabel(at(21, 9, 5), now)).toBe('09:05');
    expect(chatTimeLabel(at(21, 0, 0), now)).toBe('00:00');
    // Slightly ahead of the browser's clock still counts as today.
    expect(chatTimeLabel(at(21, 15, 31), now)).toBe('15:31');
  });

  it("counts calendar days up to six as 'N일 전'", () => {
    expect(chatTimeLabel(at(20, 23, 59), now)).toBe('1일 전');
    expect(chatTimeLabel(at(15, 0, 0), now)).toBe('6일 전');
  });

  it('shows the ko-KR date from seven days on', () => {
    const old = at(14, 23, 0);
    expect(chatTimeLabel(old, now)).toBe(
      new Date(old).toLocaleDateString('ko-KR', { year: 'numeric', month: '2-digit', day: '2-digit' }),
    );
    expect(chatTimeLabel(at(14), now)).toMatch(/^2026\. 11\. 14\.$/);
  });
});

describe('chatDateHeader', () => {
  it('names today and yesterday, then the full date with the weekday', () => {
    expect(chatDateHeader(at(21, 1), now)).toBe('오늘');
    expect(chatDateHeader(at(20, 23), now)).toBe('어제');
    expect(chatDateHeader(at(19), now)).toBe('2026년 11월 19일 목요일');
    expect(chatDateHeader(new Date(2025, 0, 3, 8).toISOString(), now)).toBe('2025년 1월 3일 금요일');
  });
});

describe('localDayKey', () => {
  it('is equal for instants on the same local day only', () => {
    expect(localDayKey(at(21, 0, 0))).toBe(localDayKey(at(21, 23, 59)));
    expect(localDayKey(at(21, 0, 0))).not.toBe(localDayKey(at(20, 23, 59)));
  });
});
