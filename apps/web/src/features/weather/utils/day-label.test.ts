// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dayDate, dayLabel, dayShortDate } from '@/features/weather/utils/day-label';

// 2026-03-10 23:30 in Seoul is still 14:30 UTC on the 10th; 00:30 on the 11th in Seoul is the 10th in UTC.
const lateEvening = new Date('2026-03-10T14:30:00Z');
const justAfterMidnight = new Date('2026-03-10T15:30:00Z');

describe('dayLabel', () => {
  it('names today, tomorrow and the day after, then the day of the week', () => {
    const now = new Date('2026-03-10T01:00:00Z'); // 10:00 in Seoul
    expect(dayLabel('2026-03-10T05:00:00.000Z', now)).toBe('오늘');
    expect(dayLabel('2026-03-11T05:00:00.000Z', now)).toBe('내일');
    expect(dayLabel('2026-03-12T05:00:00.000Z', now)).toBe('모레');
    // 2026-03-13 is a Friday.
    expect(dayLabel('2026-03-13T05:00:00.000Z', now)).toBe('금요일');
    expect(dayLabel('2026-03-14T05:00:00.000Z', now)).toBe('토요일');
    expect(dayLabel('2026-03-15T05:00:00.000Z', now)).toBe('일요일');
  });

  it('counts Seoul calendar days, not UTC ones', () => {
    // 2026-03-11 08:00 in Seoul (UTC 23:00 on the 10th).
    const morningOfEleventh = '2026-03-10T23:00:00.000Z';
    expect(dayLabel(morningOfEleventh, lateEvening)).toBe('내일');
    expect(dayLabel(morningOfEleventh, justAfterMidnight)).toBe('오늘');
  });

  it('crosses month and year ends', () => {
    const newYearsEve = new Date('2026-12-31T03:00:00Z');
    expect(dayLabel('2027-01-01T03:00:00.000Z', newYearsEve)).toBe('내일');
    expect(dayLabel('2027-01-02T03:00:00.000Z', newYearsEve)).toBe('모레');
    expect(dayLabel('2027-01-03T03:00:00.000Z', newYearsEve)).toBe('일요일');
  });

  it('writes the month and day without padding', () => {
    expect(dayDate('2026-05-03T03:00:00.000Z')).toBe('5월 3일');
    expect(dayDate('2026-11-21T03:00:00.000Z')).toBe('11월 21일');
    expect(dayShortDate('2026-11-21T03:00:00.000Z')).toBe('11.21.');
  });
});
