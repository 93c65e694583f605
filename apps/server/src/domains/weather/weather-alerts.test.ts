import { describe, expect, it } from 'vitest';
import type { WeatherDto } from '@otboo/contract';
import { detectAlerts } from './weather-alerts.js';

function day(
  over: { temperatureChange?: number; type?: WeatherDto['precipitation']['type']; wind?: number } = {},
): WeatherDto {
  const wind = over.wind ?? 2;
  return {
    id: '00000000-0000-4000-8000-000000000000',
    forecastedAt: '2026-03-10T00:00:00.000Z',
    forecastAt: '2026-03-11T03:00:00.000Z',
    location: { latitude: 37.5, longitude: 127, x: 60, y: 127, locationNames: ['서울특별시'] },
    skyStatus: 'CLEAR',
    precipitation: { type: over.type ?? 'NONE', amount: 0, probability: 0 },
    humidity: { current: 50, comparedToDayBefore: 0 },
    temperature: { current: 10, min: 5, max: 15, comparedToDayBefore: over.temperatureChange ?? 0 },
    windSpeed: { speed: wind, asWord: wind >= 9 ? 'STRONG' : wind >= 4 ? 'MODERATE' : 'WEAK' },
    source: 'open-meteo',
    stale: false,
  };
}

describe('detectAlerts', () => {
  it('says nothing when tomorrow is like today', () => {
    expect(detectAlerts(day(), day({ temperatureChange: 4.9 }))).toEqual([]);
    expect(detectAlerts(day({ type: 'RAIN' }), day({ type: 'RAIN' }))).toEqual([]);
  });

  it('tells a swing of 5 °C or more, colder or warmer', () => {
    expect(detectAlerts(day(), day({ temperatureChange: -6.2 }))).toEqual([
      { kind: 'temperature', content: '내일은 오늘보다 6°C 낮아요. 따뜻하게 입으세요.', level: 'INFO' },
    ]);
    expect(detectAlerts(day(), day({ temperatureChange: 5 }))[0]!.content).toBe(
      '내일은 오늘보다 5°C 높아요. 가볍게 입으세요.',
    );
  });

  it('tells rain or snow that today does not have, and strong wind', () => {
    expect(detectAlerts(day(), day({ type: 'SNOW' })).map((a) => a.kind)).toEqual(['precipitation']);
    expect(detectAlerts(day(), day({ type: 'RAIN' }))[0]!.content).toContain('비 소식');
    const all = detectAlerts(day(), day({ temperatureChange: -8, type: 'RAIN_SNOW', wind: 11 }));
    expect(all.map((a) => a.kind)).toEqual(['temperature', 'precipitation', 'wind']);
    expect(all[2]).toMatchObject({
      level: 'WARNING',
      content: '내일은 바람이 강하게 불어요(초속 11m). 바람막이를 챙기세요.',
    });
  });
});
