import { describe, expect, it } from 'vitest';
import { addDays, hourKey, seoulInstant, seoulParts } from './seoul-time.js';

describe('seoul time', () => {
  it('reads an instant as the Seoul date, hour and minute (UTC+9)', () => {
    expect(seoulParts(Date.parse('2026-03-01T14:59:00Z'))).toEqual({
      date: '2026-03-01',
      hour: 23,
      minute: 59,
    });
    expect(seoulParts(new Date('2026-03-01T15:00:00Z'))).toEqual({ date: '2026-03-02', hour: 0, minute: 0 });
  });

  it('turns a Seoul date and hour back into the instant', () => {
    expect(seoulInstant('2026-03-02', 0).toISOString()).toBe('2026-03-01T15:00:00.000Z');
    expect(seoulParts(seoulInstant('2026-07-15', 6))).toEqual({ date: '2026-07-15', hour: 6, minute: 0 });
  });

  it('adds whole days across month and year ends', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
  });

  it('keys a local forecast hour', () => {
    expect(hourKey('2026-03-02', 7)).toBe('2026-03-02T07');
  });
});
