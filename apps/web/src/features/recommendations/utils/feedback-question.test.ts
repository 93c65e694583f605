import { afterEach, describe, expect, it } from 'vitest';
import {
  dayToAsk,
  isSeoulToday,
  readAsked,
  rememberAsked,
} from '@/features/recommendations/utils/feedback-question';

/** An instant at a Seoul wall-clock time (UTC+9). */
const seoulAt = (date: string, hour: number, minute = 0) =>
  Date.parse(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+09:00`);

const today = { date: '2026-11-27', weatherId: 'w-today' };
const yesterday = { date: '2026-11-26', weatherId: 'w-yesterday' };

afterEach(() => localStorage.clear());

describe('dayToAsk', () => {
  it("asks about today's outfit only from 18:00 Seoul time", () => {
    expect(dayToAsk([today], seoulAt('2026-11-27', 17, 59), new Set())).toBeNull();
    expect(dayToAsk([today], seoulAt('2026-11-27', 18), new Set())).toEqual(today);
    expect(dayToAsk([today], seoulAt('2026-11-27', 23, 59), new Set())).toEqual(today);
  });

  it('asks about yesterday at any hour, and before 18:00 yesterday is the one asked even if today was worn', () => {
    expect(dayToAsk([yesterday], seoulAt('2026-11-27', 7), new Set())).toEqual(yesterday);
    expect(dayToAsk([today, yesterday], seoulAt('2026-11-27', 9), new Set())).toEqual(yesterday);
    // From 18:00 the most recent day comes first.
    expect(dayToAsk([today, yesterday], seoulAt('2026-11-27', 19), new Set())).toEqual(today);
  });

  it('never asks twice about a day asked before (answered or dismissed)', () => {
    const asked = new Set(['2026-11-27']);
    expect(dayToAsk([today, yesterday], seoulAt('2026-11-27', 19), asked)).toEqual(yesterday);
    asked.add('2026-11-26');
    expect(dayToAsk([today, yesterday], seoulAt('2026-11-27', 19), asked)).toBeNull();
  });

  it('asks nothing when nothing was worn', () => {
    expect(dayToAsk([], seoulAt('2026-11-27', 20), new Set())).toBeNull();
  });

  it('reads the day in Seoul, not in UTC', () => {
    // 00:30 on the 28th in Seoul is still the 27th in UTC: the 27th is yesterday.
    expect(isSeoulToday('2026-11-27', seoulAt('2026-11-28', 0, 30))).toBe(false);
    expect(isSeoulToday('2026-11-28', seoulAt('2026-11-28', 0, 30))).toBe(true);
  });
});

describe('the days asked, kept on this device per user', () => {
  it('remembers days per user, keeps only the newest few and survives bad storage', () => {
    rememberAsked('u1', '2026-11-26');
    rememberAsked('u1', '2026-11-26');
    expect([...readAsked('u1')]).toEqual(['2026-11-26']);
    expect(readAsked('u2').size).toBe(0);
    for (let d = 1; d <= 20; d++) rememberAsked('u1', `2026-10-${String(d).padStart(2, '0')}`);
    const kept = [...readAsked('u1')];
    expect(kept).toHaveLength(7);
    expect(kept.at(-1)).toBe('2026-11-26');
    localStorage.setItem('otboo.feedback-asked.u3', '{not json');
    expect(readAsked('u3').size).toBe(0);
  });
});
