import { describe, expect, it } from 'vitest';
import { climatologyDay, climatologyDays, nearestStation } from './climatology.js';

describe('climatology estimate', () => {
  it('uses the nearest station and nothing far from every station', () => {
    expect(nearestStation(37.5665, 126.978)!.name).toBe('서울');
    expect(nearestStation(35.87, 128.6)!.name).toBe('대구(신암)');
    expect(nearestStation(48.8566, 2.3522)).toBeNull();
  });

  it('estimates five days from the normals, at the hours a forecast is read', () => {
    // 16 January (the middle of the month), 15:00 in Seoul: the January normals themselves (tmin −5.5, tmax 2.1, 6.2 wet days).
    const days = climatologyDays(37.5665, 126.978, new Date('2026-01-16T06:00:00Z'))!;
    expect(days).toHaveLength(5);
    expect(days.map((d) => d.date)).toEqual([
      '2026-01-16',
      '2026-01-17',
      '2026-01-18',
      '2026-01-19',
      '2026-01-20',
    ]);
    const today = days[0]!;
    expect(today.source).toBe('climatology');
    expect(today.temperature.min).toBeCloseTo(-5.5, 1);
    expect(today.temperature.max).toBeCloseTo(2.1, 1);
    expect(today.temperature.current).toBeCloseTo(2.1, 1);
    expect(today.precipitation.probability).toBeCloseTo((6.2 / 31) * 100, 0);
    expect(today.precipitation.type).toBe('NONE');
    expect(today.humidity.current).toBeGreaterThan(40);
    expect(today.humidity.current).toBeLessThan(70);
    expect(Math.abs(today.temperature.comparedToDayBefore!)).toBeLessThan(0.5);
    expect(days[1]!.forecastAt.toISOString()).toBe('2026-01-17T03:00:00.000Z');
  });

  it('is wet in the monsoon', () => {
    const july = climatologyDays(37.5665, 126.978, new Date('2026-07-15T03:00:00Z'))![0]!;
    expect(july.precipitation.type).toBe('RAIN');
    expect(july.skyStatus).toBe('CLOUDY');
    expect(july.temperature.current).toBeGreaterThan(25);
  });

  it('estimates any later day at midday, as the five days read it (a trip beyond the forecast)', () => {
    const days = climatologyDays(37.5665, 126.978, new Date('2026-01-16T06:00:00Z'))!;
    expect(climatologyDay(37.5665, 126.978, '2026-01-18')).toEqual(days[2]);
    const august = climatologyDay(35.1796, 129.0756, '2026-08-20')!;
    expect(august.date).toBe('2026-08-20');
    expect(august.forecastAt.toISOString()).toBe('2026-08-20T03:00:00.000Z');
    expect(august.temperature.max).toBeGreaterThan(august.temperature.min);
    expect(climatologyDay(48.8566, 2.3522, '2026-08-20')).toBeNull();
  });
});
