import type { Config } from '../../config.js';
import type { JobLock } from '../../lib/job-lock.js';
import type { Lifecycle, ModuleDeps, Routes } from '../../lib/modules.js';
import type { Notifier } from '../notifications/index.js';
import { createPlaceSearch } from './place-search.js';
import { placesRoutes } from './places.routes.js';
import { weatherRoutes } from './weather.routes.js';
import { createWeatherService } from './weather.service.js';

export interface WeatherModuleDeps extends ModuleDeps {
  config: Config;
  notifier: Notifier;
  /** The scheduled refresh runs on one instance at a time. */
  jobLock: JobLock;
}

/** Forecasts by place (stored per grid cell, refreshed on a schedule), and places by name. */
export function createWeatherModule(deps: WeatherModuleDeps) {
  const weather = createWeatherService(deps);
  const places = createPlaceSearch();
  /** Everything under `/api/weathers`; `/locations` finds places by name in the embedded region table. */
  const routes: Routes = async (app) => {
    await app.register(weatherRoutes, { weather });
    await app.register(placesRoutes, { places });
  };
  const lifecycle: Lifecycle = {
    start: weather.start,
    // Stops the scheduled refresh and waits for it: it uses the database, which closes after the jobs.
    stop: weather.close,
  };
  return { weather, routes, lifecycle };
}
