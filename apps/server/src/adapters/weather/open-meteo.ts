import { z } from 'zod';
import type { PrecipitationType } from '@otboo/contract';
import { getText, parseJson } from './http-text.js';
import {
  ProviderError,
  type DayValues,
  type ForecastQuery,
  type ForecastSeries,
  type HourValues,
} from './weather-provider.js';
import { precipitationOfWmo, skyOfCloudCover, skyOfWmo } from './wmo-codes.js';

const HOURLY = [
  'temperature_2m',
  'relative_humidity_2m',
  'precipitation_probability',
  'precipitation',
  'rain',
  'showers',
  'snowfall',
  'weather_code',
  'cloud_cover',
  'wind_speed_10m',
] as const;
const DAILY = [
  'weather_code',
  'temperature_2m_max',
  'temperature_2m_min',
  'precipitation_sum',
  'precipitation_probability_max',
  'wind_speed_10m_max',
] as const;

const KST_OFFSET_SECONDS = 9 * 3600;
const LOCAL_HOUR = /^(\d{4}-\d{2}-\d{2})T(\d{2}):00$/;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

const series = z.array(z.number().nullable());
const OpenMeteoForecast = z.object({
  utc_offset_seconds: z.number().optional(),
  hourly_units: z.record(z.string(), z.string()).optional(),
  hourly: z.object({
    time: z.array(z.string().regex(LOCAL_HOUR)),
    temperature_2m: series,
    relative_humidity_2m: series.optional(),
    precipitation_probability: series.optional(),
    precipitation: series.optional(),
    rain: series.optional(),
    showers: series.optional(),
    snowfall: series.optional(),
    weather_code: series.optional(),
    cloud_cover: series.optional(),
    wind_speed_10m: series.optional(),
  }),
  daily: z
    .object({
      time: z.array(z.string().regex(LOCAL_DATE)),
      weather_code: series.optional(),
      temperature_2m_max: series.optional(),
      temperature_2m_min: series.optional(),
      precipitation_sum: series.optional(),
      precipitation_probability_max: series.optional(),
    })
    .optional(),
});
const OpenMeteoError = z.object({ error: z.literal(true), reason: z.string() });

/** Open-Meteo answers wind in the unit we ask for; km/h would be its default if a proxy dropped the parameter. */
function windFactor(unit: string | undefined): number {
  if (unit === undefined || unit === 'm/s') return 1;
  if (unit === 'km/h') return 1 / 3.6;
  if (unit === 'kn') return 0.514444;
  if (unit === 'mp/h' || unit === 'mph') return 0.44704;
  throw new ProviderError('open-meteo', 'invalid', `unknown wind unit ${unit}`);
}

const at = (values: readonly (number | null)[] | undefined, i: number): number | undefined => {
  const v = values?.[i];
  return v === null || v === undefined ? undefined : v;
};

/** The response of `/v1/forecast` → one series keyed by Seoul local hours. */
export function parseOpenMeteo(body: unknown, issuedAt: Date): ForecastSeries {
  const error = OpenMeteoError.safeParse(body);
  if (error.success) throw new ProviderError('open-meteo', 'rejected', error.data.reason);
  const parsed = OpenMeteoForecast.safeParse(body);
  if (!parsed.success) throw new ProviderError('open-meteo', 'invalid', 'unexpected forecast shape');
  const data = parsed.data;
  if (data.utc_offset_seconds !== undefined && data.utc_offset_seconds !== KST_OFFSET_SECONDS) {
    throw new ProviderError(
      'open-meteo',
      'invalid',
      `times are not in Asia/Seoul (offset ${data.utc_offset_seconds})`,
    );
  }
  const h = data.hourly;
  const wind = windFactor(data.hourly_units?.wind_speed_10m);
  const hours = new Map<string, HourValues>();
  h.time.forEach((time, i) => {
    const temperature = at(h.temperature_2m, i);
    if (temperature === undefined) return;
    const code = at(h.weather_code, i);
    const windSpeed = at(h.wind_speed_10m, i);
    const cloud = at(h.cloud_cover, i);
    let type: PrecipitationType | undefined = code === undefined ? undefined : precipitationOfWmo(code);
    // One code per hour cannot say "rain and snow"; the amounts can.
    const liquid = (at(h.rain, i) ?? 0) + (at(h.showers, i) ?? 0);
    if (liquid > 0 && (at(h.snowfall, i) ?? 0) > 0) type = 'RAIN_SNOW';
    // The schema matched `time` against LOCAL_HOUR: `YYYY-MM-DDTHH:00` keys its hour as `YYYY-MM-DDTHH`.
    hours.set(time.slice(0, 13), {
      temperature,
      humidity: at(h.relative_humidity_2m, i),
      precipitationProbability: at(h.precipitation_probability, i),
      precipitation: at(h.precipitation, i),
      precipitationType: type,
      sky:
        code !== undefined ? skyOfWmo(code, cloud) : cloud !== undefined ? skyOfCloudCover(cloud) : undefined,
      windSpeed: windSpeed === undefined ? undefined : windSpeed * wind,
    });
  });
  if (hours.size === 0) throw new ProviderError('open-meteo', 'empty', 'no hourly values');

  const days = new Map<string, DayValues>();
  const d = data.daily;
  d?.time.forEach((date, i) => {
    const code = at(d.weather_code, i);
    days.set(date, {
      min: at(d.temperature_2m_min, i),
      max: at(d.temperature_2m_max, i),
      precipitationSum: at(d.precipitation_sum, i),
      precipitationProbabilityMax: at(d.precipitation_probability_max, i),
      precipitationType: code === undefined ? undefined : precipitationOfWmo(code),
      sky: code === undefined ? undefined : skyOfWmo(code),
    });
  });
  return { source: 'open-meteo', issuedAt, hours, days };
}

export interface OpenMeteoOptions {
  baseUrl: string;
  timeoutMs: number;
}

/** Open-Meteo `/v1/forecast`: yesterday (for the day-before comparison) through five days ahead. */
export function createOpenMeteoClient(options: OpenMeteoOptions) {
  return {
    async fetchSeries(query: ForecastQuery): Promise<ForecastSeries> {
      const params = new URLSearchParams({
        latitude: query.latitude.toFixed(4),
        longitude: query.longitude.toFixed(4),
        hourly: HOURLY.join(','),
        daily: DAILY.join(','),
        past_days: '1',
        forecast_days: '6',
        timezone: 'Asia/Seoul',
        wind_speed_unit: 'ms',
      });
      const res = await getText('open-meteo', `${options.baseUrl}/v1/forecast?${params}`, {
        timeoutMs: options.timeoutMs,
        signal: query.signal,
      });
      if (res.status !== 200) {
        let reason = `HTTP ${res.status}`;
        try {
          const error = OpenMeteoError.safeParse(JSON.parse(res.text));
          if (error.success) reason = error.data.reason;
        } catch {
          // An error page that is not JSON: the status says enough.
        }
        throw new ProviderError('open-meteo', res.status === 400 ? 'rejected' : 'http', reason);
      }
      return parseOpenMeteo(parseJson('open-meteo', res.text), query.now);
    },
  };
}
export type OpenMeteoClient = ReturnType<typeof createOpenMeteoClient>;
