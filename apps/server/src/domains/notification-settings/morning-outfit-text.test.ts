import { describe, expect, it } from 'vitest';
import type { WeatherDto } from '@otboo/contract';
import { morningNotificationOf, morningWeatherText } from './morning-outfit-text.js';

function weather(over: {
  sky?: WeatherDto['skyStatus'];
  type?: WeatherDto['precipitation']['type'];
  min: number;
  max: number;
}): WeatherDto {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    forecastedAt: '2026-01-10T00:00:00.000Z',
    forecastAt: '2026-01-10T00:00:00.000Z',
    location: { latitude: 37.5, longitude: 127, x: 60, y: 127, locationNames: ['서울특별시'] },
    skyStatus: over.sky ?? 'CLEAR',
    precipitation: { type: over.type ?? 'NONE', amount: 0, probability: 0 },
    humidity: { current: 40, comparedToDayBefore: 0 },
    temperature: { current: 5, min: over.min, max: over.max, comparedToDayBefore: 0 },
    windSpeed: { speed: 1, asWord: 'WEAK' },
    source: 'open-meteo',
    stale: false,
  };
}

describe('morning outfit text', () => {
  it('names the sky and whole degrees, then the pieces: 맑음 3°/12° · 울 코트, 니트, 청바지, 첼시 부츠', () => {
    const n = morningNotificationOf({
      kind: 'outfit',
      weather: weather({ min: 2.6, max: 11.5 }),
      pieces: ['울 코트', '니트', '청바지', '첼시 부츠'],
    });
    expect(n).toEqual({
      title: '오늘의 옷 추천',
      content: '맑음 3°/12° · 울 코트, 니트, 청바지, 첼시 부츠',
      kind: 'OUTFIT',
    });
  });

  it('names rain or snow instead of the sky, and never writes -0°', () => {
    expect(morningWeatherText(weather({ sky: 'CLOUDY', type: 'RAIN', min: 8, max: 14 }))).toBe('비 8°/14°');
    expect(morningWeatherText(weather({ sky: 'MOSTLY_CLOUDY', min: -0.3, max: 4 }))).toBe('구름많음 0°/4°');
    expect(morningWeatherText(weather({ type: 'SNOW', min: -7.6, max: -1 }))).toBe('눈 -8°/-1°');
  });

  it('says where the location is missing and when the closet is empty (linking to the closet)', () => {
    expect(morningNotificationOf({ kind: 'no-location' })).toEqual({
      title: '오늘의 옷 추천',
      content: '위치를 설정하면 매일 아침 옷을 추천해드려요',
      kind: 'OUTFIT',
    });
    const empty = morningNotificationOf({ kind: 'empty-closet', weather: weather({ min: 3, max: 12 }) });
    expect(empty.kind).toBe('OUTFIT_CLOSET');
    expect(empty.content).toBe('맑음 3°/12° · 옷장이 비어 있어요. 옷을 등록하면 매일 아침 옷을 추천해드려요');
  });
});
