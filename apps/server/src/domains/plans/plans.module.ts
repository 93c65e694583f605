import type { Module, ModuleDeps, Routes } from '../../lib/modules.js';
import type { ClothesApi } from '../clothes/index.js';
import type { RecommendationsApi } from '../recommendations/index.js';
import type { WeatherApi } from '../weather/index.js';
import { createPlansRepo } from './plans.repo.js';
import { plansRoutes } from './plans.routes.js';
import { createPlansService } from './plans.service.js';

export interface PlansModuleDeps extends ModuleDeps {
  clothes: Pick<ClothesApi, 'attributesOf'>;
  recommendations: Pick<RecommendationsApi, 'dresserFor'>;
  weather: Pick<WeatherApi, 'forecast'>;
}

/** What other domains use of the plans. */
export interface PlansApi {
  /** The pieces planned for a user's date, by name, or null (the morning outfit, docs/api.md §10). */
  plannedNames(userId: string, date: string): Promise<string[] | null>;
}

/** '이번 주 코디' (docs/api.md §10) under `/api/plans`: plans for the days ahead. */
export async function createPlansModule({
  db,
  clothes,
  recommendations,
  weather,
}: PlansModuleDeps): Promise<Module<PlansApi>> {
  const plans = createPlansService({
    db,
    repo: createPlansRepo(),
    dresserFor: recommendations.dresserFor,
    forecast: weather.forecast,
    clothesAttributesOf: clothes.attributesOf,
  });
  const routes: Routes = async (app) => {
    await app.register(plansRoutes, { prefix: '/api/plans', plans });
  };
  return { api: { plannedNames: plans.plannedNames }, routes, lifecycle: {} };
}
