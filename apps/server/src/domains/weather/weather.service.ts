import type { Location, WeatherDto } from '@otboo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { JobLock } from '../../lib/job-lock.js';
import type { Notifier } from '../notifications/index.js';
import { createForecastCache } from './forecast-cache.js';
import { createForecastFallback } from './forecast-fallback.js';
import { createForecastFetch } from './forecast-fetch.js';
import { createForecastLoader } from './forecast-loader.js';
import { createLocationResolver, gridOf } from './location-resolver.js';
import { createRefreshJob } from './refresh-job.js';
import { createTomorrowAlerts } from './tomorrow-alerts.js';
import { toWeatherDto } from './weather.mapper.js';
import type { WeatherAdapters } from './weather-adapters.js';
import type { ForecastSourceName, WeatherRepo } from './weather.repo.js';

/** Cells remembered in memory; beyond this the least recently asked ones are read from the database again. */
const MEMORY_CELLS = 5_000;
/** After a failure the degraded answer is kept this long (at most one refresh period) before asking again. */
const RETRY_AFTER_FAILURE_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface WeatherServiceDeps extends WeatherAdapters {
  db: Db;
  repo: WeatherRepo;
  notifier: Notifier;
  log: FastifyBaseLogger;
  /** How often saved locations are refreshed (WEATHER_REFRESH_MS); a stored batch is fresh this long. */
  refreshMs: number;
  /** First scheduled refresh after start (default 10 s). */
  scheduleDelayMs?: number;
  /** Keeps instances on one database from refreshing at the same moment (default: this process only). */
  jobLock?: JobLock;
}

/**
 * The weather domain: locations, five-day forecasts cached per grid cell (forecast-cache.ts), the fallback
 * chain stale → climatology → 503 (forecast-loader.ts), the scheduled refresh of saved locations
 * (refresh-job.ts) and tomorrow-changed alerts (tomorrow-alerts.ts).
 */
export function createWeatherService(deps: WeatherServiceDeps) {
  const { db, repo, provider, geocoder, notifier, log, refreshMs } = deps;
  const locations = createLocationResolver({ geocoder, log });
  // A KMA-configured server also keeps Open-Meteo batches: they answer outside the KMA grid and when KMA fails.
  const sources: ForecastSourceName[] = provider.name === 'kma' ? ['kma', 'open-meteo'] : ['open-meteo'];
  const closing = new AbortController();

  const loader = createForecastLoader({
    db,
    repo,
    sources,
    refreshMs,
    retryMs: Math.min(refreshMs, RETRY_AFTER_FAILURE_MS),
    fetchAndStore: createForecastFetch({ db, repo, provider, locations, signal: closing.signal }),
    degraded: createForecastFallback({ db, repo, locations }),
  });
  const cache = createForecastCache({ ...loader, log, maxCells: MEMORY_CELLS });
  const job = createRefreshJob({
    db,
    repo,
    log,
    refreshMs,
    scheduleDelayMs: deps.scheduleDelayMs,
    jobLock: deps.jobLock,
    signal: closing.signal,
    refreshCell: cache.refresh,
    alertTomorrowChanges: createTomorrowAlerts({ db, repo, notifier }),
  });

  return {
    /** `GET /api/weathers`: today and the next four days; the location is the caller's point. */
    async forecast(latitude: number, longitude: number): Promise<WeatherDto[]> {
      const [days, location] = await Promise.all([
        cache.forecast(gridOf(latitude, longitude)),
        locations.resolve(latitude, longitude),
      ]);
      return days.map((d) => ({ ...d, location }));
    },

    /** `GET /api/weathers/location`. */
    location(latitude: number, longitude: number): Promise<Location> {
      return locations.resolve(latitude, longitude);
    },

    /** A stored forecast day by id (feeds, recommendations), or null. Never stale: it is what was stored. */
    async getById(id: string): Promise<WeatherDto | null> {
      if (!UUID.test(id)) return null;
      const row = await repo.findById(db, id.toLowerCase());
      return row ? toWeatherDto(row) : null;
    },

    /** Several stored forecast days by id; unknown ids are left out. */
    async getByIds(ids: readonly string[]): Promise<Map<string, WeatherDto>> {
      const valid = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
      const rows = await repo.findByIds(db, valid);
      return new Map(rows.map((r) => [r.id, toWeatherDto(r)]));
    },

    /** Grid cell and names of a point, for other domains (profile locations). */
    resolveLocation: locations.resolve,

    refreshSavedLocations: job.refreshSavedLocations,
    runScheduledRefresh: job.runScheduledRefresh,

    /** Starts the scheduled refresh (unref'd timers). */
    start(): void {
      job.start();
    },

    /** Stops the timers, aborts upstream requests in flight and waits for running work. */
    async close(): Promise<void> {
      closing.abort();
      await job.stop();
      await cache.idle();
    },
  };
}
export type WeatherService = ReturnType<typeof createWeatherService>;
