import { describe, expect, it } from 'vitest';
import { mildScenario, openMeteoBody } from '../../../test/fakes/open-meteo.js';
import { parseOpenMeteo } from './open-meteo.js';
import { ProviderError } from './weather-provider.js';

const NOW = new Date('2026-03-10T01:30:00Z'); // 10:30 in Seoul
const params = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    latitude: '37.5665',
    longitude: '126.978',
    past_days: '1',
    forecast_days: '6',
    wind_speed_unit: 'ms',
    ...extra,
  });

describe('parseOpenMeteo', () => {
  it('keys the hourly values by Seoul local hour, yesterday included', () => {
    const series = parseOpenMeteo(openMeteoBody(params(), mildScenario, NOW.getTime()), NOW);
    expect(series.source).toBe('open-meteo');
    expect(series.hours.size).toBe(7 * 24);
    expect(series.hours.get('2026-03-09T00')).toBeDefined();
    expect(series.hours.get('2026-03-10T10')).toEqual({
      temperature: mildScenario(0, 10).temperature,
      humidity: mildScenario(0, 10).humidity,
      precipitationProbability: 10,
      precipitation: 0,
      precipitationType: 'NONE',
      sky: 'CLEAR',
      windSpeed: 2.5,
    });
    expect(series.days.get('2026-03-15')).toMatchObject({ precipitationType: 'NONE', sky: 'CLEAR' });
  });

  it('converts km/h when the unit says so', () => {
    const series = parseOpenMeteo(
      openMeteoBody(params({ wind_speed_unit: 'kmh' }), mildScenario, NOW.getTime()),
      NOW,
    );
    expect(series.hours.get('2026-03-10T10')!.windSpeed).toBeCloseTo(2.5, 1);
  });

  it('reads rain and snow in the same hour as RAIN_SNOW', () => {
    const body = openMeteoBody(params(), mildScenario, NOW.getTime());
    const i = body.hourly.time.indexOf('2026-03-11T06:00');
    body.hourly.weather_code[i] = 71;
    body.hourly.rain[i] = 0.4;
    body.hourly.snowfall[i] = 0.7;
    expect(parseOpenMeteo(body, NOW).hours.get('2026-03-11T06')!.precipitationType).toBe('RAIN_SNOW');
  });

  it('skips hours without a temperature and keeps nulls out', () => {
    const body = openMeteoBody(params(), mildScenario, NOW.getTime()) as any;
    body.hourly.temperature_2m[0] = null;
    body.hourly.relative_humidity_2m[1] = null;
    const series = parseOpenMeteo(body, NOW);
    expect(series.hours.has('2026-03-09T00')).toBe(false);
    expect(series.hours.get('2026-03-09T01')!.humidity).toBeUndefined();
  });

  it('rejects error bodies, other time zones, garbage and empty lists', () => {
    const fail = (body: unknown) => {
      try {
        parseOpenMeteo(body, NOW);
      } catch (err) {
        return (err as ProviderError).failure;
      }
      return 'parsed';
    };
    expect(fail({ error: true, reason: 'Latitude must be in range of -90 to 90°. Given: 123.0.' })).toBe(
      'rejected',
    );
    expect(fail({ ...openMeteoBody(params(), mildScenario, NOW.getTime()), utc_offset_seconds: 0 })).toBe(
      'invalid',
    );
    expect(fail({ hourly: { time: ['yesterday'], temperature_2m: [1] } })).toBe('invalid');
    expect(fail('<html>')).toBe('invalid');
    expect(fail({ hourly: { time: [], temperature_2m: [] } })).toBe('empty');
  });
});
