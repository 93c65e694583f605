import type { Db } from '../../db/client.js';
import { addDays } from '../../lib/seoul-time.js';
import { ProviderError, type WeatherProvider } from '../../adapters/weather/weather-provider.js';
import type { WeatherDto } from '@otboo/contract';
import { climatologyDays } from './climatology.js';
import { buildDays, type DayForecast } from './forecast-days.js';
import { gridToLatLon, type GridCell } from './kma-grid.js';
import type { LocationResolver } from './location-resolver.js';
import { toBatchRows, toWeatherDto } from './weather.mapper.js';
import type { WeatherRepo } from './weather.repo.js';

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/** The cell's centre: what providers are asked about and what its rows store. */
export function cellCentre(cell: GridCell) {
  const centre = gridToLatLon(cell.x, cell.y);
  return { latitude: round4(centre.latitude), longitude: round4(centre.longitude) };
}

export interface ForecastFetchDeps {
  db: Db;
  repo: WeatherRepo;
  provider: WeatherProvider;
  locations: LocationResolver;
  /** Aborts upstream requests when the service closes. */
  signal: AbortSignal;
}

/** Asks the provider for a cell, completes what it lacks, stores the batch; ProviderError when it cannot. */
export function createForecastFetch({ db, repo, provider, locations, signal }: ForecastFetchDeps) {
  return async function fetchAndStore(cell: GridCell, now: Date): Promise<WeatherDto[]> {
    const { latitude, longitude } = cellCentre(cell);
    const [layers, locationNames] = await Promise.all([
      provider.fetchLayers({ latitude, longitude, grid: cell, now, signal }),
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
    const origin = {
      cell,
      latitude,
      longitude,
      locationNames,
      forecastedAt: primaryLayer.issuedAt,
      createdAt: now,
    };
    const rows = await repo.insertBatch(db, toBatchRows(days, origin));
    return rows.sort((a, b) => a.dayIndex - b.dayIndex).map((r) => toWeatherDto(r));
  };
}
