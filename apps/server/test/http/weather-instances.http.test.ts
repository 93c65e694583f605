import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { profiles } from '../../src/db/schema/index.js';
import { createNotifier } from '../../src/domains/notifications/notifications.service.js';
import { createWeatherService, type WeatherService } from '../../src/domains/weather/weather.service.js';
import { configuredWeatherAdapters } from '../../src/domains/weather/weather-adapters.js';
import { createWeatherRepo } from '../../src/domains/weather/weather.repo.js';
import { createPgJobLock } from '../../src/lib/job-lock.js';
import { createLocalEventBus } from '../../src/realtime/event-bus.js';
import { startOpenMeteoFake, type OpenMeteoFake } from '../fakes/open-meteo.js';
import { createUser } from '../support/factories.js';
import { startServer, type TestServer } from '../support/start-server.js';

describe('weather: the scheduled refresh of instances sharing one database', () => {
  let fake: OpenMeteoFake;
  let server: TestServer;
  let second: Database;
  let a: WeatherService;
  let b: WeatherService;

  beforeAll(async () => {
    fake = await startOpenMeteoFake();
    // Slow enough that two runs started together would both find the stored forecast stale.
    fake.delayMs = 300;
    server = await startServer({ env: { OPEN_METEO_URL: fake.url } });
    const user = await createUser(server);
    await server.database.db
      .update(profiles)
      .set({ gridX: 60, gridY: 127, latitude: 37.5665, longitude: 126.978, locationNames: ['서울특별시'] })
      .where(eq(profiles.userId, user.id));
    second = await openDatabase({ url: server.database.url, poolSize: 3 });
    // Two instances: each its own pool, memory cache and lock connection, as two processes would have.
    const instance = (database: Database) =>
      createWeatherService({
        db: database.db,
        repo: createWeatherRepo(),
        refreshMs: server.config.weather.refreshMs,
        ...configuredWeatherAdapters(server.config.weather, server.app.log),
        notifier: createNotifier({ bus: createLocalEventBus() }),
        log: server.app.log,
        jobLock: createPgJobLock(database.pool),
      });
    a = instance(server.database);
    b = instance(second);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await server?.close();
    await fake?.close();
  });

  it('asks the provider once when both run at the same moment, and the lock is free again afterwards', async () => {
    const before = fake.calls;
    const ran = await Promise.all([a.runScheduledRefresh(), b.runScheduledRefresh()]);
    // The server under test has its own timer too; whichever instance won, the cell was fetched once.
    expect(ran.filter(Boolean).length).toBeLessThanOrEqual(1);
    expect(fake.calls - before).toBe(1);

    expect(await b.runScheduledRefresh()).toBe(true);
    expect(fake.calls - before).toBe(1); // the fresh batch is in the database
  });

  it('frees the lock when a job fails, so the next run is not locked out', async () => {
    const lockA = createPgJobLock(server.database.pool);
    const lockB = createPgJobLock(second.pool!);
    let release!: () => void;
    const holding = lockA.runExclusive('otboo:test-job', () => new Promise<void>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 50));
    expect(await lockB.runExclusive('otboo:test-job', async () => {})).toBe(false);
    release();
    expect(await holding).toBe(true);

    await expect(
      lockA.runExclusive('otboo:test-job', () => Promise.reject(new Error('provider down'))),
    ).rejects.toThrow('provider down');
    expect(await lockB.runExclusive('otboo:test-job', async () => {})).toBe(true);
  });
});
