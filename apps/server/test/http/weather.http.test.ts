import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { WeatherList, type WeatherDto } from '@otboo/contract';
import { weatherForecasts } from '../../src/db/schema/index.js';
import {
  addDays,
  mildScenario,
  seoulDate,
  seoulMorning,
  startOpenMeteoFake,
  type OpenMeteoFake,
} from '../fakes/open-meteo.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../support/start-server.js';

const CITY_HALL = { latitude: 37.5665, longitude: 126.978 }; // cell (60, 127)
const MYEONGDONG = { latitude: 37.557236, longitude: 126.987889 }; // same cell
const BUSAN = { latitude: 35.177019, longitude: 129.076953 }; // cell (98, 76)
const PARIS = { latitude: 48.8566, longitude: 2.3522 };

describe('weather: location and forecast (Open-Meteo)', () => {
  let fake: OpenMeteoFake;
  let testDb: TestDatabase;
  let server: TestServer;
  let http: HttpClient;
  let user: TestUser;
  const start = seoulMorning();
  const today = seoulDate(start.getTime());

  // Tokens outlive the clock jumps of these tests.
  const env = () => ({ OPEN_METEO_URL: fake.url, WEATHER_REFRESH_MINUTES: '60', ACCESS_TOKEN_TTL: '7d' });
  const forecast = (point: { latitude: number; longitude: number }, token = user.accessToken) =>
    http.get<WeatherDto[]>('/api/weathers', { token, query: point });

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(start);
    fake = await startOpenMeteoFake();
    testDb = await createTestDatabase();
    server = await startServer({ env: env(), database: testDb });
    http = httpClient(server.url);
    user = await createUser(server);
  });
  afterAll(async () => {
    await server?.close();
    await testDb?.drop();
    await fake?.close();
    vi.useRealTimers();
  });

  it('requires a token', async () => {
    for (const path of ['/api/weathers', '/api/weathers/location']) {
      const res = await http.get(path, { query: CITY_HALL });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        exceptionName: expect.any(String),
        message: '로그인이 필요합니다.',
        details: {},
      });
      const bad = await http.get(path, { query: CITY_HALL, token: 'not-a-token' });
      expect(bad.status).toBe(401);
    }
  });

  it('answers bad coordinates with 400 and Korean details, without asking the provider', async () => {
    const calls = fake.calls;
    const cases: [Record<string, string | undefined>, string][] = [
      [{ latitude: '37.5' }, 'longitude'],
      [{ longitude: '127' }, 'latitude'],
      [{ latitude: 'abc', longitude: '127' }, 'latitude'],
      [{ latitude: '37.5', longitude: 'NaN' }, 'longitude'],
      [{ latitude: '', longitude: '127' }, 'latitude'],
      [{ latitude: '  ', longitude: '127' }, 'latitude'],
      [{ latitude: '91', longitude: '127' }, 'latitude'],
      [{ latitude: '-90.0001', longitude: '127' }, 'latitude'],
      [{ latitude: '37.5', longitude: '180.5' }, 'longitude'],
      [{ latitude: '37.5', longitude: '-181' }, 'longitude'],
      [{ latitude: '1e400', longitude: '127' }, 'latitude'],
      [{ latitude: '37.5', longitude: 'Infinity' }, 'longitude'],
      [{ latitude: '9'.repeat(5000), longitude: '127' }, 'latitude'],
    ];
    for (const path of ['/api/weathers', '/api/weathers/location']) {
      for (const [query, field] of cases) {
        const res = await http.get(path, { token: user.accessToken, query });
        expect(res.status, `${path} ${JSON.stringify(query).slice(0, 80)}`).toBe(400);
        expect(res.body.exceptionName).toBe('InvalidInputException');
        expect(res.body.details[field]).toMatch(field === 'latitude' ? /^위도는/ : /^경도는/);
        expect(res.body.message).toMatch(/[가-힣]/);
      }
      const repeated = await http.get(`${path}?latitude=37.5&latitude=38&longitude=127`, {
        token: user.accessToken,
      });
      expect(repeated.status).toBe(400);
    }
    expect(fake.calls).toBe(calls);
  });

  it('names a location from the embedded region table, offline', async () => {
    const calls = fake.calls;
    const res = await http.get('/api/weathers/location', { token: user.accessToken, query: CITY_HALL });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...CITY_HALL,
      x: 60,
      y: 127,
      locationNames: ['서울특별시', '중구', '소공동'],
    });
    const myeongdong = await http.get('/api/weathers/location', {
      token: user.accessToken,
      query: MYEONGDONG,
    });
    expect(myeongdong.body.locationNames).toEqual(['서울특별시', '중구', '명동']);
    const edges = await http.get('/api/weathers/location', {
      token: user.accessToken,
      query: { latitude: -90, longitude: 180 },
    });
    expect(edges.status).toBe(200);
    expect(edges.body.locationNames).toEqual(['위도 -90.00, 경도 180.00']);
    expect(fake.calls).toBe(calls);
  });

  it('labels a point outside Korea with its coordinates', async () => {
    const res = await http.get('/api/weathers/location', { token: user.accessToken, query: PARIS });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...PARIS, locationNames: ['위도 48.86, 경도 2.35'] });
    expect(Number.isInteger(res.body.x) && Number.isInteger(res.body.y)).toBe(true);
  });

  it('returns five days, today first, with the caller’s location, from one upstream request', async () => {
    const calls = fake.calls;
    const res = await forecast(CITY_HALL);
    expect(res.status).toBe(200);
    const days = WeatherList.parse(res.body);
    expect(days).toHaveLength(5);
    expect(days.map((d) => seoulDate(Date.parse(d.forecastAt)))).toEqual(
      [0, 1, 2, 3, 4].map((i) => addDays(today, i)),
    );
    expect(new Set(days.map((d) => d.id)).size).toBe(5);
    for (const d of days) {
      expect(d).toMatchObject({ source: 'open-meteo', stale: false, skyStatus: 'CLEAR' });
      expect(d.location).toEqual({
        ...CITY_HALL,
        x: 60,
        y: 127,
        locationNames: ['서울특별시', '중구', '소공동'],
      });
      expect(d.precipitation).toEqual({ type: 'NONE', amount: 0, probability: 10 });
      expect(d.windSpeed).toEqual({ speed: 2.5, asWord: 'WEAK' });
    }
    // Today is read at the current hour (10:00), later days at midday; every day is 1 °C warmer than the last.
    expect(days[0]!.forecastAt).toBe(new Date(`${today}T10:00:00+09:00`).toISOString());
    expect(days[1]!.forecastAt).toBe(new Date(`${addDays(today, 1)}T12:00:00+09:00`).toISOString());
    expect(days[0]!.temperature.current).toBe(mildScenario(0, 10).temperature);
    expect(days[0]!.temperature.comparedToDayBefore).toBe(1);
    expect(days[2]!.temperature).toMatchObject({
      current: mildScenario(2, 12).temperature,
      min: 9,
      max: 19,
      comparedToDayBefore: 1,
    });
    expect(days[0]!.humidity).toEqual({ current: mildScenario(0, 10).humidity, comparedToDayBefore: 0 });

    expect(fake.calls).toBe(calls + 1);
    const q = fake.requests.at(-1)!.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      hourly:
        'temperature_2m,relative_humidity_2m,precipitation_probability,precipitation,rain,showers,snowfall,weather_code,cloud_cover,wind_speed_10m',
      daily:
        'weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max,wind_speed_10m_max',
      past_days: '1',
      timezone: 'Asia/Seoul',
      wind_speed_unit: 'ms',
    });
    // The provider is asked about the cell's centre, never about a user's exact point.
    expect(Math.abs(Number(q.get('latitude')) - CITY_HALL.latitude)).toBeLessThan(0.05);
    expect(q.get('latitude')).not.toBe(String(CITY_HALL.latitude));
  });

  it('returns the same ids within a refresh period, to everyone in the cell, without asking again', async () => {
    const first = await forecast(CITY_HALL);
    const calls = fake.calls;
    const other = await createUser(server);
    const again = await forecast(MYEONGDONG, other.accessToken);
    expect(again.status).toBe(200);
    expect(again.body.map((d: WeatherDto) => d.id)).toEqual(first.body.map((d: WeatherDto) => d.id));
    expect(again.body[0].location).toEqual({
      ...MYEONGDONG,
      x: 60,
      y: 127,
      locationNames: ['서울특별시', '중구', '명동'],
    });
    vi.setSystemTime(Date.now() + 30 * 60_000);
    const later = await forecast(CITY_HALL);
    expect(later.body.map((d: WeatherDto) => d.id)).toEqual(first.body.map((d: WeatherDto) => d.id));
    expect(fake.calls).toBe(calls);
  });

  it('makes exactly one upstream request for 100 concurrent callers', async () => {
    fake.delayMs = 300;
    const calls = fake.calls;
    const responses = await Promise.all(Array.from({ length: 100 }, () => forecast(BUSAN)));
    fake.delayMs = 0;
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(new Set(responses.map((r) => r.body.map((d: WeatherDto) => d.id).join()))).toHaveProperty(
      'size',
      1,
    );
    expect(fake.calls).toBe(calls + 1);
    expect(responses[0]!.body[0].location.locationNames[0]).toBe('부산광역시');
  });

  it('refreshes after the period with new ids and keeps the old rows', async () => {
    const before = await forecast(CITY_HALL);
    const calls = fake.calls;
    vi.setSystemTime(Date.now() + 61 * 60_000);
    const after = await forecast(CITY_HALL);
    expect(after.status).toBe(200);
    expect(fake.calls).toBe(calls + 1);
    const oldIds = before.body.map((d: WeatherDto) => d.id);
    const newIds = after.body.map((d: WeatherDto) => d.id);
    expect(newIds.some((id: string) => oldIds.includes(id))).toBe(false);
    const [{ value }] = await server.database.db
      .select({ value: count() })
      .from(weatherForecasts)
      .where(eq(weatherForecasts.id, oldIds[0]));
    expect(value).toBe(1);
    const again = await forecast(CITY_HALL);
    expect(again.body.map((d: WeatherDto) => d.id)).toEqual(newIds);
  });

  it('answers a forecast far from Korea too', async () => {
    const res = await forecast(PARIS);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    expect(res.body[0].location.locationNames).toEqual(['위도 48.86, 경도 2.35']);
  });

  it('reads the stored batch after a restart (another instance) instead of asking again', async () => {
    const before = await forecast(CITY_HALL);
    const calls = fake.calls;
    await server.close();
    server = await startServer({ env: env(), database: testDb });
    http = httpClient(server.url);
    user = await createUser(server);
    const after = await forecast(CITY_HALL);
    expect(after.status).toBe(200);
    expect(after.body.map((d: WeatherDto) => d.id)).toEqual(before.body.map((d: WeatherDto) => d.id));
    expect(fake.calls).toBe(calls);
  });
});
