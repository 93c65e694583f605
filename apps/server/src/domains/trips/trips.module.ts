import type { ModuleDeps, Routes } from '../../lib/modules.js';
import type { Dresser } from '../recommendations/index.js';
import type { WeatherService } from '../weather/index.js';
import { createTripsRepo } from './trips.repo.js';
import { tripsRoutes } from './trips.routes.js';
import { createTripsService } from './trips.service.js';

export interface TripsModuleDeps extends ModuleDeps {
  /** The recommender's outfits for days ahead (one read of the user's closet for every day). */
  dresserFor: (userId: string) => Promise<Dresser>;
  weather: Pick<WeatherService, 'forecast' | 'location'>;
}

/** Trips and packing lists ('여행 짐 싸기', docs/api.md §10). */
export function createTripsModule(deps: TripsModuleDeps) {
  const trips = createTripsService({ ...deps, repo: createTripsRepo() });
  const routes: Routes = async (app) => {
    await app.register(tripsRoutes, { trips });
  };
  return { trips, routes };
}
