import type { WeatherDto } from '@otboo/contract';
import type { Db } from '../../db/client.js';
import { addDays } from '../../lib/seoul-time.js';
import { climatologyDays } from './climatology.js';
import { cellCentre } from './forecast-fetch.js';
import { FORECAST_DAYS } from './forecast-days.js';
import type { GridCell } from './kma-grid.js';
import type { LocationResolver } from './location-resolver.js';
import { toBatchRows, toWeatherDto } from './weather.mapper.js';
import type { ForecastRow, WeatherRepo } from './weather.repo.js';

export interface ForecastFallbackDeps {
  db: Db;
  repo: WeatherRepo;
  locations: LocationResolver;
}

/**
 * What stands in for a failed provider: the newest stored forecast that still covers today (stale), its missing
 * later days from the normals; with no stored forecast the normals alone; null when neither exists.
 */
export function createForecastFallback({ db, repo, locations }: ForecastFallbackDeps) {
  /** Today's estimate from the normals, stored once per cell and day so its ids stay stable. */
  async function climatologyRows(cell: GridCell, now: Date, today: string): Promise<ForecastRow[] | null> {
    const existing = await repo.latestBatch(db, ['climatology'], cell.x, cell.y);
    if (existing.length === FORECAST_DAYS && existing[0]?.forecastDate === today) return existing;
    const { latitude, longitude } = cellCentre(cell);
    const days = climatologyDays(latitude, longitude, now);
    if (!days) return null;
    const locationNames = await locations.names(latitude, longitude);
    const origin = { cell, latitude, longitude, locationNames, forecastedAt: now, createdAt: now };
    const rows = await repo.insertBatch(db, toBatchRows(days, origin));
    return rows.sort((a, b) => a.dayIndex - b.dayIndex);
  }

  return async function degraded(cell: GridCell, now: Date, today: string): Promise<WeatherDto[] | null> {
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
  };
}
