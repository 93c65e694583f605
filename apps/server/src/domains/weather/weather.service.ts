import { randomUUID } from 'node:crypto';
import { ko, type Location, type WeatherDto } from '@otboo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { serviceUnavailable, type AppError } from '../../lib/errors.js';
import { must } from '../../lib/must.js';
import { createKakaoLocalGeocoder } from '../../adapters/geocoder/kakao-local.js';
import type { ReverseGeocoder } from '../../adapters/geocoder/reverse-geocoder.js';
import { createWeatherProvider } from '../../adapters/weather/providers.js';
import { addDays, seoulParts } from '../../lib/seoul-time.js';
import { ProviderError, type WeatherProvider } from '../../adapters/weather/weather-provider.js';
import type { Notifier } from '../notifications/index.js';
import { SingleFlight } from './single-flight.js';
import { climatologyDays } from './climatology.js';
import { buildDays, FORECAST_DAYS, type DayForecast } from './forecast-days.js';
import { gridToLatLon, type GridCell } from './kma-grid.js';
import { createLocationResolver, gridOf } from './location-resolver.js';
import { detectAlerts } from './weather-alerts.js';
import { toForecastRow, toWeatherDto } from './weather.mapper.js';
import { createWeatherRepo, type ForecastRow, type ForecastSourceName } from './weather.repo.js';
import { processJobLock, type JobLock } from '../../lib/job-lock.js';
import { createScheduler } from '../../lib/scheduler.js';

/** A provider that has not answered in this long has failed (the fallback chain takes over). */
const PROVIDER_TIMEOUT_MS = 5_000;
const GEOCODER_TIMEOUT_MS = 3_000;
/** Cells remembered in memory; beyond this the least recently asked ones are read from the database again. */
const MEMORY_CELLS = 5_000;
/** After a failure the degraded answer is kept this long (at most one refresh period) before asking again. */
const RETRY_AFTER_FAILURE_MS = 60_000;
/** Stored forecasts older than this that describe a past day and no feed uses are deleted. */
const KEEP_FORECASTS_MS = 3 * 86_400_000;
const ALERT_INSERT_CHUNK = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface WeatherServiceDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
  log: FastifyBaseLogger;
  /** Replaces the configured provider (tests). */
  provider?: WeatherProvider;
  /** Replaces the configured geocoder; null: the embedded table only. */
  geocoder?: ReverseGeocoder | null;
  /** First scheduled refresh after start (default 10 s). */
  scheduleDelayMs?: number;
  /** Keeps instances on one database from refreshing at the same moment (default: this process only). */
  jobLock?: JobLock;
}

/** A remembered answer: the days, or the error every caller gets until it expires. */
type CacheEntry = { today: string; expiresAt: number } & (
  { days: WeatherDto[]; error?: undefined } | { error: AppError; days?: undefined }
);

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/** Kakao Local when KAKAO_REST_API_KEY is set; otherwise the embedded region table alone answers. */
function configuredGeocoder(config: Config): ReverseGeocoder | undefined {
  const { kakaoRestApiKey, kakaoLocalUrl } = config.weather;
  if (!kakaoRestApiKey) return undefined;
  return createKakaoLocalGeocoder({
    baseUrl: kakaoLocalUrl,
    restApiKey: kakaoRestApiKey,
    timeoutMs: GEOCODER_TIMEOUT_MS,
  });
}

/**
 * The weather domain: locations, five-day forecasts cached per grid cell and provider, the fallback chain
 * (stale → climatology → 503), the scheduled refresh of saved locations and tomorrow-changed alerts.
 */
export function createWeatherService(deps: WeatherServiceDeps) {
  const { db, config, notifier, log } = deps;
  const repo = createWeatherRepo();
  if (config.weather.provider === 'kma' && !config.weather.kmaApiKey && !deps.provider) {
    log.warn('WEATHER_PROVIDER=kma needs KMA_API_KEY; using Open-Meteo');
  }
  const provider =
    deps.provider ??
    createWeatherProvider({
      provider: config.weather.provider,
      openMeteoUrl: config.weather.openMeteoUrl,
      kmaApiKey: config.weather.kmaApiKey,
      kmaUrl: config.weather.kmaUrl,
      timeoutMs: PROVIDER_TIMEOUT_MS,
    });
  const geocoder = deps.geocoder !== undefined ? (deps.geocoder ?? undefined) : configuredGeocoder(config);
  const locations = createLocationResolver({ geocoder, log });
  const refreshMs = config.weather.refreshMs;
  const retryMs = Math.min(refreshMs, RETRY_AFTER_FAILURE_MS);
  // A KMA-configured server also keeps Open-Meteo batches: they answer outside the KMA grid and when KMA fails.
  const sources: ForecastSourceName[] = provider.name === 'kma' ? ['kma', 'open-meteo'] : ['open-meteo'];
  const memory = new LRUCache<string, CacheEntry>({ max: MEMORY_CELLS });
  const flights = new SingleFlight<string, WeatherDto[]>();
  const fallbacks = new SingleFlight<string, WeatherDto[]>();
  const closing = new AbortController();

  const cellKey = (cell: GridCell) => `${provider.name}:${cell.x}:${cell.y}`;

  function remember(cell: GridCell, entry: CacheEntry): void {
    memory.set(cellKey(cell), entry);
  }

  /** A stored batch that is whole, starts today and is younger than a refresh period (minus `aheadMs`). */
  function isFresh(
    batch: ForecastRow[],
    today: string,
    now: number,
    aheadMs: number,
  ): batch is [ForecastRow, ...ForecastRow[]] {
    const head = batch[0];
    return (
      batch.length === FORECAST_DAYS &&
      head !== undefined &&
      head.forecastDate === today &&
      now + aheadMs < head.createdAt.getTime() + refreshMs
    );
  }

  /** The cell's centre: what providers are asked about and what its rows store. */
  function cellCentre(cell: GridCell) {
    const centre = gridToLatLon(cell.x, cell.y);
    return { latitude: round4(centre.latitude), longitude: round4(centre.longitude) };
  }

  /** Asks the provider, completes what it lacks, stores the batch; ProviderError when it cannot. */
  async function fetchAndStore(cell: GridCell, now: Date): Promise<WeatherDto[]> {
    const { latitude, longitude } = cellCentre(cell);
    const [layers, locationNames] = await Promise.all([
      provider.fetchLayers({ latitude, longitude, grid: cell, now, signal: closing.signal }),
      locations.names(latitude, longitude),
    ]);
    const built = buildDays(layers, now);
    // buildDays finds no day without a layer: whenever there is a first day, there is a first layer.
    const [primaryLayer] = layers;
    const first = built[0];
    if (!primaryLayer || !first) throw new ProviderError(provider.name, 'empty', 'no forecast for today');
    let days: DayForecast[];
    if (built.every((d): d is DayForecast => d !== null)) {
      days = built;
    } else {
      // Days the issue does not reach come from the normals, marked as such; without normals there is no answer.
      const estimate = climatologyDays(latitude, longitude, now);
      if (!estimate)
        throw new ProviderError(
          provider.name,
          'empty',
          `forecast reaches only ${built.filter(Boolean).length} days`,
        );
      // Both have FORECAST_DAYS days.
      days = estimate.map((e, i) => built[i] ?? e);
    }
    if (first.temperature.comparedToDayBefore === null || first.humidity.comparedToDayBefore === null) {
      // The provider did not say how yesterday was: the forecast stored for yesterday does.
      const yesterday = await repo.storedDay(db, cell.x, cell.y, addDays(first.date, -1));
      if (yesterday) {
        first.temperature.comparedToDayBefore ??= first.temperature.current - yesterday.temperatureCurrent;
        first.humidity.comparedToDayBefore ??= first.humidity.current - yesterday.humidity;
      }
    }
    const ctx = {
      batchId: randomUUID(),
      gridX: cell.x,
      gridY: cell.y,
      latitude,
      longitude,
      locationNames,
      forecastedAt: primaryLayer.issuedAt,
      createdAt: now,
    };
    const rows = await repo.insertBatch(
      db,
      days.map((d, i) => toForecastRow(d, i, ctx)),
    );
    return rows.sort((a, b) => a.dayIndex - b.dayIndex).map((r) => toWeatherDto(r));
  }

  /** Today's estimate from the normals, stored once per cell and day so its ids stay stable. */
  async function climatologyRows(cell: GridCell, now: Date, today: string): Promise<ForecastRow[] | null> {
    const existing = await repo.latestBatch(db, ['climatology'], cell.x, cell.y);
    if (existing.length === FORECAST_DAYS && existing[0]?.forecastDate === today) return existing;
    const { latitude, longitude } = cellCentre(cell);
    const days = climatologyDays(latitude, longitude, now);
    if (!days) return null;
    const locationNames = await locations.names(latitude, longitude);
    const ctx = {
      batchId: randomUUID(),
      gridX: cell.x,
      gridY: cell.y,
      latitude,
      longitude,
      locationNames,
      forecastedAt: now,
      createdAt: now,
    };
    const rows = await repo.insertBatch(
      db,
      days.map((d, i) => toForecastRow(d, i, ctx)),
    );
    return rows.sort((a, b) => a.dayIndex - b.dayIndex);
  }

  /**
   * The provider failed: the newest stored forecast that still covers today (stale), its missing later days
   * from the normals; with no stored forecast the normals alone; null when neither exists.
   */
  async function degraded(cell: GridCell, now: Date, today: string): Promise<WeatherDto[] | null> {
    const dates = Array.from({ length: FORECAST_DAYS }, (_, i) => addDays(today, i));
    const stale = new Map(
      (await repo.latestCovering(db, cell.x, cell.y, today)).map((r) => [r.forecastDate, r]),
    );
    const staleDays = dates.map((d) => stale.get(d));
    if (stale.size > 0 && staleDays.every((r) => r !== undefined))
      return staleDays.map((r) => toWeatherDto(r, true));
    const estimate = await climatologyRows(cell, now, today);
    if (stale.size === 0) return estimate && estimate.map((r) => toWeatherDto(r));
    const byDate = new Map(estimate?.map((r) => [r.forecastDate, r]));
    return dates.flatMap((d) => {
      const staleRow = stale.get(d);
      if (staleRow) return [toWeatherDto(staleRow, true)];
      const estimated = byDate.get(d);
      return estimated ? [toWeatherDto(estimated)] : [];
    });
  }

  /**
   * The stored batch when it is fresh (read-through: another instance, or this one before a restart, may
   * have fetched this period already), else a new one from the provider. ProviderError when it fails.
   */
  async function load(cell: GridCell, now: number, today: string, aheadMs: number): Promise<WeatherDto[]> {
    const batch = await repo.latestBatch(db, sources, cell.x, cell.y);
    if (isFresh(batch, today, now, aheadMs)) {
      const days = batch.map((r) => toWeatherDto(r));
      remember(cell, { today, expiresAt: batch[0].createdAt.getTime() + refreshMs, days });
      return days;
    }
    const days = await fetchAndStore(cell, new Date(now));
    remember(cell, { today, expiresAt: now + refreshMs, days });
    return days;
  }

  /** What a caller gets while the provider fails; remembered for a minute so the provider is not hammered. */
  async function fallback(cell: GridCell, now: number, today: string): Promise<WeatherDto[]> {
    const days = await degraded(cell, new Date(now), today);
    if (!days) {
      const error = serviceUnavailable(ko.weather.providerUnavailable, 'WeatherUnavailableException');
      remember(cell, { today, expiresAt: now + retryMs, error });
      throw error;
    }
    remember(cell, { today, expiresAt: now + retryMs, days });
    return days;
  }

  /** The remembered answer for a cell, unless it expires within `aheadMs`. */
  function cached(cell: GridCell, now: number, today: string, aheadMs: number): CacheEntry | undefined {
    const hit = memory.get(cellKey(cell));
    return hit && hit.today === today && now + aheadMs < hit.expiresAt ? hit : undefined;
  }

  /** load, and the fallback chain when the provider fails, as one flight: late callers find its result. */
  async function loadOrFallback(cell: GridCell, now: number, today: string): Promise<WeatherDto[]> {
    try {
      return await load(cell, now, today, 0);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.warn({ err, cell }, 'weather provider failed; serving the fallback');
      return fallback(cell, now, today);
    }
  }

  /**
   * Five days for a cell: memory, else the stored batch, else one upstream request however many callers
   * wait for it; when that fails, the fallback chain (stale → climatology → 503).
   */
  async function forecastForCell(cell: GridCell): Promise<WeatherDto[]> {
    const now = Date.now();
    const today = seoulParts(now).date;
    const hit = cached(cell, now, today, 0);
    if (hit) {
      if (hit.error) throw hit.error;
      return hit.days;
    }
    try {
      return await flights.run(cellKey(cell), () => loadOrFallback(cell, now, today));
    } catch (err) {
      // Joined a scheduled refresh, which does not fall back itself.
      if (!(err instanceof ProviderError)) throw err;
      return fallbacks.run(cellKey(cell), () => fallback(cell, now, today));
    }
  }

  /**
   * The scheduled refresh of one cell: refreshes a forecast that would expire within a tenth of the next
   * period, and does not fall back (nobody is waiting, and estimates are stored only when someone asks).
   */
  async function refreshCell(cell: GridCell): Promise<WeatherDto[]> {
    const now = Date.now();
    const today = seoulParts(now).date;
    const aheadMs = refreshMs / 10;
    const hit = cached(cell, now, today, aheadMs);
    if (hit?.days && !hit.days[0]?.stale && hit.days[0]?.source !== 'climatology') return hit.days;
    return flights.run(cellKey(cell), () => load(cell, now, today, aheadMs));
  }

  /** Tells users of a cell once per day and kind when tomorrow changes notably. */
  async function alertTomorrowChanges(cell: GridCell, days: WeatherDto[]): Promise<void> {
    const [today, tomorrow] = days;
    if (
      !today ||
      !tomorrow ||
      today.stale ||
      tomorrow.stale ||
      today.source === 'climatology' ||
      tomorrow.source === 'climatology'
    )
      return;
    const alerts = detectAlerts(today, tomorrow);
    if (alerts.length === 0) return;
    const userIds = await repo.usersInCell(db, cell.x, cell.y);
    const forecastDate = seoulParts(new Date(tomorrow.forecastAt)).date;
    for (let i = 0; i < userIds.length; i += ALERT_INSERT_CHUNK) {
      const chunk = userIds.slice(i, i + ALERT_INSERT_CHUNK);
      const dtos = await db.transaction(async (tx) => {
        const sent = await repo.insertAlerts(
          tx,
          chunk.flatMap((userId) => alerts.map((a) => ({ userId, forecastDate, kind: a.kind }))),
        );
        return notifier.record(
          tx,
          sent.map((s) => {
            const alert = must(
              alerts.find((a) => a.kind === s.kind),
              'insertAlerts returns only kinds it was given',
            );
            return {
              receiverId: s.userId,
              title: ko.weather.alertTitle,
              content: alert.content,
              level: alert.level,
              kind: 'WEATHER' as const,
              targetDate: forecastDate,
            };
          }),
        );
      });
      await notifier.publish(dtos);
    }
  }

  /** The scheduled job: refresh every saved location's cell, check tomorrow there, prune old forecasts. */
  async function refreshSavedLocations(): Promise<void> {
    const cells = await repo.savedCells(db);
    for (const cell of cells) {
      if (closing.signal.aborted) return;
      try {
        await alertTomorrowChanges(cell, await refreshCell(cell));
      } catch (err) {
        log.warn({ err, cell }, 'scheduled weather refresh of a cell failed');
      }
    }
    const now = Date.now();
    const pruned = await repo.prune(db, new Date(now - KEEP_FORECASTS_MS), addDays(seoulParts(now).date, -2));
    if (pruned > 0) log.info({ pruned }, 'pruned old weather forecasts');
  }

  const jobLock = deps.jobLock ?? processJobLock;
  /**
   * The scheduled run: on one instance only, so instances started together do not each ask the provider for
   * every saved cell (the others find the fresh batch at their next run). True when this instance ran it.
   */
  const runScheduledRefresh = () => jobLock.runExclusive('otboo:weather-refresh', refreshSavedLocations);

  const scheduler = createScheduler({
    name: 'weather refresh',
    initialDelayMs: deps.scheduleDelayMs ?? 10_000,
    periodMs: refreshMs,
    job: async () => void (await runScheduledRefresh()),
    log,
  });

  return {
    /** `GET /api/weathers`: today and the next four days; the location is the caller's point. */
    async forecast(latitude: number, longitude: number): Promise<WeatherDto[]> {
      const [days, location] = await Promise.all([
        forecastForCell(gridOf(latitude, longitude)),
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

    refreshSavedLocations,
    runScheduledRefresh,

    /** Starts the scheduled refresh (unref'd timers). */
    start(): void {
      scheduler.start();
    },

    /** Stops the timers, aborts upstream requests in flight and waits for running work. */
    async close(): Promise<void> {
      closing.abort();
      await scheduler.stop();
      await flights.idle();
      await fallbacks.idle();
    },
  };
}
export type WeatherService = ReturnType<typeof createWeatherService>;
