import { describe, expect, it } from 'vitest';
import type { ForecastSeries, HourValues } from '../../adapters/weather/weather-provider.js';
import { buildDays, REPRESENTATIVE_HOUR } from './forecast-days.js';

const NOW = new Date('2026-03-10T05:20:00Z'); // 14:20 in Seoul
const DATES = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14'];

/** A series with `values(date, hour)` for every hour of `dates` (undefined leaves the hour out). */
function series(
  source: 'kma' | 'open-meteo',
  dates: string[],
  values: (date: string, hour: number) => HourValues | undefined,
): ForecastSeries {
  const hours = new Map<string, HourValues>();
  for (const date of dates) {
    for (let h = 0; h < 24; h++) {
      const v = values(date, h);
      if (v) hours.set(`${date}T${String(h).padStart(2, '0')}`, v);
    }
  }
  return { source, issuedAt: NOW, hours, days: new Map() };
}

const base = (date: string, hour: number): HourValues => ({
  temperature: DATES.indexOf(date) * 2 + hour / 10,
  humidity: 50 + DATES.indexOf(date),
  precipitationProbability: 0,
  precipitation: 0,
  precipitationType: 'NONE',
  sky: 'CLEAR',
  windSpeed: 2,
});

describe('buildDays', () => {
  it('returns today first, then four days, today at the current hour and later days at midday', () => {
    const days = buildDays([series('open-meteo', DATES, base)], NOW);
    expect(days.map((d) => d?.date)).toEqual(DATES.slice(1));
    expect(days[0]!.forecastAt.toISOString()).toBe('2026-03-10T05:00:00.000Z');
    expect(days[1]!.forecastAt.toISOString()).toBe(`2026-03-11T0${REPRESENTATIVE_HOUR - 9}:00:00.000Z`);
    expect(days[0]!.temperature.current).toBeCloseTo(2 + 1.4);
  });

  it('compares with the day before at the same hour', () => {
    const days = buildDays([series('open-meteo', DATES, base)], NOW);
    // every day is 2 °C warmer and 1 % more humid than the one before, at any hour
    for (const d of days) {
      expect(d!.temperature.comparedToDayBefore).toBeCloseTo(2);
      expect(d!.humidity.comparedToDayBefore).toBe(1);
    }
  });

  it('leaves the comparison unknown when the day before is missing', () => {
    const days = buildDays([series('open-meteo', DATES.slice(1), base)], NOW);
    expect(days[0]!.temperature.comparedToDayBefore).toBeNull();
    expect(days[1]!.temperature.comparedToDayBefore).not.toBeNull();
  });

  it('sums the day, takes the highest probability and combines rain with snow', () => {
    const wet = series('open-meteo', DATES, (date, hour) => ({
      ...base(date, hour),
      precipitation: date === '2026-03-11' && hour < 4 ? 1.5 : 0,
      precipitationProbability: date === '2026-03-11' ? 20 + hour : 0,
      precipitationType:
        date === '2026-03-11' ? (hour === 0 ? 'RAIN' : hour === 1 ? 'SNOW' : 'NONE') : 'NONE',
    }));
    const [, tomorrow, after] = buildDays([wet], NOW);
    expect(tomorrow!.precipitation).toEqual({ type: 'RAIN_SNOW', amount: 6, probability: 43 });
    expect(after!.precipitation).toEqual({ type: 'NONE', amount: 0, probability: 0 });
  });

  it('takes min and max over the day and the published extremes', () => {
    const s = series('open-meteo', DATES, base);
    s.days.set('2026-03-11', { min: -3, max: 30 });
    const [today, tomorrow] = buildDays([s], NOW);
    expect(today!.temperature.min).toBeCloseTo(2);
    expect(today!.temperature.max).toBeCloseTo(4.3);
    expect(tomorrow!.temperature).toMatchObject({ min: -3, max: 30 });
  });

  it('prefers the first layer, fills from the next, and reads the nearest hour of a partial day', () => {
    // KMA issued at 14:00: today from 15:00, then two more days; Open-Meteo has everything.
    const kma = series('kma', DATES.slice(1, 4), (date, hour) =>
      date === '2026-03-10' && hour < 15 ? undefined : { ...base(date, hour), temperature: 100 + hour },
    );
    const om = series('open-meteo', DATES, base);
    const days = buildDays([kma, om], NOW);
    expect(days.map((d) => d!.source)).toEqual(['kma', 'kma', 'kma', 'open-meteo', 'open-meteo']);
    expect(days[0]!.forecastAt.toISOString()).toBe('2026-03-10T06:00:00.000Z'); // 15:00, nearest to 14:00
    expect(days[0]!.temperature.current).toBe(115);
    // min over the merged day: Open-Meteo's morning, KMA's afternoon
    expect(days[0]!.temperature.min).toBeCloseTo(2);
    expect(days[0]!.temperature.comparedToDayBefore).toBeCloseTo(115 - 1.5);
    expect(days[3]!.temperature.current).toBeCloseTo(8 + 1.2);
  });

  it('returns null for days no layer describes', () => {
    const days = buildDays([series('kma', DATES.slice(1, 3), base)], NOW);
    expect(days.map((d) => d === null)).toEqual([false, false, true, true, true]);
  });
});
