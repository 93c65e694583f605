import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WeatherList, type WeatherDto } from '@otboo/contract';
import { startKmaFake, type KmaFake, type KmaFakeMode } from '../fakes/kma.js';
import {
  addDays,
  mildScenario,
  seoulDate,
  seoulMorning,
  startOpenMeteoFake,
  type FakeScenario,
  type OpenMeteoFake,
} from '../fakes/open-meteo.js';
import { createUser, type TestUser } from '../support/factories.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { startServer, type TestServer } from '../support/start-server.js';

const KEY = 'test-kma-key/with+special==';
const CITY_HALL = { latitude: 37.5665, longitude: 126.978 };

/** Rain tomorrow morning in three PCP classes: "30.0~50.0mm" (40), "1mm 미만" (0.5) and "2.0mm". */
const rainyTomorrow: FakeScenario = (day, hour) => {
  const mild = mildScenario(day, hour);
  if (day !== 1 || hour < 6 || hour > 8) return mild;
  return {
    ...mild,
    code: 61,
    cloudCover: 100,
    precipitationProbability: 80,
    precipitation: [35, 0.4, 2][hour - 6]!,
  };
};

const sources = (days: WeatherDto[]) => days.map((d) => d.source);
const ids = (days: WeatherDto[]) => days.map((d) => d.id);

describe('weather: KMA 단기예보 provider', () => {
  let kma: KmaFake;
  let om: OpenMeteoFake;
  let server: TestServer;
  let http: HttpClient;
  let user: TestUser;
  const start = seoulMorning();
  const today = seoulDate(start.getTime());

  const forecast = (point: { latitude: number; longitude: number }) =>
    http.get<WeatherDto[]>('/api/weathers', { token: user.accessToken, query: point });

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(start);
    kma = await startKmaFake({ serviceKey: KEY });
    om = await startOpenMeteoFake();
    server = await startServer({
      env: {
        WEATHER_PROVIDER: 'kma',
        KMA_API_KEY: KEY,
        KMA_URL: kma.url,
        OPEN_METEO_URL: om.url,
        ACCESS_TOKEN_TTL: '7d',
      },
    });
    http = httpClient(server.url);
    user = await createUser(server);
  });
  afterAll(async () => {
    await server?.close();
    await kma?.close();
    await om?.close();
    vi.useRealTimers();
  });

  it('reads the newest issue, every page, and fills the fifth day from Open-Meteo', async () => {
    const res = await forecast(CITY_HALL);
    expect(res.status).toBe(200);
    const days = WeatherList.parse(res.body);
    expect(days.map((d) => seoulDate(Date.parse(d.forecastAt)))).toEqual(
      [0, 1, 2, 3, 4].map((i) => addDays(today, i)),
    );
    expect(sources(days)).toEqual(['kma', 'kma', 'kma', 'kma', 'open-meteo']);

    // 10:30 KST: the 08:00 issue; about 1,050 rows, so two pages of 1,000.
    expect(kma.calls).toBe(2);
    const pages = kma.requests.map((u) => Object.fromEntries(u.searchParams));
    expect(pages.map((p) => p.pageNo)).toEqual(['1', '2']);
    expect(pages[0]).toEqual({
      serviceKey: KEY,
      pageNo: '1',
      numOfRows: '1000',
      dataType: 'JSON',
      base_date: today.replaceAll('-', ''),
      base_time: '0800',
      nx: '60',
      ny: '127',
    });
    expect(om.calls).toBe(1);

    // Today at 10:00 from KMA's TMP (whole degrees), compared with Open-Meteo's yesterday at 10:00.
    expect(days[0]!.temperature.current).toBe(Math.round(mildScenario(0, 10).temperature));
    expect(days[0]!.temperature.comparedToDayBefore).toBeCloseTo(
      Math.round(mildScenario(0, 10).temperature) - mildScenario(-1, 10).temperature,
      5,
    );
    // Tomorrow's extremes are KMA's TMN/TMX.
    expect(days[1]!.temperature).toMatchObject({
      min: 8,
      max: 18,
      current: Math.round(mildScenario(1, 12).temperature),
    });
    expect(days[1]).toMatchObject({ skyStatus: 'CLEAR', windSpeed: { speed: 2.5, asWord: 'WEAK' } });
    expect(days[4]!.temperature.current).toBe(mildScenario(4, 12).temperature);
  });

  it('keeps the same ids within the period without asking either service again', async () => {
    const first = await forecast(CITY_HALL);
    const [k, o] = [kma.calls, om.calls];
    const again = await forecast({ latitude: 37.557236, longitude: 126.987889 });
    expect(ids(again.body)).toEqual(ids(first.body));
    expect([kma.calls, om.calls]).toEqual([k, o]);
  });

  it('reads PCP classes, PTY and SKY', async () => {
    kma.scenario = rainyTomorrow;
    om.scenario = rainyTomorrow;
    const res = await forecast({ latitude: 35.177019, longitude: 129.076953 });
    kma.scenario = mildScenario;
    om.scenario = mildScenario;
    expect(res.status).toBe(200);
    const [todayDto, tomorrow] = res.body as WeatherDto[];
    expect(todayDto!.precipitation).toEqual({ type: 'NONE', amount: 0, probability: 10 });
    expect(tomorrow!.precipitation).toEqual({ type: 'RAIN', amount: 42.5, probability: 80 });
    expect(tomorrow!.source).toBe('kma');
  });

  it.each(['key', 'no-data', 'error500', 'garbage'] as const)(
    'answers from Open-Meteo alone when KMA fails (%s)',
    async (failure) => {
      const point = {
        key: { latitude: 36.3504, longitude: 127.3845 },
        'no-data': { latitude: 35.1595, longitude: 126.8526 },
        error500: { latitude: 35.8714, longitude: 128.6014 },
        garbage: { latitude: 37.4563, longitude: 126.7052 },
      }[failure];
      if (failure === 'key') kma.serviceKey = 'another-key';
      else kma.mode = failure as KmaFakeMode;
      const calls = kma.calls;
      const res = await forecast(point);
      kma.serviceKey = KEY;
      kma.mode = 'ok';
      expect(res.status).toBe(200);
      expect(kma.calls).toBe(calls + 1);
      expect(sources(res.body)).toEqual(Array(5).fill('open-meteo'));
      expect(res.body.every((d: WeatherDto) => !d.stale)).toBe(true);
    },
  );

  it('fills the day KMA does not reach from the normals and yesterday from the stored forecast when Open-Meteo fails', async () => {
    const point = { latitude: 37.2636, longitude: 127.0286 };
    const yesterday = await forecast(point);
    vi.setSystemTime(Date.now() + 24 * 3_600_000);
    om.mode = 'error500';
    const res = await forecast(point);
    om.mode = 'ok';
    expect(res.status).toBe(200);
    expect(sources(res.body)).toEqual(['kma', 'kma', 'kma', 'kma', 'climatology']);
    const todayDto = res.body[0] as WeatherDto;
    expect(todayDto.temperature.comparedToDayBefore).toBeCloseTo(
      todayDto.temperature.current - yesterday.body[0].temperature.current,
      5,
    );
    vi.setSystemTime(Date.now() - 24 * 3_600_000);
  });

  it('serves the stored KMA forecast, stale, when both services fail', async () => {
    const point = { latitude: 33.4996, longitude: 126.5312 };
    const fresh = await forecast(point);
    vi.setSystemTime(Date.now() + 61 * 60_000);
    kma.mode = 'error500';
    om.mode = 'error500';
    const res = await forecast(point);
    kma.mode = 'ok';
    om.mode = 'ok';
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(ids(fresh.body));
    expect(res.body.every((d: WeatherDto) => d.stale)).toBe(true);
    expect(sources(res.body)).toEqual(['kma', 'kma', 'kma', 'kma', 'open-meteo']);
  });

  it('asks only Open-Meteo outside the KMA grid', async () => {
    const calls = kma.calls;
    const res = await forecast({ latitude: 48.8566, longitude: 2.3522 });
    expect(res.status).toBe(200);
    expect(sources(res.body)).toEqual(Array(5).fill('open-meteo'));
    expect(kma.calls).toBe(calls);
  });
});
