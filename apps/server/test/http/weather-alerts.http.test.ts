import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { NotificationDto } from '@otboo/contract';
import {
  feeds,
  notifications,
  profiles,
  users,
  weatherAlerts,
  weatherForecasts,
} from '../../src/db/schema/index.js';
import { createNotifier, type Notifier } from '../../src/domains/notifications/notifications.service.js';
import { createWeatherService, type WeatherService } from '../../src/domains/weather/weather.service.js';
import { configuredWeatherAdapters } from '../../src/domains/weather/weather-adapters.js';
import { createWeatherRepo } from '../../src/domains/weather/weather.repo.js';
import { createLocalEventBus } from '../../src/realtime/event-bus.js';
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
import { startServer, type TestServer } from '../support/start-server.js';

/** Tomorrow 7 °C colder than today at every hour, with rain in the morning. */
const coldRainyTomorrow: FakeScenario = (day, hour) => {
  const mild = mildScenario(day, hour);
  if (day < 1) return mild;
  const colder = { ...mild, temperature: mild.temperature - 7 - day };
  return day === 1 && hour >= 6 && hour <= 9
    ? { ...colder, code: 63, precipitation: 2, precipitationProbability: 80, cloudCover: 100 }
    : colder;
};

describe('weather: scheduled refresh, tomorrow alerts and pruning', () => {
  let fake: OpenMeteoFake;
  let server: TestServer;
  let weather: WeatherService;
  let seoul: TestUser;
  let busan: TestUser;
  let locked: TestUser;
  let nowhere: TestUser;
  /** What the service handed to the notifier, and whether each published row was committed by then. */
  const recorded: NotificationDto[] = [];
  const published: { dto: NotificationDto; committed: boolean }[] = [];

  const notificationsOf = (user: TestUser) =>
    server.database.db.select().from(notifications).where(eq(notifications.receiverId, user.id));

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(seoulMorning());
    fake = await startOpenMeteoFake();
    server = await startServer({ env: { OPEN_METEO_URL: fake.url } });
    [seoul, busan, locked, nowhere] = await Promise.all([
      createUser(server),
      createUser(server),
      createUser(server),
      createUser(server),
    ]);
    const db = server.database.db;
    const place = (user: TestUser, x: number, y: number, latitude: number, longitude: number) =>
      db
        .update(profiles)
        .set({ gridX: x, gridY: y, latitude, longitude, locationNames: ['test'] })
        .where(eq(profiles.userId, user.id));
    await place(seoul, 60, 127, 37.5665, 126.978);
    await place(locked, 60, 127, 37.5665, 126.978);
    await place(busan, 98, 76, 35.177019, 129.076953);
    await db.update(users).set({ locked: true }).where(eq(users.id, locked.id));

    const real = createNotifier({ bus: createLocalEventBus() });
    const notifier: Notifier = {
      async record(tx, inputs) {
        const dtos = await real.record(tx, inputs);
        recorded.push(...dtos);
        return dtos;
      },
      async publish(dtos) {
        for (const dto of dtos) {
          const rows = await db.select().from(notifications).where(eq(notifications.id, dto.id));
          published.push({ dto, committed: rows.length === 1 });
        }
        await real.publish(dtos);
      },
    };
    weather = createWeatherService({
      db,
      repo: createWeatherRepo(),
      refreshMs: server.config.weather.refreshMs,
      ...configuredWeatherAdapters(server.config.weather, server.app.log),
      notifier,
      log: server.app.log,
    });
  });
  afterAll(async () => {
    await weather?.close();
    await server?.close();
    await fake?.close();
    vi.useRealTimers();
  });

  it('refreshes saved locations and says nothing when tomorrow is like today', async () => {
    const calls = fake.calls;
    await weather.refreshSavedLocations();
    expect(fake.calls - calls).toBeGreaterThanOrEqual(2); // Seoul and Busan (once each, or already fresh)
    expect(await notificationsOf(seoul)).toEqual([]);
    // The refresh left the cells cached: the page opens without another upstream request.
    const again = fake.calls;
    await weather.forecast(37.5665, 126.978);
    await weather.forecast(35.177019, 129.076953);
    expect(fake.calls).toBe(again);
  });

  it('tells each user once per day and kind when tomorrow turns cold and rainy', async () => {
    fake.scenario = coldRainyTomorrow;
    vi.setSystemTime(Date.now() + 61 * 60_000);
    await weather.refreshSavedLocations();
    const tomorrow = addDays(seoulDate(Date.now()), 1);
    for (const user of [seoul, busan]) {
      const rows = await notificationsOf(user);
      expect(rows.map((r) => [r.title, r.content, r.level]).sort()).toEqual([
        ['내일 날씨 알림', '내일은 비 소식이 있어요. 우산을 챙기세요.', 'INFO'],
        ['내일 날씨 알림', '내일은 오늘보다 7°C 낮아요. 따뜻하게 입으세요.', 'INFO'],
      ]);
      // A tap opens the home on tomorrow (docs/api.md §9.9).
      expect(rows.map((r) => r.targetDate)).toEqual([tomorrow, tomorrow]);
      const alerts = await server.database.db
        .select()
        .from(weatherAlerts)
        .where(eq(weatherAlerts.userId, user.id));
      expect(alerts.map((a) => [a.forecastDate, a.kind]).sort()).toEqual([
        [tomorrow, 'precipitation'],
        [tomorrow, 'temperature'],
      ]);
    }
    expect(await notificationsOf(locked)).toEqual([]);
    expect(await notificationsOf(nowhere)).toEqual([]);
    // Published after the transaction committed, exactly what was recorded.
    expect(published.map((p) => p.dto.id).sort()).toEqual(recorded.map((r) => r.id).sort());
    expect(published.every((p) => p.committed)).toBe(true);

    // The next refresh of the same day repeats nothing.
    vi.setSystemTime(Date.now() + 61 * 60_000);
    await weather.refreshSavedLocations();
    expect(await notificationsOf(seoul)).toHaveLength(2);
    fake.scenario = mildScenario;
  });

  it('prunes old unreferenced forecasts and keeps the ones a feed uses', async () => {
    const db = server.database.db;
    const [template] = await db.select().from(weatherForecasts).limit(1);
    const old = new Date(Date.now() - 5 * 86_400_000);
    const oldDate = seoulDate(old.getTime());
    const batchId = randomUUID();
    const rows = [0, 1].map((dayIndex) => ({
      ...template!,
      id: randomUUID(),
      batchId,
      dayIndex,
      createdAt: old,
      forecastDate: oldDate,
    }));
    await db.insert(weatherForecasts).values(rows);
    await db.insert(feeds).values({
      authorId: seoul.id,
      weatherId: rows[0]!.id,
      skyStatus: rows[0]!.skyStatus,
      precipitationType: rows[0]!.precipitationType,
      content: '예전 날씨의 OOTD',
    });
    await weather.refreshSavedLocations();
    const left = await db
      .select({ id: weatherForecasts.id })
      .from(weatherForecasts)
      .where(
        and(
          inArray(
            weatherForecasts.id,
            rows.map((r) => r.id),
          ),
        ),
      );
    expect(left.map((r) => r.id)).toEqual([rows[0]!.id]);
    // Today's forecasts are untouched.
    expect((await weather.forecast(37.5665, 126.978)).every((d) => !d.stale)).toBe(true);
  });

  it('stores nothing when the provider fails during a scheduled refresh', async () => {
    const db = server.database.db;
    const before = await db.select({ id: weatherForecasts.id }).from(weatherForecasts);
    fake.mode = 'error500';
    vi.setSystemTime(Date.now() + 61 * 60_000);
    const calls = fake.calls;
    await weather.refreshSavedLocations();
    fake.mode = 'ok';
    expect(fake.calls).toBeGreaterThan(calls);
    expect(await db.select({ id: weatherForecasts.id }).from(weatherForecasts)).toHaveLength(before.length);
  });

  it('finds stored forecasts by id for other domains', async () => {
    const days = await weather.forecast(37.5665, 126.978);
    const byId = await weather.getById(days[2]!.id);
    expect(byId).toEqual({ ...days[2], location: byId!.location });
    expect(byId!.location).toMatchObject({ x: 60, y: 127 });
    expect(await weather.getById(randomUUID())).toBeNull();
    expect(await weather.getById('not-a-uuid')).toBeNull();
    const many = await weather.getByIds([days[0]!.id, days[1]!.id, 'junk']);
    expect([...many.keys()].sort()).toEqual([days[0]!.id, days[1]!.id].sort());
  });
});
