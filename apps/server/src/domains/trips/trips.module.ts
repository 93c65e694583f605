import type { Module, ModuleDeps, Routes } from '../../lib/modules.js';
import type { RecommendationsApi } from '../recommendations/index.js';
import type { WeatherApi } from '../weather/index.js';
import { createTripsRepo } from './trips.repo.js';
import { tripsRoutes } from './trips.routes.js';
import { createTripsService } from './trips.service.js';

export interface TripsModuleDeps extends ModuleDeps {
  /** The recommender's outfits for days ahead (one read of the user's closet for every day). */
  recommendations: Pick<RecommendationsApi, 'dresserFor'>;
  weather: Pick<WeatherApi, 'forecast' | 'location'>;
}

/** Trips and packing lists ('여행 짐 싸기', docs/api.md §10) under `/api/trips`. */
export async function createTripsModule({
  db,
  log,
  recommendations,
  weather,
}: TripsModuleDeps): Promise<Module<Record<string, never>>> {
  const trips = createTripsService({
    db,
    log,
    dresserFor: recommendations.dresserFor,
    weather,
    repo: createTripsRepo(),
  });
  const routes: Routes = async (app) => {
    await app.register(tripsRoutes, { prefix: '/api/trips', trips });
  };
  return { api: {}, routes, lifecycle: {} };
}
