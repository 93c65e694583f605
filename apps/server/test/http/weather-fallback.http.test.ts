import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WeatherList, type WeatherDto } from '@otboo/contract';
import {
  addDays,
  seoulDate,
  seoulMorning,
  startOpenMeteoFake,
  type FakeMode,
  type OpenMeteoFake,
} from '../fakes/open-meteo.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

/** Points in distinct grid cells, so each case starts from its own cache and stored batches. */
const POINTS = {
  error500: { latitude: 37.2636, longitude: 127.0286 }, // 수원
  garbage: { latitude: 36.3504, longitude: 127.3845 }, // 대전
  hang: { latitude: 35.1595, longitude: 126.8526 }, // 광주
  empty: { latitude: 35.8714, longitude: 128.6014 }, // 대구
  'bad-request': { latitude: 37.4563, longitude: 126.7052 }, // 인천
  yesterday: { latitude: 35.5384, longitude: 129.3114 }, // 울산
  neverFetched: { latitude: 37.8813, longitude: 127.7298 }, // 춘천
  recovery: { latitude: 33.4996, longitude: 126.5312 }, // 제주
  abroad: { latitude: 48.8566, longitude: 2.3522 }, // Paris: no stored forecast, no station normals
};

const ids = (days: WeatherDto[]) => days.map((d) => d.id);

describe('weather: when the provider fails', () => {
  let fake: OpenMeteoFake;
  let server: TestServer;
  let http: HttpClient;
  let user: TestUser;
  const start = seoulMorning();
  const dates = (from: string) => [0, 1, 2, 3, 4].map((i) => addDays(from, i));
  const dayOf = (d: WeatherDto) => seoulDate(Date.parse(d.forecastAt));

  const forecast = (point: { latitude: number; longitude: number }) =>
    http.get<WeatherDto[]>('/api/weathers', { token: user.accessToken, query: point });
  /** Moves the clock past the refresh period (60 minutes) and the retry pause after a failure. */
  const later = (minutes: number) => vi.setSystemTime(Date.now() + minutes * 60_000);

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(start);
    fake = await startOpenMeteoFake();
    server = await startServer({ env: { OPEN_METEO_URL: fake.url, ACCESS_TOKEN_TTL: '7d' } });
    http = httpClient(server.url);
    user = await createUser(server);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
    vi.useRealTimers();
  });

  it.each(['error500', 'garbage', 'hang', 'empty', 'bad-request'] as const)(
    'serves the stored forecast, marked stale, on %s',
    async (mode: FakeMode) => {
      const point = POINTS[mode as keyof typeof POINTS];
      fake.mode = 'ok';
      const fresh = await forecast(point);
      expect(fresh.status).toBe(200);
      later(61);
      fake.mode = mode;
      const calls = fake.calls;
      const res = await forecast(point);
      fake.mode = 'ok';
      expect(res.status).toBe(200);
      expect(fake.calls).toBe(calls + 1);
      const days = WeatherList.parse(res.body);
      expect(ids(days)).toEqual(ids(fresh.body));
      expect(days.every((d) => d.stale && d.source === 'open-meteo')).toBe(true);
      expect(days.map(dayOf)).toEqual(dates(seoulDate(Date.now())));
      // The failure is remembered for a minute: no second upstream request right away.
      const again = await forecast(point);
      expect(ids(again.body)).toEqual(ids(fresh.body));
      expect(fake.calls).toBe(calls + 1);
    },
    20_000,
  );

  it('fills the days a day-old forecast does not reach from the climate normals', async () => {
    fake.mode = 'ok';
    const old = await forecast(POINTS.yesterday);
    later(24 * 60);
    fake.mode = 'error500';
    const res = await forecast(POINTS.yesterday);
    fake.mode = 'ok';
    expect(res.status).toBe(200);
    const days = WeatherList.parse(res.body);
    const now = seoulDate(Date.now());
    expect(days.map(dayOf)).toEqual(dates(now));
    expect(days.slice(0, 4).map((d) => [d.id, d.stale, d.source])).toEqual(
      ids(old.body)
        .slice(1)
        .map((id) => [id, true, 'open-meteo']),
    );
    expect(days[4]).toMatchObject({ stale: false, source: 'climatology' });
  });

  it('estimates from the climate normals when nothing is stored, with stable ids', async () => {
    fake.mode = 'error500';
    const res = await forecast(POINTS.neverFetched);
    expect(res.status).toBe(200);
    const days = WeatherList.parse(res.body);
    expect(days.map(dayOf)).toEqual(dates(seoulDate(Date.now())));
    for (const d of days) {
      expect(d).toMatchObject({ source: 'climatology', stale: false });
      expect(d.temperature.min).toBeLessThanOrEqual(d.temperature.current);
      expect(d.temperature.current).toBeLessThanOrEqual(d.temperature.max);
      expect(d.location.locationNames[0]).toBe('강원특별자치도');
    }
    later(2); // past the retry pause, the provider still down: the same stored estimate
    const again = await forecast(POINTS.neverFetched);
    fake.mode = 'ok';
    expect(ids(again.body)).toEqual(ids(days));
  });

  it('answers 503 with a Korean message when neither a stored forecast nor normals exist', async () => {
    fake.mode = 'error500';
    const res = await forecast(POINTS.abroad);
    fake.mode = 'ok';
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      exceptionName: 'WeatherUnavailableException',
      message: '날씨 정보를 불러올 수 없습니다. 잠시 후 다시 시도해주세요.',
      details: {},
    });
  });

  it('asks again after the retry pause and serves fresh data once the provider is back', async () => {
    fake.mode = 'ok';
    const fresh = await forecast(POINTS.recovery);
    later(61);
    fake.mode = 'error500';
    const stale = await forecast(POINTS.recovery);
    expect(stale.body[0].stale).toBe(true);
    fake.mode = 'ok';
    const stillStale = await forecast(POINTS.recovery);
    expect(stillStale.body[0].stale).toBe(true);
    later(2);
    const calls = fake.calls;
    const back = await forecast(POINTS.recovery);
    expect(fake.calls).toBe(calls + 1);
    expect(back.body.every((d: WeatherDto) => !d.stale && d.source === 'open-meteo')).toBe(true);
    expect(ids(back.body).some((id) => ids(fresh.body).includes(id))).toBe(false);
  });

  it('makes one upstream request for 100 concurrent callers while the provider fails', async () => {
    const point = { latitude: 36.8065, longitude: 127.1522 }; // 천안
    fake.mode = 'error500';
    fake.delayMs = 300;
    const calls = fake.calls;
    const responses = await Promise.all(Array.from({ length: 100 }, () => forecast(point)));
    fake.mode = 'ok';
    fake.delayMs = 0;
    expect(fake.calls).toBe(calls + 1);
    expect(responses.every((r) => r.status === 200 && r.body[0].source === 'climatology')).toBe(true);
    expect(new Set(responses.map((r) => ids(r.body).join())).size).toBe(1);
  });
});
