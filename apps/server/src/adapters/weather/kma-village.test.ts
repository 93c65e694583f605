import { describe, expect, it } from 'vitest';
import { kmaItems } from '../../../test/fakes/kma.js';
import type { FakeScenario } from '../../../test/fakes/open-meteo.js';
import { seriesOfKmaItems } from './kma-village.js';

const NOW = new Date('2026-03-10T01:30:00Z'); // 10:30 KST → issue 08:00
const rainyTomorrow: FakeScenario = (day, hour) => ({
  temperature: 10 + day + (hour >= 12 ? 3 : 0),
  humidity: 60,
  precipitationProbability: day === 1 ? 70 : 0,
  precipitation: day === 1 && hour === 9 ? 35 : day === 1 ? 0.4 : 0,
  code: day === 1 ? 61 : 0,
  cloudCover: day === 1 ? 100 : 60,
  wind: 3.2,
});

describe('seriesOfKmaItems', () => {
  const items = kmaItems('20260310', '0800', 60, 127, rainyTomorrow, NOW.getTime());
  const series = seriesOfKmaItems(items as any, new Date('2026-03-09T23:00:00Z'));

  it('starts at the hour after the issue and reads each category', () => {
    expect(series.hours.has('2026-03-10T08')).toBe(false);
    expect(series.hours.get('2026-03-10T09')).toEqual({
      temperature: 10,
      humidity: 60,
      precipitationProbability: 0,
      precipitation: 0,
      precipitationType: 'NONE',
      sky: 'MOSTLY_CLOUDY',
      windSpeed: 3.2,
    });
    expect(series.hours.get('2026-03-11T09')).toMatchObject({
      precipitationType: 'RAIN',
      precipitation: 40,
      sky: 'CLOUDY',
    });
    expect(series.hours.get('2026-03-11T10')!.precipitation).toBe(0.5);
  });

  it('keeps TMN/TMX as the day extremes where the issue has them', () => {
    expect(series.days.get('2026-03-10')).toEqual({ max: 13 }); // 06:00 is before the issue
    expect(series.days.get('2026-03-11')).toEqual({ min: 11, max: 14 });
  });

  it('throws when no row has a temperature', () => {
    expect(() => seriesOfKmaItems(items.filter((i) => i.category !== 'TMP') as any, NOW)).toThrow(
      /no temperatures/,
    );
  });
});
