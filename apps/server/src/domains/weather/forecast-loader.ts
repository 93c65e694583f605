import { ko, type WeatherDto } from '@otboo/contract';
import type { Db } from '../../db/client.js';
import { serviceUnavailable } from '../../lib/errors.js';
import type { ForecastAnswer } from './forecast-cache.js';
import { FORECAST_DAYS } from './forecast-days.js';
import type { GridCell } from './kma-grid.js';
import { toWeatherDto } from './weather.mapper.js';
import type { ForecastRow, ForecastSourceName, WeatherRepo } from './weather.repo.js';

export interface ForecastLoaderDeps {
  db: Db;
  repo: WeatherRepo;
  /** Stored batches that count as a forecast (not climatology estimates). */
  sources: ForecastSourceName[];
  refreshMs: number;
  /** How long a degraded answer holds before the provider is asked again. */
  retryMs: number;
  fetchAndStore(cell: GridCell, now: Date): Promise<WeatherDto[]>;
  degraded(cell: GridCell, now: Date, today: string): Promise<WeatherDto[] | null>;
}

/** Where a cell's answer comes from, and how long it holds. */
export function createForecastLoader(deps: ForecastLoaderDeps) {
  const { db, repo, sources, refreshMs, retryMs } = deps;

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

  return {
    /**
     * The stored batch when it is fresh (read-through: another instance, or this one before a restart, may
     * have fetched this period already), else a new one from the provider. ProviderError when it fails.
     */
    async load(cell: GridCell, now: number, today: string, aheadMs: number): Promise<ForecastAnswer> {
      const batch = await repo.latestBatch(db, sources, cell.x, cell.y);
      if (isFresh(batch, today, now, aheadMs)) {
        const days = batch.map((r) => toWeatherDto(r));
        return { today, expiresAt: batch[0].createdAt.getTime() + refreshMs, days };
      }
      const days = await deps.fetchAndStore(cell, new Date(now));
      return { today, expiresAt: now + refreshMs, days };
    },

    /** What a caller gets while the provider fails; held for `retryMs` so the provider is not hammered. */
    async fallback(cell: GridCell, now: number, today: string): Promise<ForecastAnswer> {
      const days = await deps.degraded(cell, new Date(now), today);
      const expiresAt = now + retryMs;
      if (!days) {
        const error = serviceUnavailable(ko.weather.providerUnavailable, 'WeatherUnavailableException');
        return { today, expiresAt, error };
      }
      return { today, expiresAt, days };
    },
  };
}
