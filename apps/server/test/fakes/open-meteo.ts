import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback Open-Meteo `/v1/forecast` that answers in the real response format (field names, units,
 * local `YYYY-MM-DDTHH:MM` times, `{"error":true,"reason":…}` on bad input), from a scenario function.
 */

/** One hour of fake weather; the KMA fake renders the same scenario in its own codes. */
export interface FakeHour {
  temperature: number;
  humidity: number;
  /** % */
  precipitationProbability: number;
  /** mm in the hour */
  precipitation: number;
  /** WMO code */
  code: number;
  /** % */
  cloudCover: number;
  /** m/s */
  wind: number;
  /** cm */
  snowfall?: number;
}

/** `dayOffset` counts from today in Seoul (−1 = yesterday). */
export type FakeScenario = (dayOffset: number, hour: number) => FakeHour;

/** Mild, clear, dry and calm; a little warmer each day. */
export const mildScenario: FakeScenario = (dayOffset, hour) => ({
  temperature: Math.round((12 + dayOffset + 5 * Math.cos((2 * Math.PI * (hour - 15)) / 24)) * 10) / 10,
  humidity: 55 + (hour % 5),
  precipitationProbability: 10,
  precipitation: 0,
  code: 1,
  cloudCover: 20,
  wind: 2.5,
});

export type FakeMode = 'ok' | 'error500' | 'garbage' | 'hang' | 'empty' | 'bad-request';

const KST_MS = 9 * 3_600_000;
/** The Seoul calendar date of an instant. */
export const seoulDate = (ms: number) => new Date(ms + KST_MS).toISOString().slice(0, 10);
export const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Today's (real) date at 10:30 in Seoul: suites pin the clock there (`vi.setSystemTime`) so "today", the
 * KMA issue (08:00) and the refresh period do not depend on when they run, while staying close enough to
 * the database's own clock.
 */
export function seoulMorning(realNow = Date.now()): Date {
  return new Date(`${seoulDate(realNow)}T10:30:00+09:00`);
}

/** The body Open-Meteo sends for these query parameters (timezone Asia/Seoul, wind in m/s). */
export function openMeteoBody(params: URLSearchParams, scenario: FakeScenario, now = Date.now()) {
  const pastDays = Number(params.get('past_days') ?? 0);
  const forecastDays = Number(params.get('forecast_days') ?? 7);
  const today = seoulDate(now);
  const time: string[] = [];
  const hours: FakeHour[] = [];
  const dates: string[] = [];
  for (let d = -pastDays; d < forecastDays; d++) {
    const date = addDays(today, d);
    dates.push(date);
    for (let h = 0; h < 24; h++) {
      time.push(`${date}T${String(h).padStart(2, '0')}:00`);
      hours.push(scenario(d, h));
    }
  }
  const dayHours = (i: number) => hours.slice(i * 24, i * 24 + 24);
  const r1 = (v: number) => Math.round(v * 10) / 10;
  return {
    latitude: Math.round(Number(params.get('latitude')) * 100) / 100,
    longitude: Math.round(Number(params.get('longitude')) * 100) / 100,
    generationtime_ms: 0.123,
    utc_offset_seconds: 32400,
    timezone: 'Asia/Seoul',
    timezone_abbreviation: 'GMT+9',
    elevation: 38,
    hourly_units: {
      time: 'iso8601',
      temperature_2m: '°C',
      relative_humidity_2m: '%',
      precipitation_probability: '%',
      precipitation: 'mm',
      rain: 'mm',
      showers: 'mm',
      snowfall: 'cm',
      weather_code: 'wmo code',
      cloud_cover: '%',
      wind_speed_10m: params.get('wind_speed_unit') === 'ms' ? 'm/s' : 'km/h',
    },
    hourly: {
      time,
      temperature_2m: hours.map((h) => h.temperature),
      relative_humidity_2m: hours.map((h) => h.humidity),
      precipitation_probability: hours.map((h) => h.precipitationProbability),
      precipitation: hours.map((h) => h.precipitation),
      rain: hours.map((h) => (h.code >= 80 ? 0 : h.snowfall ? 0 : h.precipitation)),
      showers: hours.map((h) => (h.code >= 80 && h.code <= 82 ? h.precipitation : 0)),
      snowfall: hours.map((h) => h.snowfall ?? 0),
      weather_code: hours.map((h) => h.code),
      cloud_cover: hours.map((h) => h.cloudCover),
      wind_speed_10m: hours.map((h) => (params.get('wind_speed_unit') === 'ms' ? h.wind : r1(h.wind * 3.6))),
    },
    daily_units: {
      time: 'iso8601',
      weather_code: 'wmo code',
      temperature_2m_max: '°C',
      temperature_2m_min: '°C',
      precipitation_sum: 'mm',
      precipitation_probability_max: '%',
      wind_speed_10m_max: 'm/s',
    },
    daily: {
      time: dates,
      weather_code: dates.map((_, i) => Math.max(...dayHours(i).map((h) => h.code))),
      temperature_2m_max: dates.map((_, i) => Math.max(...dayHours(i).map((h) => h.temperature))),
      temperature_2m_min: dates.map((_, i) => Math.min(...dayHours(i).map((h) => h.temperature))),
      precipitation_sum: dates.map((_, i) => r1(dayHours(i).reduce((s, h) => s + h.precipitation, 0))),
      precipitation_probability_max: dates.map((_, i) =>
        Math.max(...dayHours(i).map((h) => h.precipitationProbability)),
      ),
      wind_speed_10m_max: dates.map((_, i) => Math.max(...dayHours(i).map((h) => h.wind))),
    },
  };
}

export interface OpenMeteoFake {
  /** Base URL for OPEN_METEO_URL. */
  url: string;
  /** Forecast requests received. */
  calls: number;
  requests: URL[];
  mode: FakeMode;
  scenario: FakeScenario;
  /** Added before each answer (single-flight tests want a slow upstream). */
  delayMs: number;
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1 (loopback only). */
export async function startOpenMeteoFake(
  options: { scenario?: FakeScenario; mode?: FakeMode } = {},
): Promise<OpenMeteoFake> {
  const fake: OpenMeteoFake = {
    url: '',
    calls: 0,
    requests: [],
    mode: options.mode ?? 'ok',
    scenario: options.scenario ?? mildScenario,
    delayMs: 0,
    close: async () => {},
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/v1/forecast') {
      res
        .writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
        .end('{"error":true,"reason":"Not Found"}');
      return;
    }
    fake.calls += 1;
    fake.requests.push(url);
    if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    switch (fake.mode) {
      case 'hang':
        return; // never answers; the server closes the socket on close()
      case 'error500':
        res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
        return;
      case 'garbage':
        res
          .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
          .end('{"latitude":37.5,"hourly":{"time":["2026-');
        return;
      case 'bad-request':
        json(400, { error: true, reason: 'Latitude must be in range of -90 to 90°. Given: 123.0.' });
        return;
      case 'empty': {
        const body = openMeteoBody(url.searchParams, fake.scenario);
        for (const key of Object.keys(body.hourly) as (keyof typeof body.hourly)[])
          (body.hourly[key] as unknown[]) = [];
        json(200, body);
        return;
      }
      default: {
        const lat = Number(url.searchParams.get('latitude'));
        if (!(lat >= -90 && lat <= 90)) {
          json(400, { error: true, reason: `Latitude must be in range of -90 to 90°. Given: ${lat}.` });
          return;
        }
        json(200, openMeteoBody(url.searchParams, fake.scenario));
      }
    }
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
