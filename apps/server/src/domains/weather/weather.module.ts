import type { Lifecycle, Module, ModuleDeps, Routes } from '../../lib/modules.js';
import type { Notifier } from '../notifications/index.js';
import { createPlaceSearch } from './place-search.js';
import { placesRoutes } from './places.routes.js';
import { weatherRoutes } from './weather.routes.js';
import { configuredWeatherAdapters } from './weather-adapters.js';
import { createWeatherRepo } from './weather.repo.js';
import { createWeatherService, type WeatherService } from './weather.service.js';

export interface WeatherModuleDeps extends ModuleDeps {
  notifier: Notifier;
}

/** What other domains use of the weather. */
export type WeatherApi = Pick<WeatherService, 'forecast' | 'location' | 'resolveLocation'>;

/**
 * Forecasts by place (stored per grid cell, refreshed on a schedule on one instance at a time), and places by
 * name, under `/api/weathers` (`/locations` finds places by name in the embedded region table). The module
 * builds the repository and the configured provider and geocoder (weather-adapters.ts) and hands them over.
 */
export async function createWeatherModule({
  db,
  log,
  config,
  notifier,
  jobLock,
}: WeatherModuleDeps): Promise<Module<WeatherApi>> {
  const weather = createWeatherService({
    db,
    log,
    notifier,
    jobLock,
    repo: createWeatherRepo(),
    refreshMs: config.weather.refreshMs,
    ...configuredWeatherAdapters(config.weather, log),
  });
  const places = createPlaceSearch();
  const routes: Routes = async (app) => {
    await app.register(weatherRoutes, { prefix: '/api/weathers', weather });
    await app.register(placesRoutes, { prefix: '/api/weathers', places });
  };
  const lifecycle: Lifecycle = {
    start: weather.start,
    // Stops the scheduled refresh and waits for it: it uses the database, which closes after the jobs.
    stop: weather.close,
  };
  const api: WeatherApi = {
    forecast: weather.forecast,
    location: weather.location,
    resolveLocation: weather.resolveLocation,
  };
  return { api, routes, lifecycle };
}
